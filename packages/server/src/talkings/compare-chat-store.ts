import { type ChatMessageStatus, type ChatUserContent, MSG_CHAT_MESSAGE_NOT_FOUND, textOfContent } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import type { RelayOutcome } from '../relay/relay.service';
import { PoolDb } from '../database/pool-db';
import { ChatMessageEntity } from './chat-message.entity';

/** Where a new row sits among its conversation's rows (@gw/shared chat.ts: rounds). */
export interface NewRowPlace {
  /** The round it answers; null starts a round of its own. */
  roundId: number | null;
  /** The row whose query it answers; null: its own query (a new round or an edit). */
  queryId: number | null;
  lastId: number | null;
  lastEditId: number | null;
}

/** What a stream produced, as captured on its way to the client (chat-capture.ts). */
export interface CapturedAnswer {
  answer: string;
  thinking: string;
  /** Set when the upstream broke the stream mid-answer. */
  streamError: string;
}

/** What completing a row sets besides its answer and thinking. */
type CompletionFields = Pick<Partial<ChatMessageEntity>, 'error' | 'quota' | 'prompt_tokens' | 'completion_tokens' | 'first_token_ms' | 'duration_ms' | 'request_id'> & {
  status: ChatMessageStatus;
};

/** The bigint columns of chat_messages, which the driver returns as strings. */
const BIGINT_COLUMNS = ['id', 'last_id', 'last_edit_id', 'round_id', 'query_id', 'quota', 'created_at', 'updated_at'] as const;

/** A chat_messages row as the driver returns it, typed like the entity (its bigint transformer). */
function messageOfRaw(raw: Record<string, unknown>): ChatMessageEntity {
  const row = { ...raw } as Record<string, unknown>;
  for (const column of BIGINT_COLUMNS) if (row[column] !== null && row[column] !== undefined) row[column] = Number(row[column]);
  return row as unknown as ChatMessageEntity;
}

/**
 * The compare chat's message rows: created streaming before the relay is called, completed when
 * the relay settles or fails, cut when the user stops them. A stop locks the row; a completion
 * either matches only an unstopped streaming row (PostgreSQL re-checks that after waiting on the
 * stop's lock) or locks the row itself, so a stop and the settlement, in either order, leave the
 * answer cut exactly where the user stopped.
 */
