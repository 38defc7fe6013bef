import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INPUT_NODE_DATA, LLM_NODE_DATA, START_NODE_DEFAULT } from '@gw/shared';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../built-server';
import { MockOpenAiUpstream } from '../mock-openai-upstream';
import { builtServerEnv, createTestDatabase, ROOT_PASSWORD } from '../test-app';

/**
 * Issue 16, "a worker killed mid-run and restarted finishes without duplicates or double charges":
 * a whole-dataset run on the built server (BullMQ on Redis) is killed with SIGKILL while answers are
 * in flight; the restarted server takes the run over and finishes it. Every sample has exactly one
 * answer per model, every charge belongs to a kept answer, and no answer is charged twice.
 */

const MODELS = ['wf-a', 'wf-b'];
const SAMPLES = 60;
/** The mock upstream's judge model (its verdict passes prompts holding "PASS-ME"). */
const JUDGE_MODEL = 'judge';
const PRICED = [...MODELS, JUDGE_MODEL];

describe('workflow run across a SIGKILL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: DataSource;
  let upstream: MockOpenAiUpstream;
  let server: BuiltServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-wf-kill-'));
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    upstream = await new MockOpenAiUpstream().start();
    for (const model of MODELS) upstream.delays.set(model, 40);
    env = builtServerEnv(database, dataDir, { WORKFLOW_RUN_CONCURRENCY: '4' });
    server = await startBuiltServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
    await upstream?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes after a restart with one answer per sample and model, each charged once', async () => {
    const root = request.agent(server.url);
    expect((await root.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD })).body.success).toBe(true);
    root.set('New-Api-User', '1');
    for (const [key, value] of [
      ['ModelRatio', JSON.stringify(Object.fromEntries(PRICED.map((model) => [model, 1])))],
      ['CompletionRatio', JSON.stringify(Object.fromEntries(PRICED.map((model) => [model, 2])))],
    ]) {
      expect((await root.put('/api/option/').send({ key, value })).body.success).toBe(true);
    }
    expect((await root.post('/api/channel/').send({ type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url, models: PRICED.join(','), groups: ['default'] })).body.success).toBe(true);
    await db.query('UPDATE users SET quota = 100000000 WHERE id = 1');
    expect((await root.post('/api/token/').send({ name: 'wf', unlimited_quota: true })).body.success).toBe(true);
    const [dataset] = await db.query(`INSERT INTO data_library_info (name, data_type, data_num, data_update_time, created_at) VALUES ('题库', '问答', $1, 1, 1) RETURNING id`, [SAMPLES]);
    for (let index = 0; index < SAMPLES; index++) await db.query('INSERT INTO data_library_source (belong_id, body) VALUES ($1, $2)', [dataset.id, JSON.stringify({ question: `问题 ${index}` })]);
    const app = (await root.post('/api/apps/').send({ title: '崩溃测试' })).body.data;
    const graph = {
      nodes: [
        START_NODE_DEFAULT,
        { id: 'input-1', type: 'input', position: { x: 0, y: 0 }, data: { ...INPUT_NODE_DATA, variables: [{ ...INPUT_NODE_DATA.variables[0], default: dataset.id }] } },
        ...MODELS.map((name, index) => ({ id: `llm-${index}`, type: 'llm', position: { x: 0, y: 0 }, data: { ...LLM_NODE_DATA, model: { ...LLM_NODE_DATA.model, name } } })),
      ],
      edges: MODELS.map((_, index) => ({ id: `e${index}`, source: 'input-1', target: `llm-${index}`, type: 'custom' })),
    };
    expect((await root.post(`/api/workflow/${app.id}`).send({ graph })).body.success).toBe(true);
    const started = await root.post('/api/workflow/chat-messages').send({ app_id: app.id, response_mode: 'direct', run_whole_data: true });
    expect(started.body.success, started.body.message).toBe(true);
    const runId = started.body.data.run_id as number;

    // Killed in full flow: after a third of the answers, with more in flight.
    const doneSoFar = async () => Number((await db.query('SELECT done FROM workflow_runs WHERE id = $1', [runId]))[0].done);
    while ((await doneSoFar()) < (SAMPLES * MODELS.length) / 3) await new Promise((resolve) => setTimeout(resolve, 10));
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    const atKill = await doneSoFar();
    expect(atKill).toBeLessThan(SAMPLES * MODELS.length);

    server = await startBuiltServer(env);
    const agent = request.agent(server.url);
    await agent.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    agent.set('New-Api-User', '1');
    let status = '';
    for (let i = 0; i < 1500 && status !== 'succeeded'; i++) {
      status = (await agent.get(`/api/workflow/run_status/${runId}`)).body.data.Status;
      if (status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe('succeeded');

    const [run] = await db.query('SELECT done, failed, total, quota::bigint AS quota FROM workflow_runs WHERE id = $1', [runId]);
    expect({ done: run.done, failed: run.failed, total: run.total }).toEqual({ done: SAMPLES * MODELS.length, failed: 0, total: SAMPLES * MODELS.length });
    const [answers] = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT request_id)::int AS requests, sum(quota)::bigint AS quota FROM workflow_run_answers WHERE run_id = $1 AND status = 'done'`,
      [runId],
    );
    expect({ n: answers.n, requests: answers.requests, quota: answers.quota }).toEqual({ n: SAMPLES * MODELS.length, requests: SAMPLES * MODELS.length, quota: run.quota });
    // Let the restarted server write its last billing batch, then: no charge without a kept answer, none twice.
    await server.stop();
    const [charges] = await db.query(
      `SELECT count(*)::int AS rows, count(DISTINCT l.request_id)::int AS requests,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM workflow_run_answers a WHERE a.run_id = $1 AND a.request_id = l.request_id))::int AS orphans
         FROM logs l WHERE l.user_id = 1 AND l.type = 2`,
      [runId],
    );
    expect(charges.orphans).toBe(0);
    expect(charges.requests).toBe(charges.rows);
    // Answers kept just before the kill may have lost their charge (the documented window), never gained one.
    expect(charges.rows).toBeLessThanOrEqual(SAMPLES * MODELS.length);
    expect(charges.rows).toBeGreaterThan(atKill - 40);
    const [user] = await db.query('SELECT quota::bigint AS quota FROM users WHERE id = 1');
    const [logged] = await db.query('SELECT COALESCE(sum(quota), 0)::bigint AS quota FROM logs WHERE user_id = 1 AND type = 2');
    expect(100000000 - Number(user.quota)).toBe(Number(logged.quota));
    server = await startBuiltServer(env);
  });

  it('judges every answer exactly once across a SIGKILL during judging, each verdict charged once', async () => {
    const root = request.agent(server.url);
    expect((await root.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD })).body.success).toBe(true);
    root.set('New-Api-User', '1');
    upstream.delays.set(JUDGE_MODEL, 40);
    const count = 40;
    const [dataset] = await db.query(`INSERT INTO data_library_info (name, data_type, data_num, data_update_time, created_at) VALUES ('评审集', '问答', $1, 1, 1) RETURNING id`, [count]);
    for (let index = 0; index < count; index++) {
      await db.query('INSERT INTO data_library_source (belong_id, body) VALUES ($1, $2)', [dataset.id, JSON.stringify({ question: `问题 ${index}${index % 2 === 0 ? ' PASS-ME' : ''}` })]);
    }
    const app = (await root.post('/api/apps/').send({ title: '评审崩溃' })).body.data;
    const graph = {
      nodes: [
        START_NODE_DEFAULT,
        { id: 'input-1', type: 'input', position: { x: 0, y: 0 }, data: { ...INPUT_NODE_DATA, variables: [{ ...INPUT_NODE_DATA.variables[0], default: dataset.id }] } },
        { id: 'llm-0', type: 'llm', position: { x: 0, y: 0 }, data: { ...LLM_NODE_DATA, model: { ...LLM_NODE_DATA.model, name: MODELS[0] } } },
      ],
      edges: [{ id: 'e0', source: 'input-1', target: 'llm-0', type: 'custom' }],
    };
    expect((await root.post(`/api/workflow/${app.id}`).send({ graph })).body.success).toBe(true);
    const scorers = [{ name: '评审', type: 'llm_judge', model: JUDGE_MODEL, rubric: '问题：{{question}}\n回答：{{answer}}' }];
    const started = await root.post('/api/workflow/chat-messages').send({ app_id: app.id, response_mode: 'direct', run_whole_data: true, scorers });
    expect(started.body.success, started.body.message).toBe(true);
    const runId = started.body.data.run_id as number;
    const judgeCalls = () => upstream.seen.filter((seen) => seen.body.model === JUDGE_MODEL).length;
    const callsBefore = judgeCalls();

    // Killed while judging: every answer in, a quarter of the verdicts recorded, more in flight.
    const judged = async () => Number((await db.query(`SELECT count(*)::int AS n FROM workflow_run_scores WHERE run_id = $1 AND status = 'done'`, [runId]))[0].n);
    while ((await judged()) < count / 4) await new Promise((resolve) => setTimeout(resolve, 10));
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    const atKill = await judged();
    expect(atKill).toBeLessThan(count);

    server = await startBuiltServer(env);
    const agent = request.agent(server.url);
    await agent.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    agent.set('New-Api-User', '1');
    let status = '';
    for (let i = 0; i < 1500 && status !== 'succeeded'; i++) {
      status = (await agent.get(`/api/workflow/run_status/${runId}`)).body.data.Status;
      if (status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe('succeeded');

    const [scores] = await db.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'done')::int AS done, count(*) FILTER (WHERE passed)::int AS passed,
              count(DISTINCT request_id)::int AS requests FROM workflow_run_scores WHERE run_id = $1`,
      [runId],
    );
    expect(scores).toEqual({ n: count, done: count, passed: count / 2, requests: count });
    // Verdicts recorded before the kill were not asked again; only those in flight at the kill were:
    // up to 4 waiting for the upstream and 4 more answered and being recorded (CallSlots).
    const concurrency = 4;
    expect(judgeCalls() - callsBefore).toBeLessThanOrEqual(count + 2 * concurrency);
    await server.stop();
    const [charges] = await db.query(
      `SELECT count(*)::int AS rows, count(DISTINCT l.request_id)::int AS requests,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM workflow_run_scores c WHERE c.run_id = $1 AND c.request_id = l.request_id))::int AS orphans
         FROM logs l WHERE l.user_id = 1 AND l.type = 2 AND l.model_name = $2`,
      [runId, JUDGE_MODEL],
    );
    expect(charges.orphans).toBe(0);
    expect(charges.requests).toBe(charges.rows);
    expect(charges.rows).toBeLessThanOrEqual(count);
    const [run] = await db.query('SELECT quota::bigint AS quota FROM workflow_runs WHERE id = $1', [runId]);
    const [kept] = await db.query(
      `SELECT (SELECT COALESCE(sum(quota), 0) FROM workflow_run_answers WHERE run_id = $1) + (SELECT COALESCE(sum(quota), 0) FROM workflow_run_scores WHERE run_id = $1) AS quota`,
      [runId],
    );
    expect(Number(run.quota)).toBe(Number(kept.quota));
    server = await startBuiltServer(env);
  });
});
