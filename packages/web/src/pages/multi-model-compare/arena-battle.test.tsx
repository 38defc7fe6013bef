import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_ARENA_NOT_ENOUGH_MODELS, MSG_ARENA_ROUND_UNUSABLE, MSG_ARENA_VOTED, type ArenaVoteView, type ConversationView } from '@gw/shared';
import { user } from '@/pages/channel/test-page';
import type { CompareLaunchState } from './launch-state';
import { fail, fakeServer, makeArenaConversation, makeArenaTalking, makeRow, ok, renderCompare, voteReply, where, type ApiCall, type StreamCall, withPageMessages } from './test-server';

const { message, area: messageArea } = withPageMessages();

const QUESTION = '写一首关于春天的短诗';
const launch: CompareLaunchState = {
  kind: 'new',
  initialMessage: QUESTION,
  chatTitle: '写一首关于春天的短诗',
  models: [],
  enableThinking: false,
  uploadedFiles: [],
  arena: { count: 2, category: '写作' },
};

const heads = () => Array.from(document.querySelectorAll('.compare-column-head')).map((head) => head.textContent);
const headOf = (text: string) => Array.from(document.querySelectorAll<HTMLElement>('.compare-column-head')).find((head) => head.textContent?.includes(text)) as HTMLElement;
const voteBar = () => screen.queryByRole('group', { name: '投票' });
const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);

/** Streams one finished answer: its row named, the text, the stored row, the end. */
function answer(stream: StreamCall, id: number, conversationId: number, text: string, fields: Parameters<typeof makeRow>[0] | object = {}) {
  stream.event({ hr_message_id: id });
  stream.event({ choices: [{ delta: { content: text } }] });
  stream.event({ hr_message_id: id, hr_message: makeRow({ id, conversation_id: conversationId, message: QUESTION, answer: text, ...fields }) });
  stream.event('[DONE]');
  stream.close();
}

/** A new battle of two places whose answers both finished; resolves once the vote bar shows. */
async function battleOfTwo(routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    'GET /v1/models/lists': ok([]),
    'POST /relay/v1/talking/': ok(makeArenaTalking(8, { name: launch.chatTitle, category: '写作' })),
    'POST /relay/v1/arena/battle': ok([makeArenaConversation(21, 8, 'A'), makeArenaConversation(22, 8, 'B')]),
    ...routes,
  });
  renderCompare({ pathname: '/multi-model-compare', state: launch });
  await waitFor(() => expect(server.streams).toHaveLength(2));
  answer(server.streams[0], 301, 21, '春风拂面来');
  answer(server.streams[1], 302, 22, '桃花映水红');
  await screen.findByRole('group', { name: '投票' });
  return server;
}

