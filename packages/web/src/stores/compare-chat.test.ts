import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageView, ConversationHistory } from '@gw/shared';
import type { CompareStreamEnd, CompareStreamHandlers, CompareStreamRequest } from '@/api/compare-stream';
import { buildRounds, useCompareChatStore } from '@/stores/compare-chat';

/** A stream the test drives: the handlers the store gave, and how to end it. */
interface FakeCall {
  request: CompareStreamRequest;
  handlers: CompareStreamHandlers;
  signal: AbortSignal;
  finish: () => void;
  fail: (message: string) => void;
}

function fakeStream() {
  const calls: FakeCall[] = [];
  const stream = vi.fn(
    (request: CompareStreamRequest, handlers: CompareStreamHandlers, signal: AbortSignal) =>
      new Promise<CompareStreamEnd>((resolve, reject) => {
        signal.addEventListener('abort', () => resolve('aborted'));
        calls.push({ request, handlers, signal, finish: () => resolve('done'), fail: (message) => reject(new Error(message)) });
      }),
  );
  return { calls, stream };
}

export function row(fields: Partial<ChatMessageView> & Pick<ChatMessageView, 'id' | 'conversation_id'>): ChatMessageView {
  return {
    model_name: 'gpt-4o',
    query: 'q',
    message: 'q',
    answer: 'a',
    thinking: '',
    last_id: null,
    last_edit_id: null,
    round_id: fields.id,
    query_id: fields.id,
    stop_index: null,
    status: 'done',
    error: '',
    quota: 100,
    prompt_tokens: 1,
    completion_tokens: 2,
    first_token_ms: 120,
    duration_ms: 900,
    created_at: 1,
    updated_at: 1,
    ...fields,
  };
}

const notify = { info: vi.fn(), success: vi.fn(), error: vi.fn() };
const stopMessage = vi.fn(async () => undefined);
let fake: ReturnType<typeof fakeStream>;
const store = () => useCompareChatStore.getState();
const session = (index: number) => store().sessions[index];
const side = (roundIndex: number, sessionIndex: number) => {
  const round = store().rounds[roundIndex];
  return round.variants[round.userIndex].bySession[session(sessionIndex).id];
};
const shown = (roundIndex: number, sessionIndex: number) => {
  const value = side(roundIndex, sessionIndex);
  return value.responses[value.responseIndex];
};

beforeEach(() => {
  fake = fakeStream();
  notify.info.mockReset();
  notify.success.mockReset();
  notify.error.mockReset();
  stopMessage.mockClear();
  store().reset();
  store().setDeps({ stream: fake.stream, stopMessage, notify });
  store().init([
    { modelName: 'gpt-4o', params: { temperature: 0.5 }, conversationId: 11, talkingId: 5 },
    { modelName: 'deepseek-r1', params: {}, enableThinking: true, conversationId: 12, talkingId: 5 },
  ]);
});

