import { type ChatMessageStatus, type ChatUserContent, MSG_CHAT_MESSAGE_NOT_FOUND, textOfContent } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { InstanceLiveness } from '../relay/billing/instance-liveness.service';
import type { RelayOutcome } from '../relay/relay.service';
import { MicroBatch } from '../common/micro-batch';
import { PoolDb } from '../database/pool-db';
import { ChatMessageEntity } from './chat-message.entity';
import { MSG_ANSWER_INTERRUPTED } from './talking.view';
import { type Blind, blindOf } from './arena-blinding';

/** Where a new row sits among its conversation's rows (@gw/shared chat.ts: rounds). */
export interface NewRowPlace {
  /** The round it answers; null starts a round of its own. */
  roundId: number | null;
  /** The row whose query it answers; null: its own query (a new round or an edit). */
  queryId: number | null;
  lastId: number | null;
  lastEditId: number | null;
}

/** A row to write (insert): its id drawn beforehand, its conversation, the user's query and its place. */
export interface NewRow {
  id: number;
  conversationId: number;
  userId: number;
  modelName: string;
  message: ChatUserContent;
  place: NewRowPlace;
}

/** What a stream produced, as captured on its way to the client (chat-capture.ts). */
export interface CapturedAnswer {
  answer: string;
  thinking: string;
  /** Set when the upstream broke the stream mid-answer. */
  streamError: string;
}

/** What completing a row sets besides its answer and thinking. */
type CompletionFields = Pick<ChatMessageEntity, 'error' | 'quota' | 'prompt_tokens' | 'completion_tokens' | 'first_token_ms' | 'duration_ms' | 'request_id'> & {
  status: ChatMessageStatus;
};

/** A request that was refused or lost: nothing charged, nothing measured. */
const NOTHING_CHARGED = { quota: 0, prompt_tokens: 0, completion_tokens: 0, first_token_ms: 0, duration_ms: 0, request_id: '' } as const;

/**
 * Row writes of each kind (inserts, completions) under way at once on this instance: the writes
 * that come meanwhile go together in the next statement (group commit), so a burst of answers
 * costs a few statements rather than one per turn of the event loop (docs/performance.md, compare
 * chat), and two completions of this instance never lock the same conversations in two orders.
 */
const WRITES_RUNNING = { maxRunning: 1 } as const;

/** The bigint columns of chat_messages, which the driver returns as strings. */
const BIGINT_COLUMNS = ['id', 'last_id', 'last_edit_id', 'round_id', 'query_id', 'quota', 'created_at', 'updated_at'] as const;

/**
 * The statement's tail that counts the rows completed by its CTE `m` (which returns their
 * conversation_id) in their conversations and touches their talkings, at the time parameter `now`.
 */
const countCompleted = (now: string) =>
  `n AS (SELECT conversation_id, count(*)::int AS settled FROM m GROUP BY conversation_id),
            c AS (UPDATE conversations SET dialogue_count = dialogue_count + n.settled, updated_at = ${now} FROM n WHERE conversations.id = n.conversation_id RETURNING conversations.talking_id),
            t AS (UPDATE talkings SET updated_at = ${now} WHERE id IN (SELECT talking_id FROM c))`;

/** A chat_messages row as the driver returns it, typed like the entity (its bigint transformer). */
function messageOfRaw(raw: Record<string, unknown>): ChatMessageEntity {
  const row = { ...raw } as Record<string, unknown>;
  for (const column of BIGINT_COLUMNS) if (row[column] !== null && row[column] !== undefined) row[column] = Number(row[column]);
  return row as unknown as ChatMessageEntity;
}

/**
 * The compare chat's message rows: created streaming before the relay is called (under the
 * instance that streams them), completed when the relay settles or fails, cut when the user stops
 * them, ended as interrupted when their instance died. A stop locks the row; a completion
 * either matches only an unstopped streaming row (PostgreSQL re-checks that after waiting on the
 * stop's lock) or locks the row itself, so a stop and the settlement, in either order, leave the
 * answer cut exactly where the user stopped.
 */