describe('a new battle', () => {
  it('creates the talking in arena mode, opens the battle and asks the hidden columns without naming a model', async () => {
    const { calls, streams } = fakeServer({
      'GET /v1/models/lists': ok([]),
      'POST /relay/v1/talking/': ok(makeArenaTalking(8, { name: launch.chatTitle, category: '写作' })),
      'POST /relay/v1/arena/battle': ok([makeArenaConversation(21, 8, 'A'), makeArenaConversation(22, 8, 'B')]),
    });
    renderCompare({ pathname: '/multi-model-compare', state: launch });
    await waitFor(() => expect(streams).toHaveLength(2));

    expect(callsTo(calls, '/relay/v1/talking/')[0].body).toEqual({ name: launch.chatTitle, summary: QUESTION, mode: 'arena', category: '写作' });
    expect(callsTo(calls, '/relay/v1/arena/battle')[0].body).toEqual({ talking_id: 8, count: 2 });
    expect(callsTo(calls, '/relay/v1/conversation/')).toEqual([]);
    for (const [index, stream] of streams.entries()) {
      expect(stream.body).not.toHaveProperty('model');
      expect(stream.body).toMatchObject({ conversation_id: 21 + index, talking_id: 8, messages: [{ role: 'user', content: QUESTION }] });
    }
    expect(heads()).toEqual(['模型 A', '模型 B']);
    expect(screen.getByText('匿名对战')).toBeTruthy();
    expect(screen.getByText('写作')).toBeTruthy();
    // A battle's columns are kept as opened: no model choice, parameters or removal.
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /删除模型|参数设置/ })).toBeNull();

    // No vote while an answer is still coming.
    streams[0].event({ hr_message_id: 301 });
    streams[0].event({ choices: [{ delta: { content: '春风拂面来' } }] });
    expect(await screen.findByText('春风拂面来')).toBeTruthy();
    expect(voteBar()).toBeNull();
  });

  it('opens a battle of the models chosen', async () => {
    const { calls } = fakeServer({
      'GET /v1/models/lists': ok([]),
      'POST /relay/v1/talking/': ok(makeArenaTalking(8)),
      'POST /relay/v1/arena/battle': ok([makeArenaConversation(21, 8, 'A'), makeArenaConversation(22, 8, 'B')]),
    });
    renderCompare({ pathname: '/multi-model-compare', state: { ...launch, initialMessage: '', chatTitle: '模型对战', arena: { models: ['gpt-4o', 'claude-3-5-sonnet'], category: '' } } });
    await waitFor(() => expect(heads()).toEqual(['模型 A', '模型 B']));
    expect(callsTo(calls, '/relay/v1/arena/battle')[0].body).toEqual({ talking_id: 8, models: ['gpt-4o', 'claude-3-5-sonnet'] });
    // Opened without a question: nothing asked yet.
    expect(callsTo(calls, '/v1/chat/completions')).toEqual([]);
  });

  it("shows the server's reason when the battle cannot open, and leaves no empty battle behind", async () => {
    const { calls } = fakeServer({
      'GET /v1/models/lists': ok([]),
      'POST /relay/v1/talking/': ok(makeArenaTalking(8)),
      'POST /relay/v1/arena/battle': fail(MSG_ARENA_NOT_ENOUGH_MODELS),
      'DELETE /relay/v1/talking/8': ok(null),
    });
    renderCompare({ pathname: '/multi-model-compare', state: launch });
    expect(await message(`会话创建失败: ${MSG_ARENA_NOT_ENOUGH_MODELS}`)).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, '/relay/v1/talking/8').map((call) => call.method)).toEqual(['DELETE']));
  });
});

