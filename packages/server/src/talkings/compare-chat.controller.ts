import { type ChatMessageView, MSG_CHAT_MESSAGE_NOT_FOUND } from '@gw/shared';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { Reply } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import type { UserEntity } from '../users/user.entity';
import { ok } from './chat-reply';
import { CompareChatService } from './compare-chat.service';
import { StopMessageDto } from './dto/compare-chat.dto';

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
