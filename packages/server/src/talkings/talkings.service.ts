import { type ArenaVoteView, CHAT_HISTORY_PAGE_SIZE, type ChatPage, MSG_TALKING_NOT_FOUND, type TalkingDetail, type TalkingMode, type TalkingView } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { ChatMessageEntity } from './chat-message.entity';
import { ConversationEntity } from './conversation.entity';
import { buildTalkingExport, type TalkingExport } from './talking-export';
import { TalkingEntity } from './talking.entity';
import { toConversationView, toMessageView, toTalkingView } from './talking.view';
import { blindOf } from './arena-blinding';
import { numberedPage, requestedNumberedPage } from '../common/paging';

/** A user's compare chats (spec 3 §3 Talking): the history list, creation, rename and removal. */
@Injectable()
export class TalkingsService {
  constructor(
    @InjectRepository(TalkingEntity) private readonly talkings: Repository<TalkingEntity>,
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
    @InjectRepository(ChatMessageEntity) private readonly messages: Repository<ChatMessageEntity>,
  ) {}

  /** The user's talking; another user's answers exactly like a missing one. */
  async owned(userId: number, id: number): Promise<TalkingEntity> {
    const talking = await this.talkings.findOneBy({ id, user_id: userId });
    if (!talking) throw new BusinessError(MSG_TALKING_NOT_FOUND);
    return talking;
  }

  /** Newest activity first (a message or a rename moves a talking up). */
  async list(userId: number, query: { page?: number; page_size?: number }): Promise<ChatPage<TalkingView>> {
    const wanted = requestedNumberedPage(query, CHAT_HISTORY_PAGE_SIZE);
    const found = await this.talkings.findAndCount({ where: { user_id: userId }, order: { updated_at: 'DESC', id: 'DESC' }, skip: wanted.skip, take: wanted.take });
    return numberedPage(found, wanted, toTalkingView);
  }

  async create(userId: number, fields: { name: string; summary?: string; mode?: TalkingMode; category?: string }): Promise<TalkingView> {
    const now = nowSeconds();
    const { name, summary = '', mode = 'chat', category = '' } = fields;
    const row = await this.talkings.save(this.talkings.create({ user_id: userId, name, summary, mode, category, created_at: now, updated_at: now }));
    return toTalkingView(row);
  }

  async detail(userId: number, id: number): Promise<TalkingDetail> {
    const talking = await this.owned(userId, id);
    const conversations = await this.conversations.find({ where: { talking_id: id, user_id: userId }, order: { id: 'ASC' } });
    const detail: TalkingDetail = { talking: toTalkingView(talking), conversations: conversations.map(toConversationView) };
    if (talking.mode === 'arena') detail.arena_vote = talking.revealed_at === null ? null : await this.arenaVote(id);
    return detail;
  }

  /** The vote of a revealed battle, so that a battle opened again still says who won. */
  private async arenaVote(talkingId: number): Promise<ArenaVoteView | null> {
    const [vote]: Array<{ id: number; round_id: string; winner: string; models: Array<{ label: string; model: string }>; created_at: string }> = await this.talkings.manager.query(
      'SELECT id, round_id, winner, models, created_at FROM arena_votes WHERE talking_id = $1 ORDER BY id LIMIT 1',
      [talkingId],
    );
    if (!vote) return null;
    return {
      id: vote.id,
      talking_id: talkingId,
      round_id: Number(vote.round_id),
      winner: vote.winner as ArenaVoteView['winner'],
      winner_model: vote.models.find((place) => place.label === vote.winner)?.model ?? '',
      created_at: Number(vote.created_at),
    };
  }

  async rename(userId: number, id: number, name: string): Promise<TalkingView> {
    const talking = await this.owned(userId, id);
    talking.name = name;
    talking.updated_at = nowSeconds();
    return toTalkingView(await this.talkings.save(talking));
  }

  /** The database cascades to conversations and messages; chat uploads stay the user's. */
  async remove(userId: number, id: number): Promise<void> {
    const result = await this.talkings.delete({ id, user_id: userId });
    if (!result.affected) throw new BusinessError(MSG_TALKING_NOT_FOUND);
  }

  /** Everything an export shows: the talking, its columns and all their rows (a battle not yet voted names its places, not its models). */
  async exportData(userId: number, id: number): Promise<TalkingExport> {
    const talking = await this.owned(userId, id);
    const conversations = await this.conversations.find({ where: { talking_id: id, user_id: userId }, order: { id: 'ASC' } });
    const blinds = new Map(conversations.map((conversation) => [conversation.id, blindOf(conversation)]));
    const ids = conversations.map((conversation) => conversation.id);
    const rows = ids.length === 0 ? [] : await this.messages.find({ where: { conversation_id: In(ids), user_id: userId }, order: { id: 'ASC' } });
    return buildTalkingExport(
      toTalkingView(talking),
      conversations.map(toConversationView),
      rows.map((row) => toMessageView(row, blinds.get(row.conversation_id))),
    );
  }
}
