import {
  CHAT_MAX_MODELS,
  MSG_ARENA_LOCKED,
  type ChatModelView,
  CONVERSATION_HISTORY_LIMIT,
  type ConversationHistory,
  type ConversationView,
  MSG_CHAT_MODEL_DUPLICATE,
  MSG_CHAT_MODEL_UNAVAILABLE,
  MSG_CHAT_NO_MULTIMODAL_TO_TEXT,
  MSG_CHAT_TOO_MANY_MODELS,
  MSG_CONVERSATION_NOT_FOUND,
  MSG_TALKING_NOT_FOUND,
} from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import { ModelCatalogService } from '../channels/model-catalog.service';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import type { UserEntity } from '../users/user.entity';
import { conversationHistoryPage } from './conversation-history';
import { ConversationEntity } from './conversation.entity';
import type { NewConversationDto } from './dto/conversation.dto';
import { TalkingEntity } from './talking.entity';
import { TalkingsService } from './talkings.service';
import { toConversationView } from './talking.view';
import { blindOf } from './arena-blinding';

/** The model columns of a user's talkings (spec 3 §3 Conversation per model) and their history. */
@Injectable()
export class ConversationsService {
  constructor(
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly talkings: TalkingsService,
    private readonly catalog: ModelCatalogService,
  ) {}

  /** The user's conversation; another user's answers exactly like a missing one. */
  async owned(userId: number, id: number): Promise<ConversationEntity> {
    const conversation = await this.conversations.findOneBy({ id, user_id: userId });
    if (!conversation) throw new BusinessError(MSG_CONVERSATION_NOT_FOUND);
    return conversation;
  }

  async listOfTalking(userId: number, talkingId: number): Promise<ConversationView[]> {
    await this.talkings.owned(userId, talkingId);
    const rows = await this.conversations.find({ where: { talking_id: talkingId, user_id: userId }, order: { id: 'ASC' } });
    return rows.map(toConversationView);
  }

  /**
   * Opens model columns. Each talking is locked while its columns are counted, so two calls at
   * once cannot pass CHAT_MAX_MODELS or open the same model twice.
   */
  async create(user: UserEntity, items: NewConversationDto[]): Promise<ConversationView[]> {
    const usable = await this.usableByName(user);
    for (const item of items) if (!usable.has(item.model_name)) throw new BusinessError(MSG_CHAT_MODEL_UNAVAILABLE(item.model_name));
    return this.dataSource.transaction(async (manager) => {
      const created: ConversationView[] = [];
      for (const talkingId of [...new Set(items.map((item) => item.talking_id))]) {
        const talking = await this.lockTalking(manager, user.id, talkingId);
        // A battle's conversations are opened together, shuffled and hidden (ArenaBattlesService).
        if (talking.mode === 'arena') throw new BusinessError(MSG_ARENA_LOCKED);
        const models = (await manager.find(ConversationEntity, { where: { talking_id: talkingId }, select: { model_name: true } })).map((row) => row.model_name);
        for (const item of items.filter((each) => each.talking_id === talkingId)) {
          if (models.includes(item.model_name)) throw new BusinessError(MSG_CHAT_MODEL_DUPLICATE(item.model_name));
          if (models.length >= CHAT_MAX_MODELS) throw new BusinessError(MSG_CHAT_TOO_MANY_MODELS);
          models.push(item.model_name);
          const now = nowSeconds();
          const row = await manager.save(manager.create(ConversationEntity, { talking_id: talkingId, user_id: user.id, model_name: item.model_name, created_at: now, updated_at: now }));
          created.push(toConversationView(row));
        }
      }
      return created;
    });
  }

  /**
   * Switches a column's model (spec 3 §2.10): the new model must be usable and not already in the
   * talking, and an image-reading model may not give way to a text-only one (the column's history
   * may hold images the new model could not read).
   */
  async switchModel(user: UserEntity, id: number, modelName: string): Promise<ConversationView> {
    const usable = await this.usableByName(user);
    const next = usable.get(modelName);
    if (!next) throw new BusinessError(MSG_CHAT_MODEL_UNAVAILABLE(modelName));
    return this.dataSource.transaction(async (manager) => {
      const conversation = await manager.findOneBy(ConversationEntity, { id, user_id: user.id });
      if (!conversation) throw new BusinessError(MSG_CONVERSATION_NOT_FOUND);
      if (conversation.arena_label !== '') throw new BusinessError(MSG_ARENA_LOCKED);
      if (conversation.model_name === modelName) return toConversationView(conversation);
      await this.lockTalking(manager, user.id, conversation.talking_id);
      if (usable.get(conversation.model_name)?.is_viewable && !next.is_viewable) throw new BusinessError(MSG_CHAT_NO_MULTIMODAL_TO_TEXT);
      const taken = await manager.existsBy(ConversationEntity, { talking_id: conversation.talking_id, model_name: modelName });
      if (taken) throw new BusinessError(MSG_CHAT_MODEL_DUPLICATE(modelName));
      conversation.model_name = modelName;
      conversation.updated_at = nowSeconds();
      return toConversationView(await manager.save(conversation));
    });
  }

  /** Removes the column with its messages (the database cascades); a battle keeps all its places. */
  async remove(userId: number, id: number): Promise<void> {
    if ((await this.owned(userId, id)).arena_label !== '') throw new BusinessError(MSG_ARENA_LOCKED);
    const result = await this.conversations.delete({ id, user_id: userId, arena_label: '' });
    if (!result.affected) throw new BusinessError(MSG_CONVERSATION_NOT_FOUND);
  }

  async history(userId: number, id: number, limit = CONVERSATION_HISTORY_LIMIT, before?: number): Promise<ConversationHistory> {
    const conversation = await this.owned(userId, id);
    const page = await conversationHistoryPage(this.dataSource.manager, id, limit, before, blindOf(conversation));
    return { conversation: toConversationView(conversation), ...page };
  }

  /**
   * The models of the user's conversations that hold at least one message, most recently used
   * first, as the group can still use them (a model gone from the catalogue is left out). A battle
   * not yet voted is left out too: the list would name its hidden models.
   */
  async historyModels(user: UserEntity): Promise<ChatModelView[]> {
    const used: Array<{ model_name: string }> = await this.dataSource.query(
      `SELECT c.model_name
         FROM conversations c JOIN chat_messages m ON m.conversation_id = c.id
        WHERE c.user_id = $1 AND NOT c.arena_hidden
        GROUP BY c.model_name
        ORDER BY max(m.id) DESC`,
      [user.id],
    );
    const usable = await this.usableByName(user);
    return used.flatMap(({ model_name }) => usable.get(model_name) ?? []);
  }

  private async usableByName(user: UserEntity): Promise<Map<string, ChatModelView>> {
    return new Map((await this.catalog.usableModels(user.group)).map((model) => [model.id, model]));
  }

  /** Locks the user's talking for the transaction; another user's answers like a missing one. */
  private async lockTalking(manager: EntityManager, userId: number, talkingId: number): Promise<TalkingEntity> {
    const talking = await manager.findOne(TalkingEntity, { where: { id: talkingId, user_id: userId }, lock: { mode: 'pessimistic_write' } });
    if (!talking) throw new BusinessError(MSG_TALKING_NOT_FOUND);
    return talking;
  }
}
