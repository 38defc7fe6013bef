import { type ChatMessageView, MSG_CHAT_MESSAGE_NOT_FOUND } from '@gw/shared';
import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { Reply } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import type { UserEntity } from '../users/user.entity';
import { ok } from './chat-reply';
import { CompareChatService } from './compare-chat.service';
import { CompareChatDto, StopMessageDto } from './dto/compare-chat.dto';

/**
 * The compare chat's answers: POST /v1/chat/completions with the console's session and the
 * New-Api-User header and no key. The relay's front door hands exactly those calls to Express
 * (relay-front-door.ts); calls with a key never reach this controller.
 */
@Controller()
@Access('user')
export class CompareChatController {
  constructor(private readonly chat: CompareChatService) {}

  @Post('v1/chat/completions')
  answer(@CurrentUser() user: UserEntity, @Body() dto: CompareChatDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    return this.chat.chat(user, dto, request, response);
  }
}

/**
 * A message's own calls, under the conversation paths of the chat pages (spec 3 §8). Registered
 * before the conversation controller: "message/:id" and "stop_message" are never read as a
 * conversation id.
 */
@Controller('relay/v1/conversation')
@Access('user')
export class ChatMessageController {
  constructor(private readonly chat: CompareChatService) {}

  @Post('stop_message')
  @HttpCode(200)
  async stop(@CurrentUser() user: UserEntity, @Body() dto: StopMessageDto): Promise<Reply<ChatMessageView>> {
    return ok(await this.chat.stop(user.id, dto.message_id, dto.stop_index));
  }

  @Get('message/:id')
  async message(@CurrentUser() user: UserEntity, @Param('id', new IdPipe(MSG_CHAT_MESSAGE_NOT_FOUND)) id: number): Promise<Reply<ChatMessageView>> {
    return ok(await this.chat.message(user.id, id));
  }
}
