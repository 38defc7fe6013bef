import type { ChatMessageStatus, ChatUserContent } from '@gw/shared';

/** The rounds of history a compare chat answer is given at most (the oldest are left out). */
export const CHAT_HISTORY_MAX_ROUNDS = 50;

/** What history needs of a stored message row. */
export interface HistoryRow {
  id: number;
  round_id: number;
  query_id: number;
  message: ChatUserContent;
  answer: string;
  status: ChatMessageStatus;
}

/** A message as the model is sent it (user content may still hold stored image URLs: chat-images.ts converts them). */
export type ModelMessage = { role: 'user'; content: ChatUserContent } | { role: 'assistant'; content: string };

/**
 * The messages a model is sent for a new answer (the server builds them; whatever history the
 * client sent is ignored): every other round of the conversation in the order of its key (the
 * largest row id in the round, so a regenerated or edited round moves to the end), each as its
 * latest query variant (largest query_id) with the latest finished answer to that variant — a
 * stopped answer counts with the text the user kept; rounds whose latest variant has no answer are
 * left out. Then the current query. `currentRound` (a regenerate or an edit) is never history.
 */
export function buildChatHistory(rows: readonly HistoryRow[], current: ChatUserContent, currentRound: number | null, maxRounds = CHAT_HISTORY_MAX_ROUNDS): ModelMessage[] {
  const rounds = new Map<number, HistoryRow[]>();
  for (const row of rows) {
    if (row.round_id === currentRound) continue;
    const list = rounds.get(row.round_id);
    if (list) list.push(row);
    else rounds.set(row.round_id, [row]);
  }
  const exchanges: Array<{ key: number; query: ChatUserContent; answer: string }> = [];
  for (const list of rounds.values()) {
    const key = Math.max(...list.map((row) => row.id));
    const queryId = Math.max(...list.map((row) => row.query_id));
    const answered = list.filter((row) => row.query_id === queryId && (row.status === 'done' || row.status === 'stopped') && row.answer !== '');
    if (answered.length === 0) continue;
    const latest = answered.reduce((a, b) => (b.id > a.id ? b : a));
    // The query as the variant's own row holds it (every row answering it carries a copy).
    const queryRow = list.find((row) => row.id === queryId) ?? latest;
    exchanges.push({ key, query: queryRow.message, answer: latest.answer });
  }
  exchanges.sort((a, b) => a.key - b.key);
  const messages: ModelMessage[] = [];
  for (const exchange of exchanges.slice(-maxRounds)) {
    messages.push({ role: 'user', content: exchange.query }, { role: 'assistant', content: exchange.answer });
  }
  messages.push({ role: 'user', content: current });
  return messages;
}
