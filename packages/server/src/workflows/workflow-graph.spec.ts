import { MSG_PROJECT_NOT_FOUND, MSG_WORKFLOW_DRAFT_DELETED, MSG_WORKFLOW_DRAFT_NOT_FOUND, START_NODE_DEFAULT, WORKFLOW_JSON_MAX_BYTES } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatTestKit, startChatTestKit } from '../../test/talkings-test-kit';
import { MSG_JSON_TOO_LARGE } from './graph-rules';

const notFound = { success: false, message: MSG_PROJECT_NOT_FOUND, data: null };
const node = (id: string, type: string, data: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, data });
const edge = (id: string, source: string, target: string) => ({ id, source, target, type: 'custom' });
const graph = (model = 'gpt-4o') => ({
  nodes: [structuredClone(START_NODE_DEFAULT), node('in-1', 'input'), node('llm-1', 'llm', { model: { name: model } }), node('ans-1', 'answer')],
  edges: [edge('e1', 'start-1', 'in-1'), edge('e2', 'in-1', 'llm-1'), edge('e3', 'llm-1', 'ans-1')],
  viewport: { x: 1, y: 2, zoom: 0.5 },
});

describe('workflow graph: /api/workflow (integration)', () => {
  let kit: ChatTestKit;
  let alice: TestAgent;
  let bob: TestAgent;

  const createProject = async (agent: TestAgent, title = '项目') => {
    const reply = await agent.post('/api/apps/').send({ title });
    if (!reply.body.success) throw new Error(reply.body.message);
    return reply.body.data.id as number;
  };
  const draftRow = async (appId: number) => (await kit.t.db.query('SELECT * FROM workflows WHERE app_id = $1 AND version = $2', [appId, 'draft']))[0];

  beforeAll(async () => {
    kit = await startChatTestKit();
    alice = (await kit.t.signUp('alice')).agent;
    bob = (await kit.t.signUp('bob')).agent;
  });
  afterAll(async () => kit.t.close());

  it("loads the new project's draft, saves a graph as text or as an object, and loads it back as stored", async () => {
    const appId = await createProject(alice);
    const loaded = await alice.get(`/api/workflow/${appId}`);
    expect(loaded.body).toMatchObject({ success: true, data: { app_id: appId, type: 'chat', features: 'new workflow', conversation_variables: '' } });
    expect(JSON.parse(loaded.body.data.graph).nodes).toEqual([START_NODE_DEFAULT]);
    expect(JSON.parse(loaded.body.data.environment_variables)).toEqual({ project_info: { id: appId, name: '项目', description: '', status: 'draft' } });

    const text = JSON.stringify(graph());
    const environment = { project_info: { id: appId, name: '项目', description: '', status: 'draft' } };
    const saved = await alice.post(`/api/workflow/${appId}`).send({ type: 'chat', graph: text, features: 'new workflow', conversation_variables: text, environment_variables: environment });
    expect(saved.body).toMatchObject({ success: true, data: { id: loaded.body.data.id, graph: text, conversation_variables: text, environment_variables: JSON.stringify(environment) } });
    expect((await alice.get(`/api/workflow/${appId}`)).body.data).toMatchObject({ graph: text, conversation_variables: text, features: 'new workflow' });

    const asObject = await alice.post(`/api/workflow/${appId}`).send({ graph: graph(), conversation_variables: '' });
    expect(JSON.parse(asObject.body.data.graph)).toEqual(graph());
    expect(asObject.body.data.conversation_variables).toBe('');
    expect(asObject.body.data.features).toBe('new workflow');
    expect(await kit.t.db.query('SELECT count(*)::int AS n FROM workflows WHERE app_id = $1', [appId])).toEqual([{ n: 1 }]);
  });

  it('moves the saved project to the top of the list', async () => {
    const older = await createProject(alice, '较早');
    const newer = await createProject(alice, '较新');
    await kit.t.db.query('UPDATE workflow_apps SET updated_at = updated_at - 100 WHERE id = ANY($1)', [[older, newer]]);
    expect((await alice.post(`/api/workflow/${older}`).send({ graph: graph() })).body.success).toBe(true);
    const ids = (await alice.get('/api/apps/')).body.data.list.map((p: { id: number }) => p.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no graph', {}, '请提供工作流图 graph'],
    ['a graph that is a number', { graph: 5 }, '工作流图 graph 必须是 JSON 文本或对象'],
    ['broken JSON', { graph: '{"nodes":' }, '工作流图 graph不是有效的 JSON'],
    ['an unknown node type', { graph: { ...graph(), nodes: [...graph().nodes, node('c-1', 'code')] } }, '节点 c-1：不支持的节点类型 code（可用：start、input、llm、prompt、answer）'],
    ['a repeated node id', { graph: { ...graph(), nodes: [...graph().nodes, node('in-1', 'input')] } }, '节点 in-1：id 重复'],
    ['no start node', { graph: { nodes: [node('in-1', 'input')], edges: [] } }, '工作流缺少开始节点'],
    ['a dangling edge', { graph: { ...graph(), edges: [...graph().edges, edge('e4', 'in-1', 'n9')] } }, '连线 e4：目标节点 n9 不存在'],
    ['a cycle', { graph: { ...graph(), edges: [...graph().edges, edge('e4', 'ans-1', 'llm-1')] } }, '工作流中存在环：llm-1 → ans-1 → llm-1'],
    ['a model the user may not use', { graph: graph('gpt-x') }, '节点 llm-1：模型 gpt-x 不可用'],
    ['an unknown type', { type: 'agent', graph: graph() }, '工作流类型必须是 chat、workflow 之一'],
    ['bad conversation variables', { graph: graph(), conversation_variables: '{"nodes":3}' }, '会话变量 conversation_variables：工作流图必须是包含 nodes 和 edges 的对象'],
    ['bad environment variables', { graph: graph(), environment_variables: { project_info: 3 } }, '环境变量 environment_variables 的 project_info 必须是对象'],
    ['a graph over 1 MB', { graph: JSON.stringify({ ...graph(), pad: 'x'.repeat(WORKFLOW_JSON_MAX_BYTES) }) }, `工作流图 graph：${MSG_JSON_TOO_LARGE}`],
    ['features over 1 MB', { graph: graph(), features: 'x'.repeat(WORKFLOW_JSON_MAX_BYTES + 1) }, `features：${MSG_JSON_TOO_LARGE}`],
  ])('refuses %s and keeps the draft as it was', async (_case, body, message) => {
    const appId = await createProject(alice);
    const before = await draftRow(appId);
    expect((await alice.post(`/api/workflow/${appId}`).send(body)).body).toEqual({ success: false, message, data: null });
    expect(await draftRow(appId)).toEqual(before);
  });

  it('accepts a model once the user may use it, and refuses it again once its channel is disabled', async () => {
    const appId = await createProject(alice);
    expect((await alice.post(`/api/workflow/${appId}`).send({ graph: graph('qwen-max') })).body.success).toBe(true);
    await kit.t.db.query(`UPDATE abilities SET enabled = false WHERE model = 'qwen-max'`);
    expect((await alice.post(`/api/workflow/${appId}`).send({ graph: graph('qwen-max') })).body.message).toBe('节点 llm-1：模型 qwen-max 不可用');
    await kit.t.db.query(`UPDATE abilities SET enabled = true WHERE model = 'qwen-max'`);
  });

  it("deletes a draft; the project's own graph is loaded after and a save creates a new draft", async () => {
    const appId = await createProject(alice);
    const draftId = (await alice.get(`/api/workflow/${appId}`)).body.data.id as number;
    expect((await alice.delete(`/api/workflow/draft/${draftId}`)).body).toEqual({ success: true, message: MSG_WORKFLOW_DRAFT_DELETED, data: true });
    expect(await draftRow(appId)).toBeUndefined();
    const fallback = (await alice.get(`/api/workflow/${appId}`)).body.data;
    expect(fallback).toMatchObject({ id: null, app_id: appId, type: 'chat', features: 'new workflow' });
    expect(JSON.parse(fallback.graph).nodes).toEqual([START_NODE_DEFAULT]);
    expect((await alice.delete(`/api/workflow/draft/${draftId}`)).body).toEqual({ success: false, message: MSG_WORKFLOW_DRAFT_NOT_FOUND, data: null });

    const saved = await alice.post(`/api/workflow/${appId}`).send({ graph: graph() });
    expect(saved.body.data.id).toBeGreaterThan(draftId);
    expect(saved.body.data.features).toBe('new workflow');
  });

  it("keeps another user's workflow and draft unreachable on every route, exactly like missing ones", async () => {
    const appId = await createProject(alice);
    const draftId = (await alice.get(`/api/workflow/${appId}`)).body.data.id as number;
    const before = await draftRow(appId);
    for (const id of [appId, 999999, 'abc']) {
      expect((await bob.get(`/api/workflow/${id}`)).body).toEqual(notFound);
      expect((await bob.post(`/api/workflow/${id}`).send({ graph: graph() })).body).toEqual(notFound);
    }
    for (const id of [draftId, 999999, 'abc']) {
      expect((await bob.delete(`/api/workflow/draft/${id}`)).body).toEqual({ success: false, message: MSG_WORKFLOW_DRAFT_NOT_FOUND, data: null });
    }
    expect(await draftRow(appId)).toEqual(before);
    for (const call of [kit.t.http().get(`/api/workflow/${appId}`), kit.t.http().post(`/api/workflow/${appId}`).send({ graph: graph() }), kit.t.http().delete(`/api/workflow/draft/${draftId}`)]) {
      expect((await call).status).toBe(401);
    }
  });
});
