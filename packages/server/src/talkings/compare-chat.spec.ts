import { MSG_CHAT_MESSAGE_NOT_FOUND, MSG_CHAT_MESSAGE_REQUIRED, MSG_CONVERSATION_NOT_FOUND } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_REASONING, MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';
import { MSG_NUL, MSG_TOO_DEEP } from '../common/input-rules';
import { StorageService } from '../storage/storage.service';
import { emptyUsage } from '../relay/billing/usage';
import type { RelayOutcome } from '../relay/relay.service';
import { MSG_STREAM_BROKEN } from '../relay/stream/stream-delivery';
import { MSG_CHAT_IMAGE_NOT_FOUND } from './chat-images';
import { CompareChatStore } from './compare-chat-store';

/** Ratio 1, completion ratio 2: a mock answer (11 prompt + 7 completion tokens) costs 25. */
const MOCK_COST = 25;
const MODELS = ['think', 'mock-a', 'slow-stream', 'vision-a', 'cut-stream'];
const PASSWORD = 'password-123';

interface ConsoleUser {
  userId: number;
  key: string;
  agent: TestAgent;
  cookie: string;
}

type Event = Record<string, any> | '[DONE]';

describe('compare chat answers through the relay', () => {
  let f: RelayFixture;
  let t: TestApp;
  let upstream: MockOpenAiUpstream;
  let origin: string;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    t = f.t;
    origin = f.baseURL.replace(/\/v1$/, '');
    await f.channel({ models: MODELS.join(',') });
    await t.db.query(`UPDATE abilities SET is_viewable = true WHERE model = 'vision-a'`);
    await t.db.query(`UPDATE abilities SET is_deep_seek = true WHERE model = 'think'`);
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  /** A user with quota and a token, signed in: the session cookie a browser would send. */
  const consoleUser = async (name: string, quota = 100_000): Promise<ConsoleUser> => {
    const { userId, key, agent } = await f.customer(name, quota);
    const login = await fetch(`${origin}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: name, password: PASSWORD }) });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return { userId, key, agent, cookie };
  };

  /** A talking with one conversation of `model`. */
  const conversationOf = async (userId: number, model: string): Promise<{ talkingId: number; conversationId: number }> => {
    const [talking] = await t.db.query(`INSERT INTO talkings (user_id, name, created_at, updated_at) VALUES ($1, 'chat', 1, 1) RETURNING id`, [userId]);
    const [conversation] = await t.db.query(`INSERT INTO conversations (talking_id, user_id, model_name, created_at, updated_at) VALUES ($1, $2, $3, 1, 1) RETURNING id`, [
      talking.id,
      userId,
      model,
    ]);
    return { talkingId: talking.id, conversationId: conversation.id };
  };

  const send = (user: ConsoleUser, body: Record<string, unknown>, signal?: AbortSignal) =>
    fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'new-api-user': String(user.userId), 'content-type': 'application/json' },
      body: JSON.stringify({ stream: true, ...body }),
      signal,
    });

  const parseEvents = (text: string): Event[] =>
    text
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => block.slice(6))
      .map((data) => (data === '[DONE]' ? '[DONE]' : JSON.parse(data)));

  const contentOf = (events: Event[]) => events.map((event) => (event === '[DONE]' ? '' : (event.choices?.[0]?.delta?.content ?? ''))).join('');

  /** One whole answer: the events as the browser reads them. */
  const chat = async (user: ConsoleUser, conv: { talkingId: number; conversationId: number }, model: string, fields: Record<string, unknown>) => {
    const reply = await send(user, { model, conversation_id: conv.conversationId, talking_id: conv.talkingId, ...fields });
    expect(reply.status).toBe(200);
    const events = parseEvents(await reply.text());
    const head = events[0] as Record<string, any>;
    return { events, messageId: head.hr_message_id as number };
  };

  const ask = (text: string) => ({ messages: [{ role: 'user', content: text }] });
  const rowOf = async (id: number) => (await t.db.query('SELECT * FROM chat_messages WHERE id = $1', [id]))[0];
  const rowsOf = async (conversationId: number) => Number((await t.db.query('SELECT count(*) FROM chat_messages WHERE conversation_id = $1', [conversationId]))[0].count);

  /** The row once its answer is stored (settlement follows the client's disconnect). */
  const settledRow = async (id: number) => {
    for (let i = 0; i < 200; i++) {
      const row = await rowOf(id);
      if (row.status !== 'streaming') return row;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`message ${id} still streaming`);
  };

  it('streams the message id, the answer, the stored message, then [DONE]; stores the answer and thinking; bills once', async () => {
    const user = await consoleUser('streamer');
    const conv = await conversationOf(user.userId, 'think');
    const { events, messageId } = await chat(user, conv, 'think', { ...ask('hi'), temperature: 0.5, enable_thinking: false, messages: [{ role: 'system', content: 'ignored' }, { role: 'user', content: 'hi' }] });
    expect(events[0]).toEqual({ hr_message_id: messageId });
    expect(contentOf(events)).toBe('Hello from think');
    expect(events.at(-1)).toBe('[DONE]');
    const tail = events.at(-2) as Record<string, any>;
    expect(tail.hr_message_id).toBe(messageId);
    expect(tail.hr_message).toMatchObject({ id: messageId, status: 'done', answer: 'Hello from think', thinking: MOCK_REASONING.join(''), quota: MOCK_COST, prompt_tokens: 11, completion_tokens: 7 });
    expect(tail.hr_message.first_token_ms).toBeGreaterThan(0);
    expect(tail.hr_message.duration_ms).toBeGreaterThanOrEqual(tail.hr_message.first_token_ms);

    const sent = upstream.seen.at(-1)!.body;
    expect(sent.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(sent).toMatchObject({ temperature: 0.5, enable_thinking: false, stream: true, stream_options: { include_usage: true } });
    expect(sent).not.toHaveProperty('conversation_id');

    const row = await rowOf(messageId);
    expect(row).toMatchObject({ status: 'done', answer: 'Hello from think', thinking: MOCK_REASONING.join(''), query: 'hi', message: 'hi', stop_index: null, last_id: null, last_edit_id: null });
    expect(Number(row.round_id)).toBe(messageId);
    expect(Number(row.query_id)).toBe(messageId);
    const [log] = await f.logsOf(user.userId);
    expect(Number(log.quota)).toBe(MOCK_COST);
    expect(Number(row.quota)).toBe(MOCK_COST);
    expect(row.request_id).not.toBe('');
    expect(await f.quotaOf(user.userId)).toBe(100_000 - MOCK_COST);
    const [conversation] = await t.db.query('SELECT dialogue_count, updated_at FROM conversations WHERE id = $1', [conv.conversationId]);
    expect(conversation.dialogue_count).toBe(1);
    expect(Number(conversation.updated_at)).toBeGreaterThan(1);

    // The stored message as the chat page reloads it.
    const view = await user.agent.get(`/relay/v1/conversation/message/${messageId}`);
    expect(view.body).toMatchObject({ success: true, data: { id: messageId, answer: 'Hello from think', status: 'done', quota: MOCK_COST } });
  });

  it('sends the history the server builds: regenerating and editing a round send the other rounds first', async () => {
    const user = await consoleUser('historian');
    const conv = await conversationOf(user.userId, 'mock-a');
    const answer = 'Hello from mock-a';
    const round1 = (await chat(user, conv, 'mock-a', { ...ask('q1'), enable_thinking: true })).messageId;
    // A model that does not think is not sent the switch.
    expect(upstream.seen.at(-1)!.body).not.toHaveProperty('enable_thinking');
    const round2 = (await chat(user, conv, 'mock-a', { messages: [{ role: 'user', content: 'forged' }, { role: 'assistant', content: 'forged' }, { role: 'user', content: 'q2' }] })).messageId;
    expect(upstream.seen.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: answer },
      { role: 'user', content: 'q2' },
    ]);

    // Regenerate round 1: its query again, after round 2; whatever the client sends is ignored.
    const regenerated = (await chat(user, conv, 'mock-a', { ...ask('ignored'), last_id: round1 })).messageId;
    expect(upstream.seen.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'q2' },
      { role: 'assistant', content: answer },
      { role: 'user', content: 'q1' },
    ]);
    expect(await rowOf(regenerated)).toMatchObject({ query: 'q1', round_id: String(round1), query_id: String(round1), last_id: String(round1), last_edit_id: null });

    // Edit round 1: a new query variant of the round.
    const edited = (await chat(user, conv, 'mock-a', { ...ask('q1 edited'), last_edit_id: regenerated })).messageId;
    expect(upstream.seen.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'q2' },
      { role: 'assistant', content: answer },
      { role: 'user', content: 'q1 edited' },
    ]);
    expect(await rowOf(edited)).toMatchObject({ query: 'q1 edited', round_id: String(round1), query_id: String(edited), last_id: null, last_edit_id: String(regenerated) });

    // Both given: a regenerate of the edited variant.
    const both = (await chat(user, conv, 'mock-a', { ...ask('x'), last_id: edited, last_edit_id: round2 })).messageId;
    expect(await rowOf(both)).toMatchObject({ query: 'q1 edited', round_id: String(round1), query_id: String(edited), last_id: String(edited), last_edit_id: null });

    // A new round sees round 1 as its latest variant, after round 2.
    await chat(user, conv, 'mock-a', ask('q3'));
    expect(upstream.seen.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'q2' },
      { role: 'assistant', content: answer },
      { role: 'user', content: 'q1 edited' },
      { role: 'assistant', content: answer },
      { role: 'user', content: 'q3' },
    ]);
    const [conversation] = await t.db.query('SELECT dialogue_count FROM conversations WHERE id = $1', [conv.conversationId]);
    expect(conversation.dialogue_count).toBe(6);
  });

  it('stops a streaming answer: cut exactly where the user stopped, upstream ended, billed once', async () => {
    const user = await consoleUser('stopper');
    const conv = await conversationOf(user.userId, 'slow-stream');
    const closedBefore = upstream.closedEarly;
    const abort = new AbortController();
    const reply = await send(user, { model: 'slow-stream', conversation_id: conv.conversationId, talking_id: conv.talkingId, ...ask('long') }, abort.signal);
    expect(reply.status).toBe(200);
    const reader = reply.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (contentOf(parseEvents(text.slice(0, text.lastIndexOf('\n\n') + 2))).length < 9) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended early');
      text += decoder.decode(value, { stream: true });
    }
    const events = parseEvents(text.slice(0, text.lastIndexOf('\n\n') + 2));
    const messageId = (events[0] as Record<string, any>).hr_message_id as number;
    const seen = contentOf(events);
    const stopped = await user.agent.post('/relay/v1/conversation/stop_message').send({ message_id: messageId, stop_index: 4 });
    expect(stopped.body).toMatchObject({ success: true, data: { id: messageId, stop_index: 4 } });
    abort.abort();
    await reader.cancel().catch(() => undefined);

    const row = await settledRow(messageId);
    expect(seen.startsWith('w0 w1')).toBe(true);
    expect(row).toMatchObject({ status: 'stopped', answer: 'w0 w', stop_index: 4 });
    const logs = await f.logsOf(user.userId);
    expect(logs).toHaveLength(1);
    expect(Number(row.quota)).toBe(Number(logs[0].quota));
    expect(Number(row.quota)).toBeGreaterThan(0);
    expect(await f.quotaOf(user.userId)).toBe(100_000 - Number(row.quota));
    // The upstream call did not run to its 40th word.
    expect(upstream.closedEarly).toBeGreaterThan(closedBefore);
  });

  it('ends the answer at once when the stop reaches the instance streaming it, even if the browser keeps reading', async () => {
    const user = await consoleUser('server-stop');
    const conv = await conversationOf(user.userId, 'slow-stream');
    const closedBefore = upstream.closedEarly;
    const reply = await send(user, { model: 'slow-stream', conversation_id: conv.conversationId, talking_id: conv.talkingId, ...ask('long') });
    const reader = reply.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('w1 ')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended early');
      text += decoder.decode(value, { stream: true });
    }
    const messageId = (parseEvents(text)[0] as Record<string, any>).hr_message_id as number;
    await user.agent.post('/relay/v1/conversation/stop_message').send({ message_id: messageId, stop_index: 2 });
    // The server closes the stream: the reader ends (or fails) without the tail and [DONE].
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // the connection was cut: what the browser sees of a stopped answer
    }
    expect(text).not.toContain('[DONE]');
    expect(contentOf(parseEvents(text.slice(0, text.lastIndexOf('\n\n') + 2)))).not.toContain('w39');
    expect(await settledRow(messageId)).toMatchObject({ status: 'stopped', answer: 'w0', stop_index: 2 });
    expect(upstream.closedEarly).toBeGreaterThan(closedBefore);
    expect(await f.logsOf(user.userId)).toHaveLength(1);
  });

  it('stops an answer that has already settled: cut now, nothing billed again', async () => {
    const user = await consoleUser('late-stopper');
    const conv = await conversationOf(user.userId, 'mock-a');
    const { messageId } = await chat(user, conv, 'mock-a', ask('hi'));
    await f.logsOf(user.userId);
    const stopped = await user.agent.post('/relay/v1/conversation/stop_message').send({ message_id: messageId, stop_index: 3 });
    expect(stopped.body).toMatchObject({ success: true, data: { status: 'stopped', answer: 'Hel', stop_index: 3 } });
    expect(await rowOf(messageId)).toMatchObject({ status: 'stopped', answer: 'Hel', stop_index: 3 });
    expect(await f.logsOf(user.userId)).toHaveLength(1);
    expect(await f.quotaOf(user.userId)).toBe(100_000 - MOCK_COST);
  });

  describe('a settlement racing a stop (the store, on the database)', () => {
    const outcome = { requestId: 'race', quota: 7, usage: { ...emptyUsage(), prompt_tokens: 3, completion_tokens: 4 }, firstTokenMs: 1, durationMs: 2, clientGone: false } satisfies RelayOutcome;
    // The browser counts UTF-16 units: the emoji is two of them.
    const captured = { answer: '😀 héllo world', thinking: 'hm', streamError: '' };

    const streamingRow = async (name: string) => {
      const user = await consoleUser(name);
      const conv = await conversationOf(user.userId, 'mock-a');
      const store = t.app.get(CompareChatStore);
      const [{ id: drawn }] = await t.db.query(`SELECT nextval(pg_get_serial_sequence('chat_messages', 'id'))::int AS id`);
      const id = Number(drawn);
      await store.insert({ id, conversationId: conv.conversationId, userId: user.userId, modelName: 'mock-a', message: 'hi', place: { roundId: null, queryId: null, lastId: null, lastEditId: null } });
      return { user, conv, store, id };
    };
    const dialogueCount = async (conversationId: number) => Number((await t.db.query('SELECT dialogue_count FROM conversations WHERE id = $1', [conversationId]))[0].dialogue_count);

    /** Until a backend waits on a row lock of chat_messages (the settlement blocked by the stop). */
    const someoneWaitsOnALock = async () => {
      for (let i = 0; i < 500; i++) {
        const [{ waiting }] = await t.db.query(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        if (waiting > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the settlement never waited on the stop’s lock');
    };

    it('settles a row nobody stopped in one statement: done, whole answer, counted once', async () => {
      const { conv, store, id } = await streamingRow('race-none');
      expect(await store.settle(id, captured, outcome)).toMatchObject({ id, status: 'done', answer: captured.answer, thinking: 'hm', quota: 7, stop_index: null, round_id: id });
      expect(await rowOf(id)).toMatchObject({ status: 'done', answer: captured.answer, prompt_tokens: 3, completion_tokens: 4, request_id: 'race' });
      expect(await dialogueCount(conv.conversationId)).toBe(1);
      // Settled once: a second settlement changes nothing.
      await store.settle(id, { ...captured, answer: 'other' }, outcome);
      expect(await rowOf(id)).toMatchObject({ answer: captured.answer });
      expect(await dialogueCount(conv.conversationId)).toBe(1);
    });

    it('cuts the answer when the stop was stored before the settlement', async () => {
      const { user, conv, store, id } = await streamingRow('race-before');
      await store.stop(user.userId, id, 5);
      expect(await store.settle(id, captured, outcome)).toMatchObject({ status: 'stopped', answer: '😀 hé', stop_index: 5 });
      expect(await rowOf(id)).toMatchObject({ status: 'stopped', answer: '😀 hé', stop_index: 5, quota: '7' });
      expect(await dialogueCount(conv.conversationId)).toBe(1);
    });

    it('cuts the answer when the settlement had to wait for the stop’s row lock', async () => {
      const { conv, store, id } = await streamingRow('race-during');
      const stop = t.db.createQueryRunner();
      await stop.connect();
      await stop.startTransaction();
      try {
        // What a stop does, held open: the row locked and its stop_index written, not yet committed.
        await stop.query('SELECT id FROM chat_messages WHERE id = $1 FOR UPDATE', [id]);
        await stop.query('UPDATE chat_messages SET stop_index = 5 WHERE id = $1', [id]);
        const settling = store.settle(id, captured, outcome);
        await someoneWaitsOnALock();
        await stop.commitTransaction();
        expect(await settling).toMatchObject({ status: 'stopped', answer: '😀 hé', stop_index: 5 });
      } finally {
        await stop.release();
      }
      expect(await rowOf(id)).toMatchObject({ status: 'stopped', answer: '😀 hé', stop_index: 5 });
      expect(await dialogueCount(conv.conversationId)).toBe(1);
    });

    it('a failure of a row stopped meanwhile is stopped, of one not stopped is an error', async () => {
      const stopped = await streamingRow('race-fail-stopped');
      await stopped.store.stop(stopped.user.userId, stopped.id, 2);
      expect(await stopped.store.fail(stopped.id, captured, 'gone')).toMatchObject({ status: 'stopped', error: '', answer: '😀' });
      const failed = await streamingRow('race-fail');
      expect(await failed.store.fail(failed.id, captured, 'gone')).toMatchObject({ status: 'error', error: 'gone', answer: captured.answer, quota: 0 });
      expect(await dialogueCount(failed.conv.conversationId)).toBe(1);
    });
  });

  it('answers another user’s ids like missing ones and refuses bad calls before creating a row', async () => {
    const owner = await consoleUser('owner');
    const other = await consoleUser('intruder');
    const conv = await conversationOf(owner.userId, 'mock-a');
    const otherConv = await conversationOf(other.userId, 'mock-a');
    const { messageId } = await chat(owner, conv, 'mock-a', ask('mine'));
    const base = { model: 'mock-a', conversation_id: conv.conversationId, talking_id: conv.talkingId, ...ask('hi') };

    const refused = async (user: ConsoleUser, body: Record<string, unknown>, status: number, message: string | RegExp) => {
      const reply = await send(user, body);
      expect(reply.status).toBe(status);
      const json = (await reply.json()) as { error: { message: string; type: string } };
      expect(json.error.message).toMatch(message);
      expect(json.error.type).toBeTypeOf('string');
    };
    await refused(other, base, 404, MSG_CONVERSATION_NOT_FOUND);
    await refused(owner, { ...base, talking_id: otherConv.talkingId }, 404, MSG_CONVERSATION_NOT_FOUND);
    await refused(owner, { ...base, conversation_id: undefined }, 400, MSG_CONVERSATION_NOT_FOUND);
    await refused(owner, { ...base, model: 'think' }, 400, /不一致/);
    await refused(owner, { ...base, top_k: 5 }, 400, '该模型不支持参数 top_k');
    await refused(owner, { ...base, temperature: 3 }, 400, /temperature 必须在 0 到 2 之间/);
    await refused(owner, { ...base, max_tokens: 1.5 }, 400, /max_tokens 必须是整数/);
    await refused(owner, { ...base, messages: [{ role: 'user', content: '  ' }] }, 400, MSG_CHAT_MESSAGE_REQUIRED);
    await refused(owner, { ...base, messages: [] }, 400, MSG_CHAT_MESSAGE_REQUIRED);
    await refused(owner, { ...base, messages: [{ role: 'user', content: 'x'.repeat(100_001) }] }, 400, /不能超过/);
    await refused(owner, { ...base, messages: [{ role: 'user', content: [{ type: 'audio', data: 'x' }] }] }, 400, /格式无效/);
    const tenImages = Array.from({ length: 10 }, () => ({ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }));
    await refused(owner, { ...base, messages: [{ role: 'user', content: tenImages }] }, 400, /最多 9 张/);
    await refused(owner, { ...base, enable_thinking: 'yes' }, 400, /enable_thinking/);
    // Express's JSON limit (10 MB, the relay's own) holds for the console's call too.
    await refused(owner, { ...base, messages: [{ role: 'user', content: 'x'.repeat(11 * 1024 * 1024) }] }, 413, '请求体过大（最大 10 MB）');
    const othersRow = (await chat(other, otherConv, 'mock-a', ask('theirs'))).messageId;
    await refused(owner, { ...base, last_id: othersRow }, 404, MSG_CHAT_MESSAGE_NOT_FOUND);
    await refused(owner, { ...base, last_edit_id: othersRow }, 404, MSG_CHAT_MESSAGE_NOT_FOUND);
    expect(await rowsOf(conv.conversationId)).toBe(1);

    for (const path of [`/relay/v1/conversation/message/${messageId}`, '/relay/v1/conversation/message/999999', '/relay/v1/conversation/message/abc']) {
      expect((await other.agent.get(path)).body).toMatchObject({ success: false, message: MSG_CHAT_MESSAGE_NOT_FOUND });
    }
    expect((await other.agent.post('/relay/v1/conversation/stop_message').send({ message_id: messageId, stop_index: 1 })).body).toMatchObject({
      success: false,
      message: MSG_CHAT_MESSAGE_NOT_FOUND,
    });
    for (const stopIndex of [-1, 1.5, 10_000_001, '3']) {
      const reply = await owner.agent.post('/relay/v1/conversation/stop_message').send({ message_id: messageId, stop_index: stopIndex });
      expect(reply.body).toMatchObject({ success: false, message: /停止位置/ });
    }
    expect(await rowOf(messageId)).toMatchObject({ status: 'done', stop_index: null, answer: 'Hello from mock-a' });
    expect((await t.http().get(`/relay/v1/conversation/message/${messageId}`)).status).toBe(401);
  });

  it('gives the relay’s error when the user has no quota, and keeps no row of the refused answer', async () => {
    const user = await consoleUser('broke', 0);
    const conv = await conversationOf(user.userId, 'mock-a');
    const reply = await send(user, { model: 'mock-a', conversation_id: conv.conversationId, talking_id: conv.talkingId, ...ask('hi') });
    expect(reply.status).toBe(403);
    const json = (await reply.json()) as { error: { message: string } };
    expect(json.error.message).toContain('额度不足');
    expect(await rowsOf(conv.conversationId)).toBe(0);
  });

  it('stores a stream the upstream broke as failed, with the partial answer and what it cost', async () => {
    const user = await consoleUser('cut-off');
    const conv = await conversationOf(user.userId, 'cut-stream');
    const { events, messageId } = await chat(user, conv, 'cut-stream', ask('hi'));
    expect(contentOf(events)).toBe('Hello from');
    expect(events).not.toContain('[DONE]');
    // In Chinese, without undici's words for the cut ("terminated", "other side closed").
    expect((events.at(-1) as Record<string, any>).error.message).toBe(MSG_STREAM_BROKEN);
    const row = await settledRow(messageId);
    expect(row).toMatchObject({ status: 'error', answer: 'Hello from', error: MSG_STREAM_BROKEN });
    const logs = await f.logsOf(user.userId);
    expect(Number(row.quota)).toBe(Number(logs[0].quota));
  });

  it('sends own uploads inline to a model that sees images, the text alone to one that does not, and refuses others’ uploads', async () => {
    const user = await consoleUser('painter');
    const stranger = await consoleUser('stranger');
    const storage = t.app.get(StorageService);
    const bytes = Buffer.from('89504e470d0a1a0a0000', 'hex');
    const upload = async (owner: number, key: string) => {
      await storage.putFixed(key, bytes, 'image/png');
      await t.db.query(`INSERT INTO chat_files (user_id, key, name, type, size, created_at) VALUES ($1, $2, 'a.png', 'image/png', $3, 1)`, [owner, key, bytes.length]);
      return storage.urlOf(key);
    };
    const mine = await upload(user.userId, `chat/${user.userId}/mine.png`);
    const theirs = await upload(stranger.userId, `chat/${stranger.userId}/theirs.png`);
    const parts = (url: string) => [
      { type: 'text', text: 'what is this' },
      { type: 'image_url', image_url: { url } },
    ];

    const vision = await conversationOf(user.userId, 'vision-a');
    const { messageId } = await chat(user, vision, 'vision-a', { messages: [{ role: 'user', content: [...parts(mine), { type: 'image_url', image_url: { url: 'https://example.com/b.png' } }] }] });
    expect(upstream.seen.at(-1)!.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'what is this' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${bytes.toString('base64')}`, detail: 'auto' } },
          { type: 'image_url', image_url: { url: 'https://example.com/b.png', detail: 'auto' } },
        ],
      },
    ]);
    // Stored as sent: the upload's URL, not its bytes.
    expect((await rowOf(messageId)).message[1]).toEqual({ type: 'image_url', image_url: { url: mine } });

    const text = await conversationOf(user.userId, 'mock-a');
    await chat(user, text, 'mock-a', { messages: [{ role: 'user', content: parts(mine) }] });
    expect(upstream.seen.at(-1)!.body.messages).toEqual([{ role: 'user', content: 'what is this' }]);

    for (const [url, status, message] of [
      [theirs, 404, MSG_CHAT_IMAGE_NOT_FOUND],
      [storage.urlOf('chat/none/missing.png'), 404, MSG_CHAT_IMAGE_NOT_FOUND],
      ['http://example.com/a.png', 400, /https/],
      ['data:image/png;base64,AAAA', 400, /https/],
    ] as const) {
      const reply = await send(user, { model: 'vision-a', conversation_id: vision.conversationId, talking_id: vision.talkingId, messages: [{ role: 'user', content: parts(url) }] });
      expect(reply.status).toBe(status);
      expect(((await reply.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect(await rowsOf(vision.conversationId)).toBe(1);
  });

  it('refuses strangers at the chat’s own door before saying what is wrong with the call, as the console guard would', async () => {
    const user = await consoleUser('door-owner');
    const other = await consoleUser('door-other');
    const conv = await conversationOf(user.userId, 'mock-a');
    const base = { model: 'mock-a', conversation_id: conv.conversationId, talking_id: conv.talkingId, ...ask('hi') };
    const call = (headers: Record<string, string>, body: unknown) =>
      fetch(`${origin}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const refused = async (reply: Response, status: number, message: string | RegExp) => {
      expect(reply.status).toBe(status);
      expect(((await reply.json()) as { error: { message: string } }).error.message).toMatch(message);
    };
    const [name, value] = user.cookie.split('=');
    const forged = `${name}=${value.slice(0, -3)}abc`;

    // Strangers learn nothing about their call: a bad body from them is still "sign in".
    await refused(await call({ 'new-api-user': String(user.userId) }, { ...base, conversation_id: 'x' }), 401, /登录/);
    await refused(await call({ cookie: forged, 'new-api-user': String(user.userId) }, base), 401, /登录/);
    await refused(await call({ cookie: user.cookie, 'new-api-user': String(other.userId) }, base), 401, 'New-Api-User 与登录用户不匹配');
    await refused(await call({ cookie: user.cookie, 'new-api-user': String(other.userId) }, { ...base, conversation_id: 'x' }), 401, 'New-Api-User 与登录用户不匹配');
    // The signed-in user is told what is wrong: types, NUL characters, nesting, broken JSON.
    const own = { cookie: user.cookie, 'new-api-user': String(user.userId) };
    await refused(await call(own, { ...base, conversation_id: 'x' }), 400, MSG_CONVERSATION_NOT_FOUND);
    await refused(await call(own, { ...base, model: 'mock-a\u0000' }), 400, MSG_NUL);
    let nested: unknown = 'deep';
    for (let i = 0; i < 200; i++) nested = { nested };
    await refused(await call(own, { ...base, extra: nested }), 400, MSG_TOO_DEEP);
    await refused(await call(own, '{"model": '), 400, '请求体不是有效的 JSON');
    // Another user's conversation is not found, even with the right talking id.
    const othersConv = await conversationOf(other.userId, 'mock-a');
    await refused(await call(own, { ...base, conversation_id: othersConv.conversationId, talking_id: othersConv.talkingId }), 404, MSG_CONVERSATION_NOT_FOUND);

    // Disabled, deleted, signed out: refused at once, with the guard's own messages.
    await t.db.query('UPDATE users SET status = 2 WHERE id = $1', [user.userId]);
    await refused(await call(own, base), 401, '用户已被封禁');
    await t.db.query('UPDATE users SET status = 1, deleted_at = 1 WHERE id = $1', [user.userId]);
    await refused(await call(own, base), 401, '用户不存在或已被删除');
    await t.db.query('UPDATE users SET deleted_at = NULL WHERE id = $1', [user.userId]);
    await t.db.query('UPDATE sessions SET expires_at = 1 WHERE user_id = $1', [user.userId]);
    await refused(await call(own, base), 401, /登录/);
    expect(await rowsOf(conv.conversationId)).toBe(0);
    expect(await rowsOf(othersConv.conversationId)).toBe(0);
  });

  it('leaves key-bearing calls to the relay and asks a keyless console call for its session', async () => {
    const user = await consoleUser('api-caller');
    const reply = await fetch(`${f.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.key}`, 'new-api-user': String(user.userId), 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as any).choices[0].message.content).toBe('Hello from mock-a');

    const anonymous = await fetch(`${f.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'new-api-user': String(user.userId), 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toMatch(/登录/);

    // Without the header a keyless call is the relay's, which asks for a key.
    const keyless = await fetch(`${f.baseURL}/chat/completions`, { method: 'POST', headers: { cookie: user.cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(keyless.status).toBe(401);
    expect(((await keyless.json()) as { error: { code: string | null } }).error).toHaveProperty('code');
  });
});