describe('useCompareChatStore', () => {
  it('names the sessions session_{index}_{model}', () => {
    expect(store().sessions.map((item) => item.id)).toEqual(['session_0_gpt-4o', 'session_1_deepseek-r1']);
  });

  it('goes loading → reasoning → streaming → finished in every column', async () => {
    const sending = store().send('hello');
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[0].request).toMatchObject({ model: 'gpt-4o', content: 'hello', params: { temperature: 0.5 }, conversationId: 11, talkingId: 5 });
    expect(fake.calls[1].request).toMatchObject({ model: 'deepseek-r1', enableThinking: true, conversationId: 12 });
    expect(session(0).isLoading && session(1).isLoading).toBe(true);

    const [first, second] = fake.calls;
    first.handlers.onMessageId(101);
    second.handlers.onMessageId(102);
    second.handlers.onReasoning('think');
    expect(session(1)).toMatchObject({ isLoading: false, isReasoning: true, currentReasoning: 'think' });
    expect(shown(0, 1).reasoning).toBe('think');
    second.handlers.onContent('Hi');
    second.handlers.onContent(' there');
    expect(session(1)).toMatchObject({ isReasoning: false, isStreaming: true, currentResponse: 'Hi there' });
    first.handlers.onContent('Yo');
    first.handlers.onTail(row({ id: 101, conversation_id: 11, answer: 'Yo', quota: 250 }));
    first.finish();
    second.finish();
    await sending;

    expect(session(0)).toMatchObject({ isFinished: true, isStreaming: false, isLoading: false, error: '' });
    expect(shown(0, 0)).toMatchObject({ content: 'Yo', status: 'done', messageId: 101 });
    expect(shown(0, 0).stored?.quota).toBe(250);
    expect(shown(0, 1)).toMatchObject({ content: 'Hi there', reasoning: 'think', status: 'done' });
    expect(side(0, 0).queryId).toBe(101);
  });

  it('keeps no answer refused before its stream: its column says why, the other finishes', async () => {
    const sending = store().send('hello');
    const [first, second] = fake.calls;
    first.fail('连接失败: 503 无可用渠道');
    second.handlers.onMessageId(102);
    second.handlers.onContent('fine');
    second.finish();
    await sending;
    expect(session(0)).toMatchObject({ error: '连接失败: 503 无可用渠道', isFinished: true, isLoading: false });
    expect(side(0, 0)).toBeUndefined();
    expect(session(1).error).toBe('');
    expect(shown(0, 1)).toMatchObject({ status: 'done', content: 'fine' });
  });

  it('keeps no round that every column refused before its stream', async () => {
    const sending = store().send('hello');
    for (const call of fake.calls) call.fail('连接失败: 403 用户额度不足，请充值后再试');
    await sending;
    expect(store().rounds).toEqual([]);
    expect(store().sessions.map((item) => item.error)).toEqual(['连接失败: 403 用户额度不足，请充值后再试', '连接失败: 403 用户额度不足，请充值后再试']);
  });

  it('shows a failure after the stream began in its answer only, which stays', async () => {
    const sending = store().send('hello');
    const [first, second] = fake.calls;
    first.handlers.onMessageId(101);
    first.handlers.onContent('Hel');
    first.fail('上游流式响应中断');
    second.handlers.onMessageId(102);
    second.finish();
    await sending;
    expect(shown(0, 0)).toMatchObject({ status: 'error', error: '上游流式响应中断', content: 'Hel', messageId: 101 });
    expect(session(0).error).toBe('');
  });

  it('steps back to the earlier answer when a regenerate is refused before its stream', async () => {
    const sending = store().send('hello');
    fake.calls[0].handlers.onMessageId(101);
    fake.calls[0].handlers.onContent('first');
    for (const call of fake.calls) call.finish();
    await sending;
    const regenerating = store().regenerate(session(0).id, store().rounds[0].key);
    fake.calls[2].fail('连接失败: 429 该令牌额度已用尽');
    await regenerating;
    expect(side(0, 0).responses).toHaveLength(1);
    expect(shown(0, 0)).toMatchObject({ content: 'first', status: 'done' });
    expect(session(0).error).toBe('连接失败: 429 该令牌额度已用尽');
  });

  it('stops every stream, tells the server what was received and keeps the partial text', async () => {
    const sending = store().send('hello');
    const [first, second] = fake.calls;
    first.handlers.onMessageId(101);
    first.handlers.onContent('partial');
    second.handlers.onMessageId(102);
    await store().stopAll();
    await sending;
    expect(first.signal.aborted && second.signal.aborted).toBe(true);
    expect(stopMessage).toHaveBeenCalledWith(101, 7);
    expect(stopMessage).toHaveBeenCalledWith(102, 0);
    expect(notify.success).toHaveBeenCalledWith('已停止所有对话');
    expect(session(0)).toMatchObject({ isStop: true, isStreaming: false });
    expect(shown(0, 0)).toMatchObject({ status: 'stopped', content: 'partial' });
  });

  it('reports a failed stop', async () => {
    stopMessage.mockRejectedValueOnce(new Error('x'));
    const sending = store().send('hello');
    fake.calls[0].handlers.onMessageId(101);
    await store().stopAll();
    fake.calls[1].finish();
    await sending;
    expect(notify.error).toHaveBeenCalledWith('停止消息失败');
  });

  it('regenerates one column: another answer for the round, which moves to the end', async () => {
    let sending = store().send('first');
    fake.calls[0].handlers.onMessageId(101);
    fake.calls[1].handlers.onMessageId(102);
    fake.calls.forEach((call) => call.finish());
    await sending;
    sending = store().send('second');
    fake.calls.slice(2).forEach((call) => call.finish());
    await sending;
    const firstKey = store().rounds[0].key;

    const regenerating = store().regenerate(session(0).id, firstKey);
    expect(fake.calls).toHaveLength(5);
    expect(fake.calls[4].request).toMatchObject({ model: 'gpt-4o', content: 'first', lastId: 101 });
    expect(session(0).isRegenerating).toBe(true);
    expect(store().rounds[1].key).toBe(firstKey);
    fake.calls[4].handlers.onContent('again');
    fake.calls[4].finish();
    await regenerating;
    expect(side(1, 0).responses).toHaveLength(2);
    expect(side(1, 0).responseIndex).toBe(1);
    expect(shown(1, 0).content).toBe('again');
    expect(side(1, 1).responses).toHaveLength(1);
    store().setResponseIndex(firstKey, session(0).id, 0);
    expect(side(1, 0).responseIndex).toBe(0);
    expect(session(0).isRegenerating).toBe(false);
  });

  it('refuses to regenerate an answer without a message id', async () => {
    const sending = store().send('hello');
    fake.calls[1].handlers.onMessageId(102);
    fake.calls.forEach((call) => call.fail('x'));
    await sending;
    await expect(store().regenerate(session(0).id, store().rounds[0].key)).rejects.toThrow('无法重新生成：缺少消息ID');
    expect(fake.calls).toHaveLength(2);
  });

  it('edits: a new user variant asked of every column with last_edit_id, stepped n/total', async () => {
    const sending = store().send([{ type: 'text', text: 'old' }, { type: 'image_url', image_url: { url: '/u/a.png', detail: 'auto' } }]);
    fake.calls[0].handlers.onMessageId(101);
    fake.calls[1].handlers.onMessageId(102);
    fake.calls.forEach((call) => call.finish());
    await sending;
    const key = store().rounds[0].key;
    await expect(store().edit(key, '   ')).rejects.toThrow('编辑内容不能为空');
    expect(fake.calls).toHaveLength(2);

    const editing = store().edit(key, 'new');
    expect(fake.calls.slice(2).map((call) => call.request.lastEditId)).toEqual([101, 102]);
    expect(fake.calls[2].request.content).toEqual([{ type: 'text', text: 'new' }, { type: 'image_url', image_url: { url: '/u/a.png', detail: 'auto' } }]);
    expect(session(0).isEditing).toBe(true);
    fake.calls[2].handlers.onMessageId(201);
    fake.calls.slice(2).forEach((call) => call.finish());
    await editing;
    const round = store().rounds[0];
    expect(round.variants).toHaveLength(2);
    expect(round.userIndex).toBe(1);
    expect(side(0, 0).queryId).toBe(201);
    store().setUserIndex(key, 0);
    expect(store().rounds[0].userIndex).toBe(0);
    expect(side(0, 0).queryId).toBe(101);
    store().setUserIndex(key, 5);
    expect(store().rounds[0].userIndex).toBe(0);
  });

  it('loads the latest rounds and then earlier ones until all are loaded', async () => {
    const pages: Record<string, ConversationHistory[]> = {
      11: [
        { conversation: {} as never, messages: [row({ id: 21, conversation_id: 11, query: 'two', message: 'two' })], has_more: true, next_cursor: 21 },
        { conversation: {} as never, messages: [row({ id: 1, conversation_id: 11, query: 'one', message: 'one' })], has_more: false, next_cursor: null },
      ],
      12: [
        { conversation: {} as never, messages: [row({ id: 22, conversation_id: 12, query: 'two', message: 'two' })], has_more: true, next_cursor: 22 },
        { conversation: {} as never, messages: [row({ id: 2, conversation_id: 12, query: 'one', message: 'one' })], has_more: false, next_cursor: null },
      ],
    };
    const history = vi.fn(async (id: number, cursor: number | null) => pages[id][cursor === null ? 0 : 1]);
    store().setDeps({ history });
    await store().loadLatest();
    expect(store().rounds.map((round) => round.variants[0].content)).toEqual(['two']);
    await store().loadEarlier();
    expect(history).toHaveBeenCalledWith(11, 21);
    expect(store().rounds.map((round) => round.variants[0].content)).toEqual(['one', 'two']);
    expect(notify.info).toHaveBeenCalledWith('已加载所有对话');
    notify.info.mockReset();
    await store().loadEarlier();
    // Nothing more to load and already said so: no call, no second toast.
    expect(history).toHaveBeenCalledTimes(4);
    expect(notify.info).not.toHaveBeenCalled();
  });

  it('reports a failed earlier-history load', async () => {
    store().setDeps({ history: vi.fn(async () => ({ conversation: {} as never, messages: [], has_more: true, next_cursor: 9 })) });
    await store().loadLatest();
    store().setDeps({ history: vi.fn(async () => Promise.reject(new Error('x'))) });
    await store().loadEarlier();
    expect(notify.error).toHaveBeenCalledWith('加载历史消息失败');
  });
});

