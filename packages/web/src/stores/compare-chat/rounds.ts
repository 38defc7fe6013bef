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

/** Where one answer under way lives in the rounds. */
export interface AnswerTarget {
  roundKey: string;
  variantIndex: number;
  sessionId: string;
  responseKey: string;
}

/**
 * The rounds without one answer, and without what it leaves empty: its column's side of the variant,
 * the variant (an edit all columns refused), the round (a message all columns refused). The shown
 * answer and variant step back to the last ones left.
 */
export function withoutResponse(rounds: Round[], target: AnswerTarget): Round[] {
  return rounds.flatMap((round) => {
    if (round.key !== target.roundKey) return [round];
    const variants = round.variants.flatMap((variant, index) => {
      const side = variant.bySession[target.sessionId];
      if (index !== target.variantIndex || !side) return [variant];
      const responses = side.responses.filter((response) => response.key !== target.responseKey);
      const { [target.sessionId]: _removed, ...others } = variant.bySession;
      const bySession = responses.length > 0 ? { ...others, [target.sessionId]: { ...side, responses, responseIndex: Math.min(side.responseIndex, responses.length - 1) } } : others;
      return Object.keys(bySession).length > 0 ? [{ ...variant, bySession }] : [];
    });
    return variants.length > 0 ? [{ ...round, variants, userIndex: Math.min(round.userIndex, variants.length - 1) }] : [];
  });
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
  roundId: number;
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
    .map(([roundId, list]) => {
      const sorted = [...list].sort((a, b) => a.id - b.id);
      const variants = new Map<number, { queryId: number; content: ChatUserContent; rows: ChatMessageView[] }>();
      for (const row of sorted) {
        const variant = variants.get(row.query_id) ?? { queryId: row.query_id, content: row.message, rows: [] };
        if (row.id === row.query_id) variant.content = row.message;
        variant.rows.push(row);
        variants.set(row.query_id, variant);
      }
      return { roundId, latestId: sorted[sorted.length - 1].id, variants: [...variants.values()].sort((a, b) => a.queryId - b.queryId) };
    });
}

type SessionRounds = Array<{ sessionId: string; rounds: SessionRound[] }>;

const askedOf = (round: SessionRound) => JSON.stringify(round.variants[0].content);

/**
 * The columns' rounds grouped by turn (one message asked of every column), oldest first. A turn
 * begins after the previous one ended in every column, so the latest round left of any column
 * (highest round id) is of the latest turn left, and so is each other column's latest round left
 * that asks the same message; a column whose call of that turn was refused before its stream (and
 * so never stored) has an earlier message there, and no part in the turn. Aligned from the end: a
 * column's earlier pages may not be loaded yet.
 */
function turnsOf(perSession: SessionRounds): Array<Array<{ sessionId: string; round: SessionRound }>> {
  const left = perSession.map((item) => item.rounds.length);
  const turns: Array<Array<{ sessionId: string; round: SessionRound }>> = [];
  for (;;) {
    const heads = perSession.flatMap((item, index) => (left[index] > 0 ? [{ index, sessionId: item.sessionId, round: item.rounds[left[index] - 1] }] : []));
    if (heads.length === 0) return turns.reverse();
    const latest = heads.reduce((a, b) => (b.round.roundId > a.round.roundId ? b : a));
    const turn = heads.filter((head) => askedOf(head.round) === askedOf(latest.round));
    for (const head of turn) left[head.index] -= 1;
    turns.push(turn);
  }
}

/**
 * Builds the rounds from the history rows of each session (session id → rows), one per turn
 * (turnsOf). Rounds are shown in the order the models see them: by their latest row, so a
 * regenerated or edited round is last. Each round shows its latest variant and each column its
 * latest answer.
 */
export function buildRounds(rowsBySession: Record<string, readonly ChatMessageView[]>): Round[] {
  const perSession = Object.entries(rowsBySession).map(([sessionId, rows]) => ({ sessionId, rounds: roundsOfSession(rows) }));
  const rounds: Array<Round & { latestId: number }> = [];
  for (const turn of turnsOf(perSession)) {
    const variants: UserVariant[] = [];
    let latestId = 0;
    for (const { sessionId, round } of turn) {
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
