import { type ChatModelView, type ConversationHistory, type ConversationView, MSG_CHAT_DELETED, MSG_CHAT_MODEL_SWITCHED, MSG_CONVERSATION_NOT_FOUND } from '@gw/shared';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { Reply } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import type { UserEntity } from '../users/user.entity';
import { ok } from './chat-reply';
import { ConversationsService } from './conversations.service';
import { ConversationHistoryQuery, ListConversationsQuery, type NewConversationList, SwitchModelDto } from './dto/conversation.dto';
import { ConversationListPipe } from './dto/conversation-list.pipe';

const ConversationId = () => Param('id', new IdPipe(MSG_CONVERSATION_NOT_FOUND));

/**
 * A talking's model columns (spec 3 §8 Chat). The fixed paths come before `:id`. The message
 * calls under /relay/v1/conversation/ (stop_message, message/:id) live with the chat stream.
 */
@Controller('relay/v1/conversation')
@Access('user')
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  /** Models the user has chatted with, most recent first (the landing page's usage history). */
  @Get('history_msg_model')
  async historyModels(@CurrentUser() user: UserEntity): Promise<Reply<ChatModelView[]>> {
    return ok(await this.conversations.historyModels(user));
  }

  @Get()
  async list(@CurrentUser() user: UserEntity, @Query() query: ListConversationsQuery): Promise<Reply<ConversationView[]>> {
    return ok(await this.conversations.listOfTalking(user.id, query.talking_id));
  }

  /**
   * The body is typed by an interface, so its design type is Object and Nest's global pipe leaves it
   * to ConversationListPipe (a class, even imported as a type, is emitted as Function by tsc and
   * would be validated as a class).
   */
  @Post()
  @HttpCode(200)
  async create(@CurrentUser() user: UserEntity, @Body(ConversationListPipe) body: NewConversationList): Promise<Reply<ConversationView[]>> {
    return ok(await this.conversations.create(user, body.list));
  }

  @Get(':id')
  async history(@CurrentUser() user: UserEntity, @ConversationId() id: number, @Query() query: ConversationHistoryQuery): Promise<Reply<ConversationHistory>> {
    return ok(await this.conversations.history(user.id, id, query.limit, query.updated_time));
  }

  @Put(':id')
  async switchModel(@CurrentUser() user: UserEntity, @ConversationId() id: number, @Body() dto: SwitchModelDto): Promise<Reply<ConversationView>> {
    return ok(await this.conversations.switchModel(user, id, dto.model_name), MSG_CHAT_MODEL_SWITCHED);
  }

  @Delete(':id/permanent')
  async remove(@CurrentUser() user: UserEntity, @ConversationId() id: number): Promise<Reply<boolean>> {
    await this.conversations.remove(user.id, id);
    return ok(true, MSG_CHAT_DELETED);
  }
}