describe('the vote', () => {
  const revealed: ConversationView[] = [makeArenaConversation(21, 8, 'A', 'blind-alpha'), makeArenaConversation(22, 8, 'B', 'blind-beta')];

  it('offers A 更好, B 更好, 平局 and 都不好 under a finished round, without cost or speed while blind', async () => {
    await battleOfTwo();
    const bar = voteBar() as HTMLElement;
    expect(within(bar).getAllByRole('button').map((button) => button.textContent?.replace(/\s/g, ''))).toEqual(['A更好', 'B更好', '平局', '都不好']);
    expect(screen.queryByLabelText('花费与速度')).toBeNull();
  });

  it('votes with the round and the winning column, then shows the real models and the winner', async () => {
    const { calls } = await battleOfTwo({
      'POST /relay/v1/arena/vote': voteReply({ talking_id: 8, round_id: 301, winner: 'A', winner_model: 'blind-alpha' }, revealed),
      'GET /relay/v1/talking/8': ok({ talking: makeArenaTalking(8, { name: launch.chatTitle, category: '写作', revealed: true }), conversations: revealed }),
    });
    const u = user();
    await u.click(within(voteBar() as HTMLElement).getByRole('button', { name: 'A 更好' }));

    expect(await message(MSG_ARENA_VOTED)).toBeTruthy();
    expect(callsTo(calls, '/relay/v1/arena/vote').map((call) => call.body)).toEqual([{ talking_id: 8, round_id: 301, winner: 21 }]);
    await waitFor(() => expect(heads()).toEqual(['模型 Ablind-alpha胜者', '模型 Bblind-beta']));
    expect(within(headOf('blind-alpha')).getByText('胜者')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('投票结果：A 更好，胜者 blind-alpha');
    expect(screen.getByText('已揭晓')).toBeTruthy();
    expect(screen.queryByText('匿名对战')).toBeNull();
    expect(voteBar()).toBeNull();
    expect(screen.getAllByLabelText('花费与速度')).toHaveLength(2);
  });

  it("shows a refused vote's reason and keeps the battle blind", async () => {
    await battleOfTwo({ 'POST /relay/v1/arena/vote': fail(MSG_ARENA_ROUND_UNUSABLE) });
    const u = user();
    await u.click(within(voteBar() as HTMLElement).getByRole('button', { name: /平\s*局/ }));
    expect(await message(MSG_ARENA_ROUND_UNUSABLE)).toBeTruthy();
    expect(heads()).toEqual(['模型 A', '模型 B']);
    expect(voteBar()).not.toBeNull();
  });

  it('offers C 更好 in a battle of three, and a draw names no winner', async () => {
    const three = [makeArenaConversation(21, 8, 'A'), makeArenaConversation(22, 8, 'B'), makeArenaConversation(23, 8, 'C')];
    const named = ['blind-alpha', 'blind-beta', 'blind-gamma'].map((model, index) => ({ ...three[index], model_name: model }));
    const { calls, streams } = fakeServer({
      'GET /v1/models/lists': ok([]),
      'POST /relay/v1/talking/': ok(makeArenaTalking(8)),
      'POST /relay/v1/arena/battle': ok(three),
      'POST /relay/v1/arena/vote': voteReply({ talking_id: 8, round_id: 301, winner: 'both_bad', winner_model: '' }, named),
      'GET /relay/v1/talking/8': ok({ talking: makeArenaTalking(8, { revealed: true }), conversations: named }),
    });
    renderCompare({ pathname: '/multi-model-compare', state: { ...launch, arena: { count: 3, category: '' } } });
    await waitFor(() => expect(streams).toHaveLength(3));
    streams.forEach((stream, index) => answer(stream, 301 + index, 21 + index, `回答${index}`));
    const bar = await screen.findByRole('group', { name: '投票' });
    expect(within(bar).getByRole('button', { name: 'C 更好' })).toBeTruthy();

    await user().click(within(bar).getByRole('button', { name: '都不好' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', '投票结果：都不好');
    expect(callsTo(calls, '/relay/v1/arena/vote')[0].body).toEqual({ talking_id: 8, round_id: 301, winner: 'both_bad' });
    await waitFor(() => expect(heads()).toEqual(['模型 Ablind-alpha', '模型 Bblind-beta', '模型 Cblind-gamma']));
    expect(screen.queryByText('胜者')).toBeNull();
  });
});

describe('a battle opened from the history', () => {
  function historyOf(talking: ReturnType<typeof makeArenaTalking>, conversations: ConversationView[], rowsB: Parameters<typeof makeRow>[0], arenaVote: ArenaVoteView | null = null) {
    return fakeServer({
      'GET /v1/models/lists': ok([]),
      'GET /relay/v1/talking/9': ok({ talking, conversations, arena_vote: arenaVote }),
      'GET /relay/v1/conversation/31': ok({ conversation: conversations[0], messages: [makeRow({ id: 1, conversation_id: 31, answer: '甲的回答' })], has_more: false, next_cursor: null }),
      'GET /relay/v1/conversation/32': ok({ conversation: conversations[1], messages: [makeRow({ answer: '乙的回答', ...rowsB })], has_more: false, next_cursor: null }),
    });
  }

  it('offers no vote on a round with a failed answer', async () => {
    const { calls } = historyOf(makeArenaTalking(9), [makeArenaConversation(31, 9, 'A'), makeArenaConversation(32, 9, 'B')], { id: 2, conversation_id: 32, status: 'error', error: '上游出错' });
    renderCompare({ pathname: '/multi-model-compare/history/9' });
    expect(await screen.findByText('上游出错')).toBeTruthy();
    expect(screen.getByText('匿名对战')).toBeTruthy();
    expect(voteBar()).toBeNull();
    // A battle is called with the models' defaults: no saved parameters are read for it.
    expect(callsTo(calls, '/v1/models/model_config')).toEqual([]);
  });

  it('shows a revealed battle with its models, its winner read from the talking, and no vote bar', async () => {
    historyOf(
      makeArenaTalking(9, { revealed: true }),
      [makeArenaConversation(31, 9, 'A', 'blind-alpha'), makeArenaConversation(32, 9, 'B', 'blind-beta')],
      { id: 2, conversation_id: 32 },
      { id: 5, talking_id: 9, round_id: 1, winner: 'B', winner_model: 'blind-beta', created_at: 1 },
    );
    renderCompare({ pathname: '/multi-model-compare/history/9' });
    expect(await screen.findByText('乙的回答')).toBeTruthy();
    await waitFor(() => expect(heads()).toEqual(['模型 Ablind-alpha', '模型 Bblind-beta胜者']));
    expect(screen.getByText('已揭晓')).toBeTruthy();
    expect(voteBar()).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();

    // A new chat from a battle opens the landing page in 对战模式.
    await user().click(screen.getByRole('button', { name: '新对话' }));
    expect((await where('落地页')).state).toEqual({ models: [], mode: 'arena' });
  });
});