@Injectable()
export class CompareChatStore {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly pool: PoolDb,
    private readonly liveness: InstanceLiveness,
  ) {}

  /** A row of the conversation (a regenerate's or an edit's source). */
  rowOf(conversationId: number, id: number): Promise<ChatMessageEntity | null> {
    return this.db.getRepository(ChatMessageEntity).findOneBy({ id, conversation_id: conversationId });
  }

  /** The user's row; another user's answers like a missing one. */
  async owned(userId: number, id: number): Promise<ChatMessageEntity> {
    await this.writing.get(id);
    const row = await this.db.getRepository(ChatMessageEntity).findOneBy({ id, user_id: userId });
    if (!row) throw new BusinessError(MSG_CHAT_MESSAGE_NOT_FOUND);
    return row;
  }

  /** What a view of the conversation's rows must hide: its model, while it is in a battle not yet voted (arena-blinding.ts). */
  async blindOf(conversationId: number): Promise<Blind | undefined> {
    const [row] = await this.pool.query<{ arena_label: string; arena_hidden: boolean; model_name: string }>(
      'SELECT arena_label, arena_hidden, model_name FROM conversations WHERE id = $1',
      [conversationId],
      'chat-blind',
    );
    return row ? blindOf(row) : undefined;
  }

  /**
   * Writes a new streaming row whose id was drawn beforehand (the conversation read draws it), so
   * that a new round or query can name itself; the rows of one turn go in one statement. A row whose
   * conversation is gone is not written (the returned promise says so). Until it is written, a stop
   * of that id on this instance waits for it (stop).
   */
  insert(row: NewRow): Promise<void> {
    const written = this.inserts.add(row).then((ok) => {
      if (!ok) throw new Error(`chat message ${row.id} not written: its conversation ${row.conversationId} is gone`);
    });
    // Ids come from the sequence: no other write of this id can be under way.
    const settled = written.then(
      () => undefined,
      () => undefined,
    );
    this.writing.set(row.id, settled);
    void settled.then(() => this.writing.delete(row.id));
    return written;
  }

  /** Rows being written on this instance, by id. */
  private readonly writing = new Map<number, Promise<void>>();

  /** Whether each row was written (its conversation still there). */
  private readonly inserts = new MicroBatch<NewRow, boolean>(async (rows) => {
    const now = nowSeconds();
    const written = await this.pool.query<{ id: string }>(
      `INSERT INTO chat_messages (id, conversation_id, user_id, model_name, query, message, last_id, last_edit_id, round_id, query_id, status, instance_id, created_at, updated_at)
       SELECT k.id, k.conversation_id, k.user_id, k.model_name, k.query, k.message::jsonb, k.last_id, k.last_edit_id, COALESCE(k.round_id, k.id), COALESCE(k.query_id, k.id), 'streaming', $12, $11, $11
         FROM unnest($1::bigint[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[])
              AS k(id, conversation_id, user_id, model_name, query, message, last_id, last_edit_id, round_id, query_id)
        WHERE EXISTS (SELECT 1 FROM conversations c WHERE c.id = k.conversation_id)
       RETURNING id`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.conversationId),
        rows.map((row) => row.userId),
        rows.map((row) => row.modelName),
        rows.map((row) => textOfContent(row.message)),
        rows.map((row) => JSON.stringify(row.message)),
        rows.map((row) => row.place.lastId),
        rows.map((row) => row.place.lastEditId),
        rows.map((row) => row.place.roundId),
        rows.map((row) => row.place.queryId),
        now,
        this.liveness.instanceId,
      ],
      'chat-insert',
    );
    const ids = new Set(written.map((row) => Number(row.id)));
    return rows.map((row) => ids.has(row.id));
  }, WRITES_RUNNING);

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

  /**
   * Completes rows still streaming and not stopped, counts them in their conversations (a
   * conversation may complete two rows at once) and touches their talkings: the completions of one
   * turn in one statement. A row that did not match gets null. A stop holding a row's lock makes
   * the UPDATE wait, and PostgreSQL re-checks its WHERE on the row as the stop left it (READ
   * COMMITTED), so a stopped row never matches here and is cut by completeLocked instead.
   */
  private readonly unstopped = new MicroBatch<CompletionFields & { id: number; answer: string; thinking: string }, ChatMessageEntity | null>(async (items) => {
    const now = nowSeconds();
    const rows: Array<Record<string, unknown>> = await this.pool.query(
      `WITH k AS (SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::int[], $8::int[], $9::int[], $10::int[], $11::text[])
                    AS k(id, answer, thinking, status, error, quota, prompt_tokens, completion_tokens, first_token_ms, duration_ms, request_id)),
            m AS (UPDATE chat_messages SET answer = k.answer, thinking = k.thinking, status = k.status, error = k.error, quota = k.quota,
                         prompt_tokens = k.prompt_tokens, completion_tokens = k.completion_tokens, first_token_ms = k.first_token_ms,
                         duration_ms = k.duration_ms, request_id = k.request_id, updated_at = $12
                    FROM k WHERE chat_messages.id = k.id AND chat_messages.status = 'streaming' AND chat_messages.stop_index IS NULL
                  RETURNING ${this.returnedColumns()}),
            ${countCompleted('$12')}
       SELECT * FROM m`,
      [
        items.map((item) => item.id),
        items.map((item) => item.answer),
        items.map((item) => item.thinking),
        items.map((item) => item.status),
        items.map((item) => item.error),
        items.map((item) => item.quota),
        items.map((item) => item.prompt_tokens),
        items.map((item) => item.completion_tokens),
        items.map((item) => item.first_token_ms),
        items.map((item) => item.duration_ms),
        items.map((item) => item.request_id),
        now,
      ],
      'chat-settle',
    );
    const byId = new Map(rows.map((row) => [Number(row.id), messageOfRaw(row)]));
    return items.map((item) => byId.get(item.id) ?? null);
  }, WRITES_RUNNING);

  /** chat_messages' columns, each named: a prepared statement's result is never `*` (PoolDb.query). */
  private returnedColumns(): string {
    this.columns ??= this.db
      .getMetadata(ChatMessageEntity)
      .columns.map((column) => `chat_messages."${column.databaseName}"`)
      .join(', ');
    return this.columns;
  }

  private columns?: string;

  /** A request the relay refused or lost: nothing was charged. A row the user stopped meanwhile is stopped, not failed. */
  fail(id: number, captured: CapturedAnswer, message: string): Promise<ChatMessageEntity | null> {
    return this.complete(id, captured, (stopped) => ({ ...NOTHING_CHARGED, ...(stopped ? { status: 'stopped', error: '' } : { status: 'error', error: message }) }));
  }

  /**
   * Saves the text of an answer still streaming (AnswerCheckpoint). A settlement or a stop that
   * came first is kept: the row no longer streams, or its stop cuts what it has.
   */
  async checkpoint(id: number, captured: CapturedAnswer): Promise<void> {
    await this.pool.query(`UPDATE chat_messages SET answer = $2, thinking = $3 WHERE id = $1 AND status = 'streaming'`, [id, captured.answer, captured.thinking], 'chat-checkpoint');
  }

  /**
   * Removes a row the relay refused before its stream began: the browser was never told its id, so
   * nobody can stop it, and it was not counted yet. Rare (refusals), so not batched.
   */
  async discard(id: number): Promise<void> {
    await this.pool.query(`DELETE FROM chat_messages WHERE id = $1 AND status = 'streaming'`, [id]);
  }

  /**
   * The user stopped the answer after `stopIndex` characters. A row still streaming is cut when it
   * settles; a finished one is cut now, and so is one whose instance died (no settlement will ever
   * come): it is completed as stopped with what was stored.
   */
  async stop(userId: number, id: number, stopIndex: number): Promise<ChatMessageEntity> {
    await this.writing.get(id);
    // Asked before the row is locked (a row's instance never changes): no row lock waits on a liveness check.
    const orphaned = await this.orphaned(userId, id);
    return this.db.transaction(async (manager) => {
      const row = await this.locked(manager, id, userId);
      if (!row) throw new BusinessError(MSG_CHAT_MESSAGE_NOT_FOUND);
      const now = nowSeconds();
      const changes: Partial<ChatMessageEntity> = { stop_index: stopIndex, updated_at: now };
      const endsNow = row.status === 'streaming' && orphaned;
      if (row.status !== 'streaming' || endsNow) {
        changes.answer = row.answer.slice(0, stopIndex);
        // A failed answer stays failed: its error says why it ended.
        if (row.status !== 'error') changes.status = 'stopped';
      }
      await manager.update(ChatMessageEntity, { id }, changes);
      if (endsNow) await this.countCompletedLocked(manager, row.conversation_id, now);
      return { ...row, ...changes };
    });
  }

  /** Whether the user's row streams under an instance that is dead (or never registered). */
  private async orphaned(userId: number, id: number): Promise<boolean> {
    const row = await this.db.getRepository(ChatMessageEntity).findOne({ select: { status: true, instance_id: true }, where: { id, user_id: userId } });
    return row?.status === 'streaming' && !(await this.liveness.isAlive(row.instance_id));
  }

  /**
   * Ends the rows still streaming under an instance no longer registered (InstanceLiveness removed
   * it as dead, or it never was: rows from before instances were recorded) as failed, with what was
   * stored and why, and counts them like any completion. Rows another transaction holds (a stop, a
   * settlement, another instance's sweep) are skipped: they end there, or at the next sweep.
   */
  async endInterrupted(): Promise<number> {
    const now = nowSeconds();
    const [{ ended }] = await this.pool.query<{ ended: number }>(
      `WITH m AS (UPDATE chat_messages SET status = 'error', error = $1, updated_at = $2
                   WHERE id IN (SELECT id FROM chat_messages WHERE status = 'streaming' AND instance_id NOT IN (SELECT instance_id FROM gateway_instances) FOR UPDATE SKIP LOCKED)
                  RETURNING conversation_id),
            ${countCompleted('$2')}
       SELECT count(*)::int AS ended FROM m`,
      [MSG_ANSWER_INTERRUPTED, now],
    );
    return ended;
  }

  /**
   * Stores how a streaming row ended (`fields(stopped)`: stopped = the user stopped it meanwhile).
   * The common case — still streaming, not stopped — is one statement with the other completions of
   * the turn (unstopped); a row the user stopped, or one no longer streaming, takes the locking
   * transaction that cuts the answer where the user stopped (completeLocked).
   */
  private async complete(id: number, captured: CapturedAnswer, fields: (stopped: boolean) => CompletionFields): Promise<ChatMessageEntity | null> {
    const done = await this.unstopped.add({ id, answer: captured.answer, thinking: captured.thinking, ...fields(false) });
    return done ?? this.completeLocked(id, captured, fields);
  }

  /** A row the user stopped, or one no longer streaming: the locking transaction that cuts the answer where the user stopped. */
  private completeLocked(id: number, captured: CapturedAnswer, fields: (stopped: boolean) => CompletionFields): Promise<ChatMessageEntity | null> {
    return this.db.transaction(async (manager) => {
      const row = await this.locked(manager, id);
      if (!row || row.status !== 'streaming') return row;
      const now = nowSeconds();
      const answer = row.stop_index !== null ? captured.answer.slice(0, row.stop_index) : captured.answer;
      const changes: Partial<ChatMessageEntity> = { answer, thinking: captured.thinking, ...fields(row.stop_index !== null), updated_at: now };
      await manager.update(ChatMessageEntity, { id }, changes);
      await this.countCompletedLocked(manager, row.conversation_id, now);
      return { ...row, ...changes };
    });
  }

  /** Counts a row completed in a locking transaction in its conversation, and touches its talking. */
  private async countCompletedLocked(manager: EntityManager, conversationId: number, now: number): Promise<void> {
    await manager.query(`UPDATE conversations SET dialogue_count = dialogue_count + 1, updated_at = $2 WHERE id = $1`, [conversationId, now]);
    await manager.query(`UPDATE talkings SET updated_at = $2 WHERE id = (SELECT talking_id FROM conversations WHERE id = $1)`, [conversationId, now]);
  }

  private locked(manager: EntityManager, id: number, userId?: number): Promise<ChatMessageEntity | null> {
    return manager.findOne(ChatMessageEntity, { where: userId === undefined ? { id } : { id, user_id: userId }, lock: { mode: 'pessimistic_write' } });
  }
}
