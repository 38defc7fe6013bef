import {
  MSG_PROJECT_DELETED,
  MSG_PROJECT_NOT_FOUND,
  MSG_PROJECT_TITLE_REQUIRED,
  MSG_PROJECT_UPDATED,
  MSG_WORKFLOW_PROJECT_CREATED,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_PAGE_SIZE,
  PROJECT_TITLE_MAX_LENGTH,
  START_NODE_DEFAULT,
} from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestKit, startChatTestKit } from '../../test/talkings-test-kit';

const notFound = { success: false, message: MSG_PROJECT_NOT_FOUND, data: null };

describe('workflow projects: /api/apps (integration)', () => {
  let kit: ChatTestKit;
  let alice: TestAgent;
  let aliceId: number;
  let bob: TestAgent;

  const count = async (table: string) => (await kit.t.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;
  const create = async (agent: TestAgent, body: Record<string, unknown>) => {
    const reply = await agent.post('/api/apps/').send(body);
    if (!reply.body.success) throw new Error(reply.body.message);
    return reply.body.data as { id: number; title: string; updated_at: number };
  };

  beforeAll(async () => {
    kit = await startChatTestKit();
    ({ agent: alice, userId: aliceId } = await kit.t.signUp('alice'));
    bob = (await kit.t.signUp('bob')).agent;
  });
  afterAll(async () => kit.t.close());

  it('creates a project with its draft workflow in one go, then reads, updates and deletes it', async () => {
    const created = await alice.post('/api/apps/').send({ title: '  评测项目  ', description: '描述', user_id: 99 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      message: MSG_WORKFLOW_PROJECT_CREATED,
      data: { title: '评测项目', name: '评测项目', description: '描述', status: 'stopped', has_run: false, author: 'alice', create_by_str: 'alice', nodes: [START_NODE_DEFAULT], edges: [] },
    });
    const id = created.body.data.id as number;
    const [row] = await kit.t.db.query('SELECT user_id FROM workflow_apps WHERE id = $1', [id]);
    expect(row.user_id).toBe(aliceId);
    const [draft] = await kit.t.db.query('SELECT type, features, graph, version FROM workflows WHERE app_id = $1', [id]);
    expect(draft).toMatchObject({ type: 'chat', features: 'new workflow', version: 'draft' });
    const graph = JSON.parse(draft.graph);
    expect(graph.nodes).toEqual([START_NODE_DEFAULT]);
    expect(graph.nodes[0]).toMatchObject({ id: 'start-1', position: { x: 100, y: 200 }, data: { title: 'start' } });

    expect((await alice.get(`/api/apps/${id}`)).body).toEqual({ success: true, message: '', data: created.body.data });

    const updated = await alice.put(`/api/apps/${id}`).send({ id, title: '新名字', description: '新描述', updated_at: 1 });
    expect(updated.body).toMatchObject({ success: true, message: MSG_PROJECT_UPDATED, data: { id, title: '新名字', name: '新名字', description: '新描述' } });
    expect(updated.body.data.updated_at).toBeGreaterThanOrEqual(created.body.data.updated_at);

    expect((await alice.delete(`/api/apps/${id}`)).body).toEqual({ success: true, message: MSG_PROJECT_DELETED, data: true });
    expect((await alice.get(`/api/apps/${id}`)).body).toEqual(notFound);
    expect(await kit.t.db.query('SELECT id FROM workflows WHERE app_id = $1', [id])).toEqual([]);
  });

  it('takes the first graph from nodes and edges, and refuses a bad one without creating anything', async () => {
    const nodes = [structuredClone(START_NODE_DEFAULT), { id: 'llm-1', type: 'llm', position: { x: 400, y: 200 }, data: { model: { name: 'gpt-4o' } } }];
    const edges = [{ id: 'e1', source: 'start-1', target: 'llm-1', type: 'custom' }];
    const project = await create(alice, { title: '带图', nodes, edges, status: 'draft', author: '作者' });
    expect(project).toMatchObject({ status: 'draft', author: '作者', nodes, edges });
    const [draft] = await kit.t.db.query('SELECT graph FROM workflows WHERE app_id = $1', [project.id]);
    expect(JSON.parse(draft.graph)).toEqual({ nodes, edges });

    const apps = await count('workflow_apps');
    const workflows = await count('workflows');
    const bad = await alice.post('/api/apps/').send({ title: '坏图', nodes, edges: [{ id: 'e1', source: 'start-1', target: 'n9' }] });
    expect(bad.body).toEqual({ success: false, message: '连线 e1：目标节点 n9 不存在', data: null });
    const badModel = await alice.post('/api/apps/').send({ title: '坏模型', nodes: [nodes[0], { ...nodes[1], data: { model: { name: 'gpt-x' } } }] });
    expect(badModel.body.message).toBe('节点 llm-1：模型 gpt-x 不可用');
    expect([await count('workflow_apps'), await count('workflows')]).toEqual([apps, workflows]);
  });

  it.each([
    ['a missing title', {}, MSG_PROJECT_TITLE_REQUIRED],
    ['a blank title', { title: '  ' }, MSG_PROJECT_TITLE_REQUIRED],
    ['a title that is not text', { title: 5 }, MSG_PROJECT_TITLE_REQUIRED],
    ['a long title', { title: '长'.repeat(PROJECT_TITLE_MAX_LENGTH + 1) }, `项目名称不能超过 ${PROJECT_TITLE_MAX_LENGTH} 个字符`],
    ['a long description', { title: 'ok', description: 'x'.repeat(PROJECT_DESCRIPTION_MAX_LENGTH + 1) }, `项目描述不能超过 ${PROJECT_DESCRIPTION_MAX_LENGTH} 个字符`],
    ['an unknown status', { title: 'ok', status: 'flying' }, '项目状态必须是 stopped、running、draft 之一'],
    ['nodes that are not a list', { title: 'ok', nodes: { a: 1 } }, '节点 nodes 必须是数组'],
  ])('refuses %s on create (and on update when it applies), changing nothing', async (_case, body, message) => {
    const before = await count('workflow_apps');
    expect((await alice.post('/api/apps/').send(body)).body).toEqual({ success: false, message, data: null });
    expect(await count('workflow_apps')).toBe(before);
    if (!('title' in body) || 'status' in body || 'nodes' in body) return;
    const project = await create(alice, { title: '原名', description: '原描述' });
    expect((await alice.put(`/api/apps/${project.id}`).send(body)).body).toEqual({ success: false, message, data: null });
    expect((await alice.get(`/api/apps/${project.id}`)).body.data).toMatchObject({ title: '原名', description: '原描述' });
  });

  it('accepts the longest title and description', async () => {
    const reply = await alice.post('/api/apps/').send({ title: '名'.repeat(PROJECT_TITLE_MAX_LENGTH), description: 'd'.repeat(PROJECT_DESCRIPTION_MAX_LENGTH) });
    expect(reply.body.success).toBe(true);
  });

  it('pages newest updated first, 15 by default, searches title and description literally and filters by status', async () => {
    const { agent: carol } = await kit.t.signUp('carol');
    const ids: number[] = [];
    for (let i = 0; i < 17; i++) ids.push((await create(carol, { title: `项目 ${i}`, description: i === 3 ? '含 100%_折扣' : '' })).id);
    // Same second for most rows: ties fall back to the newest id; an update moves a project to the top.
    await kit.t.db.query('UPDATE workflow_apps SET updated_at = updated_at - 100 WHERE id = ANY($1)', [ids]);
    await carol.put(`/api/apps/${ids[0]}`).send({ title: '项目 0 改' });

    const first = await carol.get('/api/apps/');
    expect(first.body.success).toBe(true);
    expect(first.body.data).toMatchObject({ total: 17, page: 1, page_size: PROJECT_PAGE_SIZE });
    expect(first.body.data.list).toHaveLength(PROJECT_PAGE_SIZE);
    expect(first.body.data.list.map((p: { id: number }) => p.id)).toEqual([ids[0], ...ids.slice(1).reverse()].slice(0, PROJECT_PAGE_SIZE));
    expect(Object.keys(first.body.data.list[0]).sort()).toEqual(
      ['author', 'create_by_str', 'created_at', 'description', 'has_run', 'id', 'name', 'open_time', 'status', 'title', 'updated_at'].sort(),
    );
    const second = await carol.get('/api/apps/?page=2');
    expect(second.body.data.list.map((p: { id: number }) => p.id)).toEqual([ids[2], ids[1]]);
    expect((await carol.get('/api/apps/?page=1&page_size=5')).body.data.list).toHaveLength(5);

    expect((await carol.get('/api/apps/').query({ search_key: '100%_' })).body.data).toMatchObject({ total: 1, list: [{ id: ids[3] }] });
    expect((await carol.get('/api/apps/').query({ search_key: '%' })).body.data.total).toBe(1);
    expect((await carol.get('/api/apps/').query({ search_key: '项目 1' })).body.data.total).toBe(8);
    expect((await carol.get('/api/apps/').query({ search_key: '改' })).body.data.list.map((p: { id: number }) => p.id)).toEqual([ids[0]]);
    expect((await carol.get('/api/apps/?status=running')).body.data.total).toBe(0);
    expect((await carol.get('/api/apps/?status=stopped')).body.data.total).toBe(17);
    expect((await carol.get('/api/apps/?status=')).body.data.total).toBe(17);
  });

  it.each([
    ['page=0', '页码必须是不小于 1 的整数'],
    ['page=x', '页码必须是不小于 1 的整数'],
    ['page_size=101', '每页条数必须在 1 到 100 之间'],
    ['page_size=0', '每页条数必须在 1 到 100 之间'],
    ['status=bad', '项目状态必须是 stopped、running、draft 之一'],
  ])('refuses the list query %s', async (query, message) => {
    expect((await alice.get(`/api/apps/?${query}`)).body).toEqual({ success: false, message, data: null });
  });

  it("keeps another user's projects unreachable on every route, exactly like missing ones", async () => {
    const project = await create(alice, { title: 'alice 的项目' });
    for (const id of [project.id, 999999, 'abc']) {
      expect((await bob.get(`/api/apps/${id}`)).body).toEqual(notFound);
      expect((await bob.put(`/api/apps/${id}`).send({ title: 'bob 改' })).body).toEqual(notFound);
      expect((await bob.delete(`/api/apps/${id}`)).body).toEqual(notFound);
    }
    expect((await bob.get('/api/apps/')).body.data.list.map((p: { id: number }) => p.id)).not.toContain(project.id);
    expect((await bob.get('/api/apps/').query({ search_key: 'alice' })).body.data.total).toBe(0);
    expect((await alice.get(`/api/apps/${project.id}`)).body.data.title).toBe('alice 的项目');
  });

  it('answers 401 without a session', async () => {
    for (const call of [kit.t.http().get('/api/apps/'), kit.t.http().post('/api/apps/').send({ title: 'x' }), kit.t.http().get('/api/apps/1'), kit.t.http().put('/api/apps/1'), kit.t.http().delete('/api/apps/1')]) {
      expect((await call).status).toBe(401);
    }
  });

  it('deletes a project with every workflow record of it (draft and versions)', async () => {
    const project = await create(alice, { title: '要删的' });
    await kit.t.db.query(
      `INSERT INTO workflows (app_id, user_id, version, type, graph, created_at, updated_at) VALUES ($1, $2, 'v1', 'chat', '{}', 1, 1)`,
      [project.id, aliceId],
    );
    expect((await kit.t.db.query('SELECT count(*)::int AS n FROM workflows WHERE app_id = $1', [project.id]))[0].n).toBe(2);
    expect((await alice.delete(`/api/apps/${project.id}`)).body.success).toBe(true);
    expect((await kit.t.db.query('SELECT count(*)::int AS n FROM workflows WHERE app_id = $1', [project.id]))[0].n).toBe(0);
    expect((await alice.delete(`/api/apps/${project.id}`)).body).toEqual(notFound);
  });
});
