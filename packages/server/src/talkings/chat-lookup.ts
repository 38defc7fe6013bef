import { Injectable } from '@nestjs/common';
import { hashToken } from '../auth/hash-token';
import { SessionsService } from '../auth/sessions.service';
import { MicroBatch } from '../common/micro-batch';
import { nowSeconds } from '../common/time';
import { PoolDb } from '../database/pool-db';
import type { HistoryRow } from './chat-history';
import { type Blind, blindOf } from './arena-blinding';

/** The signed-in user of a compare chat call, as the chat needs them. */
export interface ChatCaller {
  id: number;
  role: number;
  status: number;
  group: string;
}

/** The conversation a call answers in, with its model's flags for the caller's group. */
export interface ChatConversation {
  id: number;
  user_id: number;
  model_name: string;
  /** Its place in an arena battle ('' outside the arena); the model is hidden while `blind` is set. */
  arenaLabel: string;
  blind?: Blind;
  flags: { viewable: boolean; thinks: boolean };
  /** Its rows as history needs them (chat-history.ts), oldest first. */
  historyRows: HistoryRow[];
  /** The id of the row this call creates, drawn from chat_messages' sequence. */
  nextId: number;
}

export interface ChatLookupResult {
  /** The user of the live session; none when the session is unknown, ended or its user deleted. */
  caller?: ChatCaller;
  /** The caller's conversation named by the call, in the talking it names; none when not theirs. */
  conversation?: ChatConversation;
}

/**
 * Lookups under way at once, and calls per lookup. In a burst, the calls that come while four
 * lookups are under way go together in the next (a few statements for a burst of hundreds, not one
 * per turn of the event loop), no call waits for more than 31 others' reads, and the lookups never
 * hold more than four of the pool's connections. A lone call waits for nothing. Four, measured in
 * bench/chat against two and eight: two delayed the median answer, eight the slowest ones
 * (docs/performance.md, compare chat).
 */
const LOOKUPS_RUNNING = 4;
const LOOKUP_BATCH = 32;

interface LookupKey {
  sessionHash: string;
  conversationId: number;
  talkingId: number;
}

/**
 * What a compare chat call needs before its answer is asked for, in one query for every call of the
 * turn (MicroBatch): the session's user (a live session of a user not deleted, as the
 * Authenticator's own query decides), their conversation, whether its model takes images and
 * thinks by the abilities of the user's group (model management's flags), its history rows and the
 * id of the row the call will create. dialogue_count counts the rows that finished streaming: none
 * yet means no history to read. The id is drawn here so that the row can be written while the
 * answer is already on its way (CompareChatService.prepare).
 */
@Injectable()
export class ChatLookup {
  constructor(
    private readonly pool: PoolDb,
    private readonly sessions: SessionsService,
  ) {}

  find(sessionId: string, conversationId: number, talkingId: number): Promise<ChatLookupResult> {
    return this.batch.add({ sessionHash: hashToken(sessionId), conversationId, talkingId });
  }

  private readonly batch = new MicroBatch<LookupKey, ChatLookupResult>(async (keys) => {
    type Row = {
      ord: string;
      session_hash: string;
      session_created_at: string;
      session_expires_at: string;
      session_last_seen_at: string;
      user_id: number;
      role: number;
      status: number;
      group: string;
      id: number | null;
      model_name: string | null;
      arena_label: string | null;
      arena_hidden: boolean | null;
      viewable: boolean | null;
      thinks: boolean | null;
      next_id: string | null;
      history: HistoryRow[] | null;
    };
    const rows = await this.pool.query<Row>(
      `SELECT k.ord, k.session_hash, s.created_at AS session_created_at, s.expires_at AS session_expires_at, s.last_seen_at AS session_last_seen_at, u.id AS user_id, u.role, u.status, u."group", c.id, c.model_name, c.arena_label, c.arena_hidden, f.viewable, f.thinks,
              CASE WHEN c.id IS NOT NULL THEN nextval(pg_get_serial_sequence('chat_messages', 'id')) END AS next_id,
              (SELECT json_agg(json_build_object('id', m.id, 'round_id', m.round_id, 'query_id', m.query_id, 'message', m.message, 'answer', m.answer, 'status', m.status) ORDER BY m.id)
                 FROM chat_messages m WHERE m.conversation_id = c.id AND c.dialogue_count > 0) AS history
         FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY AS k(session_hash, conversation_id, talking_id, ord)
         JOIN sessions s ON s.id_hash = k.session_hash AND s.expires_at > $4
         JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
         LEFT JOIN conversations c ON c.id = k.conversation_id AND c.talking_id = k.talking_id AND c.user_id = u.id
         LEFT JOIN LATERAL (SELECT bool_or(a.is_viewable) AS viewable, bool_or(a.is_deep_seek) AS thinks
                              FROM abilities a WHERE a."group" = u."group" AND a.model = c.model_name AND a.enabled) f ON true`,
      [keys.map((key) => key.sessionHash), keys.map((key) => key.conversationId), keys.map((key) => key.talkingId), nowSeconds()],
      'chat-lookup',
    );
    // A chat send is a request of its session like any other: it keeps the session from idling out.
    void this.sessions.noteUse(
      rows.map((row) => ({
        hash: row.session_hash,
        created_at: Number(row.session_created_at),
        expires_at: Number(row.session_expires_at),
        last_seen_at: Number(row.session_last_seen_at),
      })),
    );
    const found = new Map(rows.map((row) => [Number(row.ord) - 1, row]));
    return keys.map((_key, index) => {
      const row = found.get(index);
      if (!row) return {};
      const caller: ChatCaller = { id: row.user_id, role: row.role, status: row.status, group: row.group };
      if (row.id === null || row.model_name === null) return { caller };
      return {
        caller,
        conversation: {
          id: row.id,
          user_id: row.user_id,
          model_name: row.model_name,
          arenaLabel: row.arena_label ?? '',
          blind: blindOf({ arena_label: row.arena_label ?? '', arena_hidden: row.arena_hidden === true, model_name: row.model_name }),
          flags: { viewable: row.viewable === true, thinks: row.thinks === true },
          historyRows: row.history ?? [],
          nextId: Number(row.next_id),
        },
      };
    });
  }, { maxItems: LOOKUP_BATCH, maxRunning: LOOKUPS_RUNNING });
}
