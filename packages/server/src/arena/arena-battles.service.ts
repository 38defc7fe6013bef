import { randomInt } from 'node:crypto';
import {
  ARENA_LABELS,
  ARENA_MAX_MODELS,
  ARENA_MIN_MODELS,
  type ArenaDraw,
  type ArenaVoteView,
  type ConversationView,
  MSG_ARENA_ALREADY_STARTED,
  MSG_ARENA_MODEL_COUNT,
  MSG_ARENA_MODEL_TWICE,
  MSG_ARENA_NOT_ARENA,
  MSG_ARENA_NOT_ENOUGH_MODELS,
  MSG_ARENA_REVEALED,
  MSG_ARENA_WINNER_INVALID,
  MSG_CHAT_MODEL_UNAVAILABLE,
  MSG_TALKING_NOT_FOUND,
} from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import { ModelCatalogService } from '../channels/model-catalog.service';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { ChatMessageEntity } from '../talkings/chat-message.entity';
import { ConversationEntity } from '../talkings/conversation.entity';
import { TalkingEntity } from '../talkings/talking.entity';
import { toConversationView } from '../talkings/talking.view';
import type { UserEntity } from '../users/user.entity';
import { ArenaLeaderboardService } from './arena-leaderboard.service';
import { votedRound } from './arena-round';
import { ArenaVoteEntity } from './arena-vote.entity';
import { namesAModel } from './self-identification';

/** Fisher–Yates with the CSPRNG: every order equally likely, so no place favours a model. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [out[index], out[other]] = [out[other], out[index]];
  }
  return out;
}

/**
 * Arena battles (issue 33): opening a battle's hidden conversations, and the vote that reveals
 * them. The talking row is locked for both, so a battle is opened once and voted once.
 */
@Injectable()
export class ArenaBattlesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: ModelCatalogService,
    private readonly leaderboard: ArenaLeaderboardService,
  ) {}

  /**
   * Opens the battle's conversations: the models chosen, or `count` drawn at random from those the
   * user's group may use ("随机对战"), in a random order, named A, B, C. The reply names only places.
   */
  async open(user: UserEntity, talkingId: number, chosen: string[] | undefined, count: number | undefined): Promise<ConversationView[]> {
    // Whose talking it is comes first: another user's answers like a missing one, whatever the models.
    await this.lockedArena(this.dataSource.manager, user.id, talkingId, false);
    const usable = (await this.catalog.usableModels(user.group)).map((model) => model.id);
    let models: string[];
    if (chosen) {
      if (chosen.length < ARENA_MIN_MODELS || chosen.length > ARENA_MAX_MODELS) throw new BusinessError(MSG_ARENA_MODEL_COUNT);
      if (new Set(chosen).size !== chosen.length) throw new BusinessError(MSG_ARENA_MODEL_TWICE);
      for (const model of chosen) if (!usable.includes(model)) throw new BusinessError(MSG_CHAT_MODEL_UNAVAILABLE(model));
      models = chosen;
    } else {
      const wanted = count ?? ARENA_MIN_MODELS;
      if (wanted < ARENA_MIN_MODELS || wanted > ARENA_MAX_MODELS) throw new BusinessError(MSG_ARENA_MODEL_COUNT);
      if (usable.length < wanted) throw new BusinessError(MSG_ARENA_NOT_ENOUGH_MODELS);
      models = shuffled(usable).slice(0, wanted);
    }
    const order = shuffled(models);
    return this.dataSource.transaction(async (manager) => {
      const talking = await this.lockedArena(manager, user.id, talkingId);
      if (await manager.existsBy(ConversationEntity, { talking_id: talking.id })) throw new BusinessError(MSG_ARENA_ALREADY_STARTED);
      const now = nowSeconds();
      const rows = order.map((model, place) =>
        manager.create(ConversationEntity, { talking_id: talking.id, user_id: user.id, model_name: model, arena_label: ARENA_LABELS[place], arena_hidden: true, created_at: now, updated_at: now }),
      );
      return (await manager.save(rows)).map(toConversationView);
    });
  }

  /**
   * Votes on one round of a battle still blind: `winner` is one of its conversations, 'tie' or
   * 'both_bad'. The round's models are revealed, and with them the talking's; the leaderboards
   * that count the vote are recomputed by a job.
   */
  async vote(user: UserEntity, talkingId: number, roundId: number, winner: number | ArenaDraw): Promise<{ vote: ArenaVoteView; conversations: ConversationView[] }> {
    const { vote, conversations } = await this.dataSource.transaction(async (manager) => {
      const talking = await this.lockedArena(manager, user.id, talkingId);
      if (talking.revealed_at !== null) throw new BusinessError(MSG_ARENA_REVEALED);
      const conversations = await manager.find(ConversationEntity, { where: { talking_id: talking.id }, order: { arena_label: 'ASC' } });
      const won = typeof winner === 'number' ? conversations.find((conversation) => conversation.id === winner) : undefined;
      if (typeof winner === 'number' && !won) throw new BusinessError(MSG_ARENA_WINNER_INVALID);
      const rows = conversations.length === 0 ? [] : await manager.find(ChatMessageEntity, { where: { conversation_id: In(conversations.map((conversation) => conversation.id)) }, order: { id: 'ASC' } });
      const places = votedRound(conversations, rows, roundId, nowSeconds());
      const answers = rows.filter((row) => places.some((place) => place.message_id === row.id)).map((row) => row.answer);
      const now = nowSeconds();
      const vote = await manager.save(
        manager.create(ArenaVoteEntity, {
          user_id: user.id,
          talking_id: talking.id,
          round_id: roundId,
          winner: won ? won.arena_label : (winner as ArenaDraw),
          category: talking.category,
          models: places,
          self_identified: answers.some((answer) => namesAModel(answer, places.map((place) => place.model))),
          created_at: now,
        }),
      );
      await manager.update(TalkingEntity, { id: talking.id }, { revealed_at: now, updated_at: now });
      await manager.update(ConversationEntity, { talking_id: talking.id }, { arena_hidden: false });
      await this.leaderboard.markStale(manager, user.id, talking.category);
      const revealed = await manager.find(ConversationEntity, { where: { talking_id: talking.id }, order: { arena_label: 'ASC' } });
      return { vote, conversations: revealed.map(toConversationView) };
    });
    await this.leaderboard.recomputeSoon();
    return {
      vote: { id: vote.id, talking_id: talkingId, round_id: roundId, winner: vote.winner as ArenaVoteView['winner'], winner_model: winnerModel(vote, conversations), created_at: vote.created_at },
      conversations,
    };
  }

  /** The user's arena talking, locked (in a transaction); another user's answers like a missing one. */
  private async lockedArena(manager: EntityManager, userId: number, talkingId: number, lock = true): Promise<TalkingEntity> {
    const talking = await manager.findOne(TalkingEntity, { where: { id: talkingId, user_id: userId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!talking) throw new BusinessError(MSG_TALKING_NOT_FOUND);
    if (talking.mode !== 'arena') throw new BusinessError(MSG_ARENA_NOT_ARENA);
    return talking;
  }
}

/** The model of the winning place, '' for a draw. */
const winnerModel = (vote: ArenaVoteEntity, conversations: ConversationView[]): string =>
  conversations.find((conversation) => conversation.arena_label === vote.winner)?.model_name ?? '';
