import {
  CHAT_HISTORY_PAGE_SIZE,
  MSG_CHAT_DELETED,
  MSG_CHAT_RENAME_REQUIRED,
  MSG_CHAT_RENAME_TOO_LONG,
  MSG_CHAT_RENAMED,
  MSG_TALKING_NOT_FOUND,
  TALKING_NAME_MAX_LENGTH,
  TALKING_SUMMARY_MAX_LENGTH,
} from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestKit, startChatTestKit } from '../../test/talkings-test-kit';

const notFound = { success: false, message: MSG_TALKING_NOT_FOUND, data: null };

describe('talkings: /relay/v1/talking (integration)', () => {
  let kit: ChatTestKit;
  let alice: TestAgent;
  let aliceId: number;
  let bob: TestAgent;

  const createTalking = async (agent: TestAgent, name: string, summary?: string) => {
    const reply = await agent.post('/relay/v1/talking/').send({ name, summary });
    if (!reply.body.success) throw new Error(reply.body.message);
    return reply.body.data as { id: number; name: string; updated_at: number };
  };
  const openColumns = async (agent: TestAgent, talkingId: number, models: string[]) => {
    const reply = await agent.post('/relay/v1/conversation/').send(models.map((model_name) => ({ talking_id: talkingId, model_name })));
    if (!reply.body.success) throw new Error(reply.body.message);
    return reply.body.data as Array<{ id: number; model_name: string }>;
  };

  beforeAll(async () => {
    kit = await startChatTestKit();
    ({ agent: alice, userId: aliceId } = await kit.t.signUp('alice'));
    bob = (await kit.t.signUp('bob')).agent;
  });
  afterAll(async () => kit.t.close());

  it('creates, reads, renames and deletes a talking in the console envelope', async () => {
    const created = await alice.post('/relay/v1/talking/').send({ name: '  比较一下  ', summary: '摘要', user_id: 99, id: 5 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ success: true, message: '', data: { name: '比较一下', summary: '摘要' } });
    const id = created.body.data.id as number;
    expect((await kit.t.db.query('SELECT user_id FROM talkings WHERE id = $1', [id]))[0].user_id).toBe(aliceId);

    const detail = await alice.get(`/relay/v1/talking/${id}`);
    expect(detail.body).toEqual({ success: true, message: '', data: { talking: created.body.data, conversations: [] } });

    const renamed = await alice.put(`/relay/v1/talking/${id}`).send({ name: '新名字' });
    expect(renamed.body).toMatchObject({ success: true, message: MSG_CHAT_RENAMED, data: { id, name: '新名字' } });

    const removed = await alice.delete(`/relay/v1/talking/${id}`);
    expect(removed.body).toEqual({ success: true, message: MSG_CHAT_DELETED, data: true });
    expect((await alice.get(`/relay/v1/talking/${id}`)).body).toEqual(notFound);
  });

  it.each([
    ['a missing name', {}, MSG_CHAT_RENAME_REQUIRED],
    ['a blank name', { name: '   ' }, MSG_CHAT_RENAME_REQUIRED],
    ['a name that is not text', { name: 12 }, MSG_CHAT_RENAME_REQUIRED],
    ['a long name', { name: '长'.repeat(TALKING_NAME_MAX_LENGTH + 1) }, MSG_CHAT_RENAME_TOO_LONG],
    ['a long summary', { name: 'ok', summary: 'x'.repeat(TALKING_SUMMARY_MAX_LENGTH + 1) }, `对话摘要不能超过 ${TALKING_SUMMARY_MAX_LENGTH} 个字符`],
  ])('refuses %s on create and on rename, changing nothing', async (_case, body, message) => {
    const before = (await kit.t.db.query('SELECT count(*)::int AS n FROM talkings'))[0].n;
    expect((await alice.post('/relay/v1/talking/').send(body)).body).toEqual({ success: false, message, data: null });
    expect((await kit.t.db.query('SELECT count(*)::int AS n FROM talkings'))[0].n).toBe(before);
    if ('summary' in body) return;
    const talking = await createTalking(alice, '保持原名');
    expect((await alice.put(`/relay/v1/talking/${talking.id}`).send(body)).body).toEqual({ success: false, message, data: null });
    expect((await alice.get(`/relay/v1/talking/${talking.id}`)).body.data.talking.name).toBe('保持原名');
  });

  it('accepts a name of exactly the longest length and refuses a NUL character', async () => {
    expect((await alice.post('/relay/v1/talking/').send({ name: '名'.repeat(TALKING_NAME_MAX_LENGTH) })).body.success).toBe(true);
    const nul = await alice.post('/relay/v1/talking/').send({ name: 'a\u0000b' });
    expect(nul.body.success).toBe(false);
    expect(nul.body.message).toBe('参数中不能包含空字符');
  });

  it('pages the user’s talkings, newest activity first', async () => {
    const { agent: carol, userId: carolId } = await kit.t.signUp('carol');
    for (let index = 1; index <= 12; index += 1) await createTalking(carol, `对话 ${index}`);
    // Distinct activity times: talking n was last active at second n, except that "对话 3" was renamed last.
    await kit.t.db.query(`UPDATE talkings SET updated_at = substring(name from 4)::int WHERE user_id = $1`, [carolId]);
    await kit.t.db.query(`UPDATE talkings SET updated_at = 100 WHERE user_id = $1 AND name = '对话 3'`, [carolId]);
    const first = await carol.get('/relay/v1/talking/');
    expect(first.body.data).toMatchObject({ total: 12, page: 1, page_size: CHAT_HISTORY_PAGE_SIZE });
    expect(first.body.data.list.map((talking: { name: string }) => talking.name)).toEqual(['对话 3', '对话 12', '对话 11', '对话 10', '对话 9', '对话 8', '对话 7', '对话 6', '对话 5', '对话 4']);
    const second = await carol.get('/relay/v1/talking/?page=2&page_size=5');
    expect(second.body.data.list.map((talking: { name: string }) => talking.name)).toEqual(['对话 8', '对话 7', '对话 6', '对话 5', '对话 4']);
    expect(second.body.data).toMatchObject({ total: 12, page: 2, page_size: 5 });
    const beyond = await carol.get('/relay/v1/talking/?page=9');
    expect(beyond.body.data).toMatchObject({ list: [], total: 12 });
    // Nobody else's talkings appear.
    expect((await bob.get('/relay/v1/talking/')).body.data.total).toBe(0);
  });

  it.each([
    ['page=0', '页码必须是不小于 1 的整数'],
    ['page=x', '页码必须是不小于 1 的整数'],
    ['page_size=0', '每页条数必须在 1 到 100 之间'],
    ['page_size=101', '每页条数必须在 1 到 100 之间'],
  ])('refuses the list query %s', async (query, message) => {
    expect((await alice.get(`/relay/v1/talking/?${query}`)).body).toEqual({ success: false, message, data: null });
  });

  it('answers another user’s talking exactly like a missing one, on every route, and changes nothing', async () => {
    const talking = await createTalking(alice, 'Alice 的对话');
    const [column] = await openColumns(alice, talking.id, ['gpt-4o']);
    await kit.addRow(column.id, { query: '秘密', answer: '秘密回答' });
    const missing = 999999;
    for (const id of [talking.id, missing, 'abc']) {
      expect((await bob.get(`/relay/v1/talking/${id}`)).body).toEqual(notFound);
      expect((await bob.put(`/relay/v1/talking/${id}`).send({ name: '偷改' })).body).toEqual(notFound);
      expect((await bob.delete(`/relay/v1/talking/${id}`)).body).toEqual(notFound);
      const exported = await bob.get(`/relay/v1/talking/${id}/export?format=json`);
      expect(exported.body).toEqual(notFound);
      expect(exported.headers['content-disposition']).toBeUndefined();
      expect((await bob.get(`/relay/v1/conversation/?talking_id=${id}`)).body.success).toBe(false);
      expect((await bob.post('/relay/v1/conversation/').send([{ talking_id: typeof id === 'number' ? id : 1, model_name: 'deepseek-chat' }])).body).toEqual(notFound);
    }
    expect((await alice.get(`/relay/v1/talking/${talking.id}`)).body.data.talking.name).toBe('Alice 的对话');
    expect((await alice.get(`/relay/v1/talking/${talking.id}`)).body.data.conversations).toHaveLength(1);
  });

  it('is for signed-in users only', async () => {
    expect((await kit.t.http().get('/relay/v1/talking/')).status).toBe(401);
    expect((await kit.t.http().post('/relay/v1/talking/').send({ name: 'x' })).status).toBe(401);
    expect((await kit.t.http().get('/relay/v1/talking/1/export?format=json')).status).toBe(401);
  });

  it('deletes a talking with its conversations and messages, keeping the user’s uploads', async () => {
    const talking = await createTalking(alice, '要删除的');
    const columns = await openColumns(alice, talking.id, ['gpt-4o', 'deepseek-chat']);
    await kit.addRow(columns[0].id);
    await kit.addRow(columns[1].id);
    await kit.t.db.query(`INSERT INTO chat_files (user_id, key, name, type, size, created_at) VALUES ($1, 'chat/kept.png', 'kept.png', 'image/png', 1, 1)`, [aliceId]);
    expect((await alice.delete(`/relay/v1/talking/${talking.id}`)).body.data).toBe(true);
    const ids = columns.map((column) => column.id);
    expect((await kit.t.db.query('SELECT count(*)::int AS n FROM conversations WHERE id = ANY($1)', [ids]))[0].n).toBe(0);
    expect((await kit.t.db.query('SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = ANY($1)', [ids]))[0].n).toBe(0);
    expect((await kit.t.db.query(`SELECT count(*)::int AS n FROM chat_files WHERE key = 'chat/kept.png'`))[0].n).toBe(1);
  });

  describe('export', () => {
    it('downloads every model’s answers per round as JSON and as Markdown', async () => {
      const talking = await createTalking(alice, '导出 "测试"/1');
      const [gpt, deepseek] = await openColumns(alice, talking.id, ['gpt-4o', 'deepseek-chat']);
      const gptFirst = await kit.addRow(gpt.id, { query: '你好', answer: 'GPT 你好', quota: 10 });
      const deepseekFirst = await kit.addRow(deepseek.id, { query: '你好', answer: 'DeepSeek 你好' });
      await kit.addRow(gpt.id, { round: gptFirst, queryId: gptFirst, query: '你好', answer: 'GPT 重新生成', status: 'stopped' });
      await kit.addRow(gpt.id, { query: '第二个问题', answer: 'GPT 第二轮' });
      await kit.addRow(deepseek.id, { query: '第二个问题', answer: 'DeepSeek 第二轮', status: 'error' });

      const json = await alice.get(`/relay/v1/talking/${talking.id}/export?format=json`).buffer(true);
      expect(json.status).toBe(200);
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json.headers['content-disposition']).toBe(
        `attachment; filename="talking-${talking.id}.json"; filename*=UTF-8''${encodeURIComponent('导出 _测试__1.json')}`,
      );
      const data = JSON.parse(json.text);
      expect(data.talking).toMatchObject({ id: talking.id, name: '导出 "测试"/1' });
      expect(data.conversations.map((column: { model_name: string }) => column.model_name)).toEqual(['gpt-4o', 'deepseek-chat']);
      expect(data.rounds).toHaveLength(2);
      expect(data.rounds[0]).toMatchObject({ round_id: Math.min(gptFirst, deepseekFirst), query: '你好' });
      expect(data.rounds[0].answers['gpt-4o'].map((answer: { answer: string }) => answer.answer)).toEqual(['GPT 你好', 'GPT 重新生成']);
      expect(data.rounds[0].answers['gpt-4o'][0]).toEqual({ query: '你好', answer: 'GPT 你好', thinking: '', status: 'done', quota: 10, first_token_ms: 0, duration_ms: 0 });
      expect(data.rounds[1].answers['deepseek-chat'][0]).toMatchObject({ answer: 'DeepSeek 第二轮', status: 'error' });

      const markdown = await alice.get(`/relay/v1/talking/${talking.id}/export?format=markdown`).buffer(true);
      expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(markdown.headers['content-disposition']).toContain(`filename="talking-${talking.id}.md"`);
      expect(markdown.text).toContain('## 第 1 轮');
      expect(markdown.text).toContain('## 第 2 轮');
      for (const answer of ['GPT 你好', 'GPT 重新生成', 'DeepSeek 你好', 'GPT 第二轮', 'DeepSeek 第二轮']) expect(markdown.text).toContain(answer);
    });

    it('refuses an unknown format', async () => {
      const talking = await createTalking(alice, '格式');
      for (const query of ['', '?format=excel']) {
        expect((await alice.get(`/relay/v1/talking/${talking.id}/export${query}`)).body).toEqual({ success: false, message: '导出格式必须是 markdown 或 json', data: null });
      }
    });
  });
});
