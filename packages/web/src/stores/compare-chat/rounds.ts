import type { ChatMessageStatus, ChatMessageView, ChatUserContent } from '@gw/shared';

/**
 * The compare page's rounds (spec 3 §3 Round entry / User message / Response). A round is one turn
 * asked of every column; it holds the user message's variants (the original and each edit) and,
 * per variant and per session, that session's answers (the first and each regenerated one).
 */

/** One answer shown in a column. */
export interface ChatResponse {
  /** Stable React key. */
  key: string;
  /** The stored row (hr_message_id); null until the stream names it. */
  messageId: number | null;
  content: string;
  reasoning: string;
  status: ChatMessageStatus;
  error: string;
  /** The row as stored, with cost and speed; null while streaming or when the tail never came. */
  stored: ChatMessageView | null;
}

/** One session's side of a user variant. */
export interface SessionVariant {
  /** The row whose query this variant is (the variant's first row); null until the stream names it. */
  queryId: number | null;
  responses: ChatResponse[];
  /** The answer the arrows show. */
  responseIndex: number;
}

export interface UserVariant {
  content: ChatUserContent;
  /** By session id. */
  bySession: Record<string, SessionVariant>;
}

export interface Round {
  key: string;
  variants: UserVariant[];
  /** The variant the arrows show. */
  userIndex: number;
}

let keyCounter = 0;
/** A key unique within the page's lifetime. */
export const nextKey = (prefix: string) => `${prefix}${++keyCounter}`;

/** The answer as the user saw it: a stopped answer is cut where it was stopped. */
export function responseFromRow(row: ChatMessageView): ChatResponse {
  const content = row.stop_index !== null && row.stop_index < row.answer.length ? row.answer.slice(0, row.stop_index) : row.answer;
  return { key: `m${row.id}`, messageId: row.id, content, reasoning: row.thinking, status: row.status, error: row.error, stored: row };
}

/** One conversation's rows of one round: variants = distinct query_id in id order. */
interface SessionRound {
  latestId: number;
  variants: Array<{ queryId: number; content: ChatUserContent; rows: ChatMessageView[] }>;
}

function roundsOfSession(rows: readonly ChatMessageView[]): SessionRound[] {
  const byRound = new Map<number, ChatMessageView[]>();
  for (const row of rows) {
    const list = byRound.get(row.round_id) ?? [];
    list.push(row);
    byRound.set(row.round_id, list);
  }
  // Creation order (round_id ascending): the order in which the rounds were asked of every column.
  return [...byRound.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, list]) => {
      const sorted = [...list].sort((a, b) => a.id - b.id);
      const variants = new Map<number, { queryId: number; content: ChatUserContent; rows: ChatMessageView[] }>();
      for (const row of sorted) {
        const variant = variants.get(row.query_id) ?? { queryId: row.query_id, content: row.message, rows: [] };
        if (row.id === row.query_id) variant.content = row.message;
        variant.rows.push(row);
        variants.set(row.query_id, variant);
      }
      return { latestId: sorted[sorted.length - 1].id, variants: [...variants.values()].sort((a, b) => a.queryId - b.queryId) };
    });
}

/**
 * Builds the rounds from the history rows of each session (session id → rows). Every column was
 * asked the same turns, so the k-th latest round of one conversation is the k-th latest of the
 * others (aligned from the end: a column's earlier pages may not be loaded yet). Rounds are shown
 * in the order the models see them: by their latest row, so a regenerated or edited round is last.
 * Each round shows its latest variant and each column its latest answer.
 */
export function buildRounds(rowsBySession: Record<string, readonly ChatMessageView[]>): Round[] {
  const perSession = Object.entries(rowsBySession).map(([sessionId, rows]) => ({ sessionId, rounds: roundsOfSession(rows) }));
  const count = Math.max(0, ...perSession.map((item) => item.rounds.length));
  const rounds: Array<Round & { latestId: number }> = [];
  for (let fromEnd = count; fromEnd >= 1; fromEnd -= 1) {
    const variants: UserVariant[] = [];
    let latestId = 0;
    for (const { sessionId, rounds: sessionRounds } of perSession) {
      const round = sessionRounds[sessionRounds.length - fromEnd];
      if (!round) continue;
      latestId = Math.max(latestId, round.latestId);
      round.variants.forEach((variant, index) => {
        variants[index] ??= { content: variant.content, bySession: {} };
        const responses = variant.rows.map(responseFromRow);
        variants[index].bySession[sessionId] = { queryId: variant.queryId, responses, responseIndex: responses.length - 1 };
      });
    }
    rounds.push({ key: `round${latestId}`, variants, userIndex: variants.length - 1, latestId });
  }
  return rounds.sort((a, b) => a.latestId - b.latestId).map(({ latestId: _latest, ...round }) => round);
}
