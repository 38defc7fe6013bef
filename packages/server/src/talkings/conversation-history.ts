import type { ChatMessageView } from '@gw/shared';
import type { EntityManager } from 'typeorm';
import type { ChatMessageEntity } from './chat-message.entity';
import type { Blind } from './arena-blinding';
import { toMessageView } from './talking.view';

export interface HistoryPage {
  messages: ChatMessageView[];
  has_more: boolean;
  next_cursor: number | null;
}

/** The bigint columns of chat_messages, which node-postgres returns as text. */
const BIGINT_COLUMNS = ['id', 'last_id', 'last_edit_id', 'round_id', 'query_id', 'quota', 'created_at', 'updated_at'] as const;

/**
 * One page of a conversation's rounds (GET /relay/v1/conversation/{id}; @gw/shared ConversationHistory).
 *
 * A round's key is its latest row id, so a regenerated or edited round moves to the end, as the
 * model sees it. The page is the `limit` rounds with the highest keys below `before` (none: no
 * bound), every row of each, oldest round first. One query: the rounds are grouped and cut in a
 * subselect (one more than asked, to know whether earlier ones exist), then joined back to their
 * rows, so a long conversation is never read whole.
 */
export async function conversationHistoryPage(manager: EntityManager, conversationId: number, limit: number, before: number | undefined, blind?: Blind): Promise<HistoryPage> {
  const rows: Array<Record<string, unknown> & { round_key: string; more: boolean }> = await manager.query(
    `SELECT m.*, page.round_key, page.more
       FROM (SELECT round_id, round_key, count(*) OVER () > $3 AS more
               FROM (SELECT round_id, max(id) AS round_key
                       FROM chat_messages
                      WHERE conversation_id = $1
                      GROUP BY round_id
                     HAVING $2::bigint IS NULL OR max(id) < $2::bigint
                      ORDER BY round_key DESC
                      LIMIT $3 + 1) AS candidates
              ORDER BY round_key DESC
              LIMIT $3) AS page
       JOIN chat_messages m ON m.conversation_id = $1 AND m.round_id = page.round_id
      ORDER BY page.round_key, m.id`,
    [conversationId, before ?? null, limit],
  );
  const hasMore = rows.length > 0 && rows[0].more;
  return {
    messages: rows.map((row) => toMessageView(fromRaw(row), blind)),
    has_more: hasMore,
    next_cursor: hasMore ? Number(rows[0].round_key) : null,
  };
}

function fromRaw(row: Record<string, unknown>): ChatMessageEntity {
  const converted: Record<string, unknown> = { ...row };
  for (const column of BIGINT_COLUMNS) converted[column] = row[column] === null ? null : Number(row[column]);
  return converted as unknown as ChatMessageEntity;
}
