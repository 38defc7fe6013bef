import { describe, expect, it } from 'vitest';
import type { ChatMessageView } from '@gw/shared';
import { buildRounds, type ChatSession } from '@/stores/compare-chat';
import { roundHasId, votableRoundId, voteChoices, voteResultText } from './arena-vote';
import { makeRow } from './test-server';

function session(id: string, conversationId: number, arenaLabel: string): ChatSession {
  return {
    id,
    modelName: `模型 ${arenaLabel}`,
    params: {},
    conversationId,
    talkingId: 8,
    arenaLabel,
    isLoading: false,
    isReasoning: false,
    isStreaming: false,
    isFinished: true,
    isRegenerating: false,
    isEditing: false,
    isStop: false,
    currentResponse: '',
    currentReasoning: '',
    currentMessageId: null,
    error: '',
    hasMore: false,
    cursor: null,
  };
}

const A = session('a', 11, 'A');
const B = session('b', 12, 'B');

/** One round: A's answer done, B's rows as given. */
function roundWith(rowsOfB: ChatMessageView[]) {
  const rows = { a: [makeRow({ id: 1, conversation_id: 11, answer: '甲' })], b: rowsOfB };
  return buildRounds(rows)[0];
}

describe(votableRoundId.name, () => {
  it('gives the round id once every column finished with text; a stopped answer counts', () => {
    expect(votableRoundId(roundWith([makeRow({ id: 2, conversation_id: 12, answer: '乙' })]), [A, B])).toBe(1);
    expect(votableRoundId(roundWith([makeRow({ id: 2, conversation_id: 12, answer: '乙', status: 'stopped', stop_index: 1 })]), [A, B])).toBe(1);
  });

  it.each([
    ['streaming', { status: 'streaming' as const, answer: '乙' }],
    ['failed', { status: 'error' as const, answer: '', error: '上游出错' }],
    ['empty', { answer: '  ' }],
  ])('offers no vote while a column is %s', (_, fields) => {
    expect(votableRoundId(roundWith([makeRow({ id: 2, conversation_id: 12, ...fields })]), [A, B])).toBeNull();
  });

  it('offers no vote when a column has no answer in the round (refused before its stream)', () => {
    const round = buildRounds({ a: [makeRow({ id: 1, conversation_id: 11 })], b: [] })[0];
    expect(votableRoundId(round, [A, B])).toBeNull();
  });

  it("judges each column's latest answer, as the server does: a failed regeneration blocks the vote, a good one allows it", () => {
    const first = makeRow({ id: 2, conversation_id: 12, answer: '乙' });
    const failedAgain = makeRow({ id: 3, conversation_id: 12, round_id: 2, query_id: 2, last_id: 2, status: 'error', answer: '' });
    expect(votableRoundId(roundWith([first, failedAgain]), [A, B])).toBeNull();
    const goodAgain = makeRow({ id: 3, conversation_id: 12, round_id: 2, query_id: 2, last_id: 2, answer: '乙二' });
    expect(votableRoundId(roundWith([first, goodAgain]), [A, B])).toBe(1);
  });

  it('finds the voted round by its id', () => {
    const round = roundWith([makeRow({ id: 2, conversation_id: 12 })]);
    expect(roundHasId(round, 2)).toBe(true);
    expect(roundHasId(round, 7)).toBe(false);
  });
});

describe(voteChoices.name, () => {
  it('lists the places in order, each voting for its conversation, then the draws', () => {
    expect(voteChoices([B, A])).toEqual([
      { label: 'A 更好', winner: 11 },
      { label: 'B 更好', winner: 12 },
      { label: '平局', winner: 'tie' },
      { label: '都不好', winner: 'both_bad' },
    ]);
  });
});

describe(voteResultText.name, () => {
  it('names the winning place and model, or the draw', () => {
    const vote = { id: 1, talking_id: 8, round_id: 1, created_at: 1 };
    expect(voteResultText({ ...vote, winner: 'B', winner_model: 'gpt-4o' })).toBe('投票结果：B 更好，胜者 gpt-4o');
    expect(voteResultText({ ...vote, winner: 'tie', winner_model: '' })).toBe('投票结果：平局');
  });
});
