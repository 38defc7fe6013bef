import {
  CHAT_MAX_MODELS,
  MSG_CHAT_DELETED,
  MSG_CHAT_MODEL_DUPLICATE,
  MSG_CHAT_MODEL_REQUIRED,
  MSG_CHAT_MODEL_SWITCHED,
  MSG_CHAT_MODEL_UNAVAILABLE,
  MSG_CHAT_NO_MULTIMODAL_TO_TEXT,
  MSG_CHAT_SELECT_MODEL_FIRST,
  MSG_CHAT_TOO_MANY_MODELS,
  MSG_CONVERSATION_NOT_FOUND,
  MSG_TALKING_NOT_FOUND,
} from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestKit, startChatTestKit } from '../../test/talkings-test-kit';

const conversationNotFound = { success: false, message: MSG_CONVERSATION_NOT_FOUND, data: null };

interface Column {
  id: number;
  talking_id: number;
  model_name: string;
}

describe('conversations: /relay/v1/conversation (integration)', () => {
  let kit: ChatTestKit;
  let alice: TestAgent;
  let bob: TestAgent;

  const newTalking = async (agent: TestAgent = alice) => (await agent.post('/relay/v1/talking/').send({ name: '对比' })).body.data.id as number;
  const open = async (talkingId: number, models: string[], agent: TestAgent = alice): Promise<Column[]> => {
    const reply = await agent.post('/relay/v1/conversation/').send(models.map((model_name) => ({ talking_id: talkingId, model_name })));
    if (!reply.body.success) throw new Error(reply.body.message);
    return reply.body.data;
  };
  const columnsOf = async (talkingId: number) => (await alice.get(`/relay/v1/conversation/?talking_id=${talkingId}`)).body.data as Column[];

  beforeAll(async () => {
    kit = await startChatTestKit();
    alice = (await kit.t.signUp('alice')).agent;
    bob = (await kit.t.signUp('bob')).agent;
  });
  afterAll(async () => kit.t.close());

  it('opens model columns from a bare list or { list }, and lists them in id order', async () => {
    const talkingId = await newTalking();
    const created = await alice.post('/relay/v1/conversation/').send([
      { talking_id: talkingId, model_name: 'gpt-4o' },
      { talking_id: talkingId, model_name: 'deepseek-chat', extra: 'dropped' },
    ]);
    expect(created.status).toBe(200);
    expect(created.body.success).toBe(true);
    expect(created.body.data).toHaveLength(2);
    expect(created.body.data[0]).toMatchObject({ talking_id: talkingId, model_name: 'gpt-4o', dialogue_count: 0 });
    expect(created.body.data[0].id).toBeGreaterThan(0);
    const wrapped = await alice.post('/relay/v1/conversation/').send({ list: [{ talking_id: talkingId, model_name: 'qwen-max' }] });
    expect(wrapped.body.data[0]).toMatchObject({ model_name: 'qwen-max' });
    const listed = await columnsOf(talkingId);
    expect(listed.map((column) => column.model_name)).toEqual(['gpt-4o', 'deepseek-chat', 'qwen-max']);
    expect(listed.map((column) => column.id)).toEqual([...listed.map((column) => column.id)].sort((a, b) => a - b));
    expect((await alice.get(`/relay/v1/talking/${talkingId}`)).body.data.conversations).toEqual(listed);
  });

  it.each([
    ['an empty list', [], MSG_CHAT_MODEL_REQUIRED],
    ['no list at all', { nothing: true }, MSG_CHAT_MODEL_REQUIRED],
    ['items that are not objects', ['gpt-4o'], MSG_CHAT_MODEL_REQUIRED],
    ['a missing model', [{ talking_id: 'TALKING' }], MSG_CHAT_SELECT_MODEL_FIRST],
    ['a bad talking id', [{ talking_id: 'x', model_name: 'gpt-4o' }], MSG_TALKING_NOT_FOUND],
    ['too many models', ['gpt-4o', 'deepseek-chat', 'qwen-max', 'glm-4-plus'].map((model_name) => ({ talking_id: 'TALKING', model_name })), MSG_CHAT_TOO_MANY_MODELS],
    ['a model the group cannot use', [{ talking_id: 'TALKING', model_name: 'gpt-4o' }, { talking_id: 'TALKING', model_name: 'not-served' }], MSG_CHAT_MODEL_UNAVAILABLE('not-served')],
    ['the same model twice', [{ talking_id: 'TALKING', model_name: 'gpt-4o' }, { talking_id: 'TALKING', model_name: 'gpt-4o' }], MSG_CHAT_MODEL_DUPLICATE('gpt-4o')],
  ])('refuses %s and opens nothing', async (_case, body, message) => {
    const talkingId = await newTalking();
    const sent = JSON.parse(JSON.stringify(body).replaceAll('"TALKING"', String(talkingId)));
    expect((await alice.post('/relay/v1/conversation/').send(sent)).body).toEqual({ success: false, message, data: null });
    expect(await columnsOf(talkingId)).toEqual([]);
  });

  it('never lets a talking hold more than the most models, nor a model twice', async () => {
    const talkingId = await newTalking();
    await open(talkingId, ['gpt-4o', 'deepseek-chat']);
    const duplicate = await alice.post('/relay/v1/conversation/').send([{ talking_id: talkingId, model_name: 'deepseek-chat' }]);
    expect(duplicate.body.message).toBe(MSG_CHAT_MODEL_DUPLICATE('deepseek-chat'));
    await open(talkingId, ['qwen-max']);
    expect(CHAT_MAX_MODELS).toBe(3);
    const fourth = await alice.post('/relay/v1/conversation/').send([{ talking_id: talkingId, model_name: 'glm-4-plus' }]);
    expect(fourth.body).toEqual({ success: false, message: MSG_CHAT_TOO_MANY_MODELS, data: null });
    expect(await columnsOf(talkingId)).toHaveLength(3);
  });

  describe('switching a column’s model', () => {
    it('switches to a usable model not already in the talking', async () => {
      const talkingId = await newTalking();
      const [deepseek] = await open(talkingId, ['deepseek-chat', 'qwen-max']);
      const switched = await alice.put(`/relay/v1/conversation/${deepseek.id}`).send({ model_name: 'gpt-4o' });
      expect(switched.body).toMatchObject({ success: true, message: MSG_CHAT_MODEL_SWITCHED, data: { id: deepseek.id, model_name: 'gpt-4o' } });
      expect((await columnsOf(talkingId)).map((column) => column.model_name)).toEqual(['gpt-4o', 'qwen-max']);
      // Text to text, and staying on the same model, are fine.
      const [, qwen] = await columnsOf(talkingId);
      expect((await alice.put(`/relay/v1/conversation/${qwen.id}`).send({ model_name: 'glm-4-plus' })).body.success).toBe(true);
      expect((await alice.put(`/relay/v1/conversation/${qwen.id}`).send({ model_name: 'glm-4-plus' })).body.success).toBe(true);
    });

    it('refuses a duplicate, an unusable model and an image-reading model giving way to a text-only one', async () => {
      const talkingId = await newTalking();
      const [gpt, deepseek] = await open(talkingId, ['gpt-4o', 'deepseek-chat']);
      expect((await alice.put(`/relay/v1/conversation/${deepseek.id}`).send({ model_name: 'gpt-4o' })).body).toEqual({ success: false, message: MSG_CHAT_MODEL_DUPLICATE('gpt-4o'), data: null });
      expect((await alice.put(`/relay/v1/conversation/${deepseek.id}`).send({ model_name: 'gone' })).body.message).toBe(MSG_CHAT_MODEL_UNAVAILABLE('gone'));
      expect((await alice.put(`/relay/v1/conversation/${gpt.id}`).send({ model_name: 'qwen-max' })).body).toEqual({ success: false, message: MSG_CHAT_NO_MULTIMODAL_TO_TEXT, data: null });
      expect((await alice.put(`/relay/v1/conversation/${gpt.id}`).send({})).body.message).toBe(MSG_CHAT_SELECT_MODEL_FIRST);
      expect((await columnsOf(talkingId)).map((column) => column.model_name)).toEqual(['gpt-4o', 'deepseek-chat']);

      // Once model management marks qwen-max as reading images, the switch is allowed.
      await kit.admin.post('/api/channel/update_ability').send({ channel_id: kit.channelId, group: 'default', model: 'qwen-max', is_viewable: true });
      try {
        expect((await alice.put(`/relay/v1/conversation/${gpt.id}`).send({ model_name: 'qwen-max' })).body.success).toBe(true);
      } finally {
        await kit.admin.post('/api/channel/update_ability').send({ channel_id: kit.channelId, group: 'default', model: 'qwen-max', is_viewable: false });
      }
    });
  });

  it('deletes a column with its messages', async () => {
    const talkingId = await newTalking();
    const [gpt, deepseek] = await open(talkingId, ['gpt-4o', 'deepseek-chat']);
    await kit.addRow(gpt.id);
    const removed = await alice.delete(`/relay/v1/conversation/${gpt.id}/permanent`);
    expect(removed.body).toEqual({ success: true, message: MSG_CHAT_DELETED, data: true });
    expect((await columnsOf(talkingId)).map((column) => column.id)).toEqual([deepseek.id]);
    expect((await kit.t.db.query('SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1', [gpt.id]))[0].n).toBe(0);
    expect((await alice.delete(`/relay/v1/conversation/${gpt.id}/permanent`)).body).toEqual(conversationNotFound);
  });

  describe('history of a conversation', () => {
    it('pages rounds by their latest row, oldest first, with every variant', async () => {
      const talkingId = await newTalking();
      const [column] = await open(talkingId, ['gpt-4o']);
      // Rounds A, B, C, D in order; then A is regenerated (its latest row moves it to the end) and C's query edited.
      const a = await kit.addRow(column.id, { query: 'A' });
      const b = await kit.addRow(column.id, { query: 'B' });
      const c = await kit.addRow(column.id, { query: 'C' });
      const d = await kit.addRow(column.id, { query: 'D' });
      const a2 = await kit.addRow(column.id, { round: a, queryId: a, query: 'A' });
      const c2 = await kit.addRow(column.id, { round: c, query: 'C edited' });
      // Keys: B=b, D=d, A=a2, C=c2 → order B, D, A, C.
      const ids = (reply: { body: { data: { messages: Array<{ id: number }> } } }) => reply.body.data.messages.map((row) => row.id);

      const all = await alice.get(`/relay/v1/conversation/${column.id}`);
      expect(all.body.success).toBe(true);
      expect(ids(all)).toEqual([b, d, a, a2, c, c2]);
      expect(all.body.data).toMatchObject({ has_more: false, next_cursor: null, conversation: { id: column.id, model_name: 'gpt-4o' } });
      expect(all.body.data.messages[2]).toMatchObject({ round_id: a, query_id: a, query: 'A', answer: 'answer', status: 'done' });
      expect(all.body.data.messages[5]).toMatchObject({ round_id: c, query_id: c2, query: 'C edited' });

      const last = await alice.get(`/relay/v1/conversation/${column.id}?limit=2`);
      expect(ids(last)).toEqual([a, a2, c, c2]);
      expect(last.body.data).toMatchObject({ has_more: true, next_cursor: a2 });
      const before = await alice.get(`/relay/v1/conversation/${column.id}?limit=1&updated_time=${a2}`);
      expect(ids(before)).toEqual([d]);
      expect(before.body.data).toMatchObject({ has_more: true, next_cursor: d });
      const first = await alice.get(`/relay/v1/conversation/${column.id}?limit=5&updated_time=${d}`);
      expect(ids(first)).toEqual([b]);
      expect(first.body.data).toMatchObject({ has_more: false, next_cursor: null });
      const exact = await alice.get(`/relay/v1/conversation/${column.id}?limit=2&updated_time=${a2}`);
      expect(ids(exact)).toEqual([b, d]);
      expect(exact.body.data.has_more).toBe(false);
    });

    it('answers an empty conversation and refuses bad paging', async () => {
      const [column] = await open(await newTalking(), ['gpt-4o']);
      expect((await alice.get(`/relay/v1/conversation/${column.id}`)).body.data).toMatchObject({ messages: [], has_more: false, next_cursor: null });
      expect((await alice.get(`/relay/v1/conversation/${column.id}?limit=51`)).body).toEqual({ success: false, message: '每次加载的轮数必须在 1 到 50 之间', data: null });
      expect((await alice.get(`/relay/v1/conversation/${column.id}?limit=0`)).body.success).toBe(false);
      expect((await alice.get(`/relay/v1/conversation/${column.id}?updated_time=abc`)).body).toEqual({ success: false, message: '加载位置无效', data: null });
    });
  });

  it('lists the models the user chatted with, most recent first, leaving out unusable ones', async () => {
    const { agent: dave } = await kit.t.signUp('dave');
    const talkingId = await newTalking(dave);
    const [gpt, deepseek, qwen] = await open(talkingId, ['gpt-4o', 'deepseek-chat', 'qwen-max'], dave);
    const other = await newTalking(dave);
    const [glm] = await open(other, ['glm-4-plus'], dave);
    expect((await dave.get('/relay/v1/conversation/history_msg_model')).body).toEqual({ success: true, message: '', data: [] });
    await kit.addRow(deepseek.id);
    await kit.addRow(gpt.id);
    await kit.addRow(glm.id);
    await kit.addRow(deepseek.id);
    expect(qwen.id).toBeGreaterThan(0);
    const used = await dave.get('/relay/v1/conversation/history_msg_model');
    expect(used.body.data.map((model: { id: string }) => model.id)).toEqual(['deepseek-chat', 'glm-4-plus', 'gpt-4o']);
    expect(used.body.data[2]).toMatchObject({ name: 'gpt-4o', owned_by: 'OpenAI', provider: 'openai', is_viewable: true, max_token: 128000 });
    // A model no longer served to the group drops out.
    await kit.t.db.query(`UPDATE conversations SET model_name = 'retired-model' WHERE id = $1`, [glm.id]);
    expect((await dave.get('/relay/v1/conversation/history_msg_model')).body.data.map((model: { id: string }) => model.id)).toEqual(['deepseek-chat', 'gpt-4o']);
    // Nobody else's.
    expect((await bob.get('/relay/v1/conversation/history_msg_model')).body.data).toEqual([]);
  });

  it('answers another user’s conversation exactly like a missing one, on every route, and changes nothing', async () => {
    const talkingId = await newTalking();
    const [column] = await open(talkingId, ['gpt-4o']);
    await kit.addRow(column.id, { query: '秘密' });
    for (const id of [column.id, 999999, 'abc']) {
      expect((await bob.get(`/relay/v1/conversation/${id}`)).body).toEqual(conversationNotFound);
      expect((await bob.put(`/relay/v1/conversation/${id}`).send({ model_name: 'gpt-4o' })).body).toEqual(conversationNotFound);
      expect((await bob.delete(`/relay/v1/conversation/${id}/permanent`)).body).toEqual(conversationNotFound);
    }
    expect((await bob.get(`/relay/v1/conversation/?talking_id=${talkingId}`)).body).toEqual({ success: false, message: MSG_TALKING_NOT_FOUND, data: null });
    expect((await bob.post('/relay/v1/conversation/').send([{ talking_id: talkingId, model_name: 'deepseek-chat' }])).body.message).toBe(MSG_TALKING_NOT_FOUND);
    expect((await columnsOf(talkingId)).map((each) => each.model_name)).toEqual(['gpt-4o']);
    expect((await alice.get(`/relay/v1/conversation/${column.id}`)).body.data.messages).toHaveLength(1);
  });

  it('is for signed-in users only', async () => {
    expect((await kit.t.http().get('/relay/v1/conversation/history_msg_model')).status).toBe(401);
    expect((await kit.t.http().get('/relay/v1/conversation/1')).status).toBe(401);
    expect((await kit.t.http().post('/relay/v1/conversation/').send([])).status).toBe(401);
  });
});
