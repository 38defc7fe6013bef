import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

interface NoteRow {
  id: number;
  title: string;
  content: string;
  created_at: string;
}

describe('release notes (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let user: TestAgent;
  let superAdmin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    user = (await t.signUp('notes-user')).agent;
    const other = await t.signUp('notes-super');
    await t.db.query('UPDATE users SET role = 100 WHERE id = $1', [other.userId]);
    superAdmin = other.agent;
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = (): Promise<NoteRow[]> => t.db.query('SELECT id, title, content, created_at FROM update_notes ORDER BY id');

  const create = async (title: string, content: string): Promise<number> => {
    const reply = await root.post('/api/update/').send({ title, content });
    expect(reply.body).toMatchObject({ success: true });
    return reply.body.data.id as number;
  };

  it('lets root publish a note, stored with created_at in unix seconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const reply = await root.post('/api/update/').send({ title: 'v1.0 上线', content: '## 新功能\n- 多模型对话' });
    const after = Math.floor(Date.now() / 1000);
    expect(reply.status).toBeLessThan(300);
    expect(reply.body).toMatchObject({ success: true, data: { title: 'v1.0 上线', content: '## 新功能\n- 多模型对话' } });
    const created = reply.body.data;
    expect(Number.isInteger(created.id)).toBe(true);
    expect(created.created_at).toBeGreaterThanOrEqual(before);
    expect(created.created_at).toBeLessThanOrEqual(after);
    const [row] = (await rows()).filter((note) => note.id === created.id);
    expect(row).toMatchObject({ title: 'v1.0 上线', content: '## 新功能\n- 多模型对话' });
    expect(Number(row.created_at)).toBe(created.created_at);
  });

  it('lists the notes newest first to any signed-in user', async () => {
    await t.db.query('DELETE FROM update_notes');
    const now = Math.floor(Date.now() / 1000);
    await t.db.query('INSERT INTO update_notes (title, content, created_at) VALUES ($1, $2, $3), ($4, $5, $6), ($7, $8, $9)', [
      'middle',
      'b',
      now - 3600,
      'oldest',
      'a',
      now - 7200,
      'newest',
      'c',
      now,
    ]);
    for (const client of [user, root]) {
      const reply = await client.get('/api/update/');
      expect(reply.status).toBe(200);
      expect(reply.body.success).toBe(true);
      expect((reply.body.data as Array<{ title: string }>).map((note) => note.title)).toEqual(['newest', 'middle', 'oldest']);
      expect(Object.keys(reply.body.data[0]).sort()).toEqual(['content', 'created_at', 'id', 'title']);
      expect(reply.body.data[0].created_at).toBe(now);
    }
  });

  it('answers 401 to guests', async () => {
    const reply = await t.http().get('/api/update/');
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, data: null });
  });

  it('refuses creating, editing and deleting to everyone but user 1 (403), even a super administrator', async () => {
    const id = await create('root note', 'unchanged');
    const before = await rows();
    for (const client of [user, superAdmin]) {
      const created = await client.post('/api/update/').send({ title: 'intruder', content: 'x' });
      expect(created.status).toBe(403);
      expect(created.body).toMatchObject({ success: false, data: null });
      expect((await client.put(`/api/update/${id}`).send({ title: 'changed', content: 'changed' })).status).toBe(403);
      expect((await client.delete(`/api/update/${id}`)).status).toBe(403);
    }
    expect((await t.http().post('/api/update/').send({ title: 'guest', content: 'x' })).status).toBe(401);
    expect(await rows()).toEqual(before);
  });

  it('requires a title and a content', async () => {
    const before = await rows();
    for (const [body, message] of [
      [{ content: 'text only' }, '请输入标题'],
      [{ title: '   ', content: 'text only' }, '请输入标题'],
      [{ title: 'title only' }, '请输入内容'],
      [{ title: 'title only', content: '' }, '请输入内容'],
      [{ title: 'title only', content: ' \n\t ' }, '请输入内容'],
      [{ title: 42, content: 'number title' }, '请输入标题'],
    ] as const) {
      const reply = await root.post('/api/update/').send(body);
      expect(reply.body, JSON.stringify(body)).toEqual({ success: false, message, data: null });
    }
    const id = before[0].id;
    const edit = await root.put(`/api/update/${id}`).send({ title: '', content: 'x' });
    expect(edit.body).toEqual({ success: false, message: '请输入标题', data: null });
    expect(await rows()).toEqual(before);
  });

  it('lets root edit a note, keeping its id and creation time', async () => {
    const id = await create('draft', 'first text');
    const [original] = (await rows()).filter((note) => note.id === id);
    const reply = await root.put(`/api/update/${id}`).send({ title: 'final', content: 'second text' });
    expect(reply.body).toMatchObject({ success: true, data: { id, title: 'final', content: 'second text' } });
    const [row] = (await rows()).filter((note) => note.id === id);
    expect(row).toEqual({ ...original, title: 'final', content: 'second text' });
  });

  it('lets root delete a note', async () => {
    const id = await create('to delete', 'soon gone');
    const reply = await root.delete(`/api/update/${id}`);
    expect(reply.body).toEqual({ success: true, message: '', data: null });
    expect((await rows()).some((note) => note.id === id)).toBe(false);
    const list = await user.get('/api/update/');
    expect((list.body.data as Array<{ id: number }>).some((note) => note.id === id)).toBe(false);
  });

  it('answers success false when editing or deleting a note that does not exist', async () => {
    const before = await rows();
    const edit = await root.put('/api/update/999999').send({ title: 't', content: 'c' });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ success: false, data: null });
    expect(edit.body.message).toMatch(/[\u4e00-\u9fa5]/);
    const removed = await root.delete('/api/update/999999');
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: false, data: null });
    const notANumber = await root.delete('/api/update/abc');
    expect(notANumber.body.success).toBe(false);
    expect(await rows()).toEqual(before);
  });

  it('drops unknown fields instead of storing them', async () => {
    const reply = await root.post('/api/update/').send({ title: 'with extras', content: 'c', id: 424242, created_at: 1 });
    expect(reply.body.success).toBe(true);
    expect(reply.body.data.id).not.toBe(424242);
    expect(reply.body.data.created_at).toBeGreaterThan(1_600_000_000);
  });
});