@Injectable()
export class CompareChatStore {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly pool: PoolDb,
  ) {}

  /** A row of the conversation (a regenerate's or an edit's source). */
  rowOf(conversationId: number, id: number): Promise<ChatMessageEntity | null> {
    return this.db.getRepository(ChatMessageEntity).findOneBy({ id, conversation_id: conversationId });
  }

  /** The user's row; another user's answers like a missing one. */
  async owned(userId: number, id: number): Promise<ChatMessageEntity> {
    const row = await this.db.getRepository(ChatMessageEntity).findOneBy({ id, user_id: userId });
    if (!row) throw new BusinessError(MSG_CHAT_MESSAGE_NOT_FOUND);
    return row;
  }

  /** A new streaming row, in one statement: its id is drawn first so that a new round or query can name it. */
  async insert(conversation: { id: number; user_id: number; model_name: string }, message: ChatUserContent, place: NewRowPlace): Promise<number> {
    const now = nowSeconds();
    const rows = await this.pool.query<{ id: string }>(
      `WITH drawn AS (SELECT nextval(pg_get_serial_sequence('chat_messages', 'id')) AS id)
       INSERT INTO chat_messages (id, conversation_id, user_id, model_name, query, message, last_id, last_edit_id, round_id, query_id, status, created_at, updated_at)
       SELECT drawn.id, $1, $2, $3, $4, $5::jsonb, $6, $7, COALESCE($8, drawn.id), COALESCE($9, drawn.id), 'streaming', $10, $10 FROM drawn
       RETURNING id`,
      [conversation.id, conversation.user_id, conversation.model_name, textOfContent(message), JSON.stringify(message), place.lastId, place.lastEditId, place.roundId, place.queryId, now],
    );
    return Number(rows[0].id);
  }

  /** The answer of a settled request, with what it cost; returns the row as stored. */
  settle(id: number, captured: CapturedAnswer, outcome: RelayOutcome): Promise<ChatMessageEntity | null> {
    return this.complete(id, captured, (stopped) => ({
      status: captured.streamError ? 'error' : stopped || outcome.clientGone ? 'stopped' : 'done',
      error: captured.streamError,
      quota: outcome.quota,
      prompt_tokens: outcome.usage.prompt_tokens,
      completion_tokens: outcome.usage.completion_tokens,
      first_token_ms: outcome.firstTokenMs,
      duration_ms: outcome.durationMs,
      request_id: outcome.requestId,
    }));
  }

  /** A request the relay refused or lost: nothing was charged. A row the user stopped meanwhile is stopped, not failed. */
  fail(id: number, captured: CapturedAnswer, message: string): Promise<ChatMessageEntity | null> {
    return this.complete(id, captured, (stopped) => (stopped ? { status: 'stopped' } : { status: 'error', error: message }));
  }

  /**
   * The user stopped the answer after `stopIndex` characters. A row still streaming is cut when it
   * settles; a finished one is cut now.
   */
  async stop(userId: number, id: number, stopIndex: number): Promise<ChatMessageEntity> {
    return this.db.transaction(async (manager) => {
      const row = await this.locked(manager, id, userId);
      if (!row) throw new BusinessError(MSG_CHAT_MESSAGE_NOT_FOUND);
      const changes: Partial<ChatMessageEntity> = { stop_index: stopIndex, updated_at: nowSeconds() };
      if (row.status !== 'streaming') {
        changes.answer = row.answer.slice(0, stopIndex);
        // A failed answer stays failed: its error says why it ended.
        if (row.status !== 'error') changes.status = 'stopped';
      }
      await manager.update(ChatMessageEntity, { id }, changes);
      return { ...row, ...changes };
    });
  }

  /**
   * Stores how a streaming row ended (`fields(stopped)`: stopped = the user stopped it meanwhile).
   * The common case — still streaming, not stopped — is one statement (completeUnstopped); a row
   * the user stopped, or one no longer streaming, takes the locking transaction that cuts the
   * answer where the user stopped.
   */
  private async complete(id: number, captured: CapturedAnswer, fields: (stopped: boolean) => CompletionFields): Promise<ChatMessageEntity | null> {
    const done = await this.completeUnstopped(id, { answer: captured.answer, thinking: captured.thinking, ...fields(false) });
    if (done) return done;
    return this.db.transaction(async (manager) => {
      const row = await this.locked(manager, id);
      if (!row || row.status !== 'streaming') return row;
      const now = nowSeconds();
      const answer = row.stop_index !== null ? captured.answer.slice(0, row.stop_index) : captured.answer;
      const changes: Partial<ChatMessageEntity> = { answer, thinking: captured.thinking, ...fields(row.stop_index !== null), updated_at: now };
      await manager.update(ChatMessageEntity, { id }, changes);
      await manager.query(`UPDATE conversations SET dialogue_count = dialogue_count + 1, updated_at = $2 WHERE id = $1`, [row.conversation_id, now]);
      await manager.query(`UPDATE talkings SET updated_at = $2 WHERE id = (SELECT talking_id FROM conversations WHERE id = $1)`, [row.conversation_id, now]);
      return { ...row, ...changes };
    });
  }

  /**
   * Completes a row still streaming and not stopped, counts it in its conversation and touches its
   * talking, in one statement; null when no row matched. A stop holding the row's lock makes the
   * UPDATE wait, and PostgreSQL re-checks its WHERE on the row as the stop left it (READ
   * COMMITTED), so a stopped row never matches here and is cut by the transaction instead.
   */
  private async completeUnstopped(id: number, changes: CompletionFields & { answer: string; thinking: string }): Promise<ChatMessageEntity | null> {
    const now = nowSeconds();
    // The column names come from CompletionFields (this file), never from a caller's input.
    const entries = Object.entries({ ...changes, updated_at: now }).filter(([, value]) => value !== undefined);
    const set = entries.map(([column], index) => `${column} = $${index + 2}`).join(', ');
    const nowParam = entries.findIndex(([column]) => column === 'updated_at') + 2;
    const rows: Array<Record<string, unknown>> = await this.pool.query(
      `WITH m AS (UPDATE chat_messages SET ${set} WHERE id = $1 AND status = 'streaming' AND stop_index IS NULL RETURNING *),
            c AS (UPDATE conversations SET dialogue_count = dialogue_count + 1, updated_at = $${nowParam} FROM m WHERE conversations.id = m.conversation_id RETURNING conversations.talking_id),
            t AS (UPDATE talkings SET updated_at = $${nowParam} FROM c WHERE talkings.id = c.talking_id)
       SELECT * FROM m`,
      [id, ...entries.map(([, value]) => value)],
    );
    return rows[0] ? messageOfRaw(rows[0]) : null;
  }

  private locked(manager: EntityManager, id: number, userId?: number): Promise<ChatMessageEntity | null> {
    return manager.findOne(ChatMessageEntity, { where: userId === undefined ? { id } : { id, user_id: userId }, lock: { mode: 'pessimistic_write' } });
  }
}