describe(buildRounds.name, () => {
  it('groups rows into rounds, user variants (query_id) and answers, ordered by each round’s latest row', () => {
    const rounds = buildRounds({
      a: [
        row({ id: 1, conversation_id: 1, message: 'first' }),
        row({ id: 3, conversation_id: 1, message: 'second' }),
        // regenerated answer of round 1, then an edit of it with its own answer
        row({ id: 5, conversation_id: 1, round_id: 1, query_id: 1, last_id: 1, answer: 'a-again' }),
        row({ id: 7, conversation_id: 1, round_id: 1, query_id: 7, last_edit_id: 1, message: 'first edited', answer: 'a-edit' }),
        row({ id: 9, conversation_id: 1, round_id: 1, query_id: 7, answer: 'long answer', stop_index: 4, status: 'stopped' }),
      ],
      b: [row({ id: 2, conversation_id: 2, message: 'first', answer: 'b1' }), row({ id: 4, conversation_id: 2, message: 'second', answer: 'b2' })],
    });
    expect(rounds.map((round) => round.variants[0].content)).toEqual(['second', 'first']);
    const [second, first] = rounds;
    expect(second.variants[0].bySession.b.responses[0].content).toBe('b2');
    expect(first.variants.map((variant) => variant.content)).toEqual(['first', 'first edited']);
    expect(first.userIndex).toBe(1);
    expect(first.variants[0].bySession.a.responses.map((response) => response.content)).toEqual(['a', 'a-again']);
    expect(first.variants[0].bySession.a.responseIndex).toBe(1);
    expect(first.variants[1].bySession.a.responses.map((response) => [response.content, response.status])).toEqual([
      ['a-edit', 'done'],
      ['long', 'stopped'],
    ]);
    expect(first.variants[0].bySession.b.queryId).toBe(2);
    expect(first.variants[1].bySession.b).toBeUndefined();
  });

  it('keeps the turns aligned when a column has none of a turn (its call refused before the stream)', () => {
    const rounds = buildRounds({
      a: [row({ id: 1, conversation_id: 1, message: 'one', answer: 'a1' }), row({ id: 3, conversation_id: 1, message: 'two', answer: 'a2' }), row({ id: 6, conversation_id: 1, message: 'three', answer: 'a3' })],
      b: [row({ id: 2, conversation_id: 2, message: 'one', answer: 'b1' }), row({ id: 5, conversation_id: 2, message: 'three', answer: 'b3' })],
    });
    expect(rounds.map((round) => [round.variants[0].content, round.variants[0].bySession.a?.responses[0].content, round.variants[0].bySession.b?.responses[0].content])).toEqual([
      ['one', 'a1', 'b1'],
      ['two', 'a2', undefined],
      ['three', 'a3', 'b3'],
    ]);
  });
});
