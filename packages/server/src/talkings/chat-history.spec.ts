import { describe, expect, it } from 'vitest';
import { buildChatHistory, type HistoryRow } from './chat-history';

/** A row: id, round, query variant, text and answer (done unless said). */
const row = (id: number, round: number, query: number, text: string, answer: string, status: HistoryRow['status'] = 'done'): HistoryRow => ({
  id,
  round_id: round,
  query_id: query,
  message: text,
  answer,
  status,
});

describe('buildChatHistory', () => {
  it('sends the rounds in order, then the current query', () => {
    const rows = [row(1, 1, 1, 'q1', 'a1'), row(2, 2, 2, 'q2', 'a2')];
    expect(buildChatHistory(rows, 'q3', null)).toEqual([
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'a1' },
      { role: 'user', content: 'q2' },
      { role: 'assistant', content: 'a2' },
      { role: 'user', content: 'q3' },
    ]);
  });

  it('takes the latest regenerated answer and moves a regenerated round to the end', () => {
    const rows = [row(1, 1, 1, 'q1', 'a1'), row(2, 2, 2, 'q2', 'a2'), row(3, 1, 1, 'q1', 'a1 again')];
    expect(buildChatHistory(rows, 'next', null).map((message) => message.content)).toEqual(['q2', 'a2', 'q1', 'a1 again', 'next']);
  });

  it('takes the latest query variant of a round with its own answer, never an older variant’s', () => {
    const rows = [row(1, 1, 1, 'q1', 'a1'), row(2, 1, 2, 'q1 edited', 'a1 edited'), row(3, 1, 1, 'q1', 'a1 regenerated later')];
    expect(buildChatHistory(rows, 'next', null).map((message) => message.content)).toEqual(['q1 edited', 'a1 edited', 'next']);
  });

  it('leaves out rounds without an answer and counts a stopped answer as it was cut', () => {
    const rows = [
      row(1, 1, 1, 'q1', '', 'error'),
      row(2, 2, 2, 'q2', 'partial', 'stopped'),
      row(3, 3, 3, 'q3', 'streaming text', 'streaming'),
      row(4, 4, 4, 'q4', 'a4'),
      // The latest variant of round 4 failed: the round has no answer now.
      row(5, 4, 5, 'q4 edited', '', 'error'),
    ];
    expect(buildChatHistory(rows, 'now', null).map((message) => message.content)).toEqual(['q2', 'partial', 'now']);
  });

  it('never sends the round being regenerated or edited', () => {
    const rows = [row(1, 1, 1, 'q1', 'a1'), row(2, 2, 2, 'q2', 'a2')];
    expect(buildChatHistory(rows, 'q1', 1).map((message) => message.content)).toEqual(['q2', 'a2', 'q1']);
  });

  it('keeps only the last rounds', () => {
    const rows = Array.from({ length: 60 }, (_, index) => row(index + 1, index + 1, index + 1, `q${index + 1}`, `a${index + 1}`));
    const messages = buildChatHistory(rows, 'now', null);
    expect(messages).toHaveLength(50 * 2 + 1);
    expect(messages[0].content).toBe('q11');
    expect(buildChatHistory(rows, 'now', null, 2).map((message) => message.content)).toEqual(['q59', 'a59', 'q60', 'a60', 'now']);
  });

  it('keeps a query with images as its parts', () => {
    const parts = [{ type: 'text' as const, text: 'see' }, { type: 'image_url' as const, image_url: { url: '/uploads/chat/a.png' } }];
    const rows = [{ ...row(1, 1, 1, '', 'a picture'), message: parts }];
    expect(buildChatHistory(rows, 'and?', null)[0]).toEqual({ role: 'user', content: parts });
  });
});
