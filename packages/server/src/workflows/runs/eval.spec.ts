import {
  INPUT_NODE_DATA,
  LLM_NODE_DATA,
  MSG_PROJECT_NOT_FOUND,
  MSG_WORKFLOW_COMPARE_SAME,
  MSG_WORKFLOW_RERUN_NOTHING,
  MSG_WORKFLOW_RERUN_RUNNING,
  MSG_WORKFLOW_RERUN_STREAMED,
  MSG_WORKFLOW_RUN_NOT_FOUND,
  START_NODE_DEFAULT,
  WORKFLOW_DEFAULT_SCORERS,
  type WorkflowCompare,
  type WorkflowRunDetail,
  type WorkflowRunSummary,
  type WorkflowScorer,
} from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../../test/relay-fixture';
import { LogWriterService } from '../../logs/log-writer.service';
import { QuotaLedgerService } from '../../relay/billing/quota-ledger.service';
import { RunStore } from './run-store';

const MODELS = ['model-a', 'echo', 'judge', 'flaky'];
/** The mock's usage (11 prompt, 7 completion) at model ratio 1, completion ratio 2: every answer and every verdict costs this. */
const MOCK_COST = 11 + 7 * 2;

const JUDGE: WorkflowScorer = { name: '评审', type: 'llm_judge', model: 'judge', rubric: '问题：{{question}}\n回答：{{answer}}', output: 'boolean' };

describe('workflow evaluation lab (integration)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;
  let alice: { userId: number; agent: TestAgent };
  let bob: { userId: number; agent: TestAgent };

  const graphOf = (models: string[], datasetId: number) => ({
    nodes: [
      structuredClone(START_NODE_DEFAULT),
      { id: 'input-1', type: 'input', position: { x: 500, y: 300 }, data: { ...INPUT_NODE_DATA, variables: [{ ...INPUT_NODE_DATA.variables[0], default: datasetId }] } },
      { id: 'llm-1', type: 'llm', position: { x: 800, y: 100 }, data: { ...LLM_NODE_DATA, model: { ...LLM_NODE_DATA.model, name: models[0] }, models, prompt_template: [] } },
    ],
    edges: [
      { id: 'e-start', source: 'start-1', target: 'input-1', type: 'custom' },
      { id: 'e-in', source: 'input-1', target: 'llm-1', type: 'custom' },
    ],
  });

  const project = async (agent: TestAgent, graph: object): Promise<number> => {
    const id = (await agent.post('/api/apps/').send({ title: '评测实验' })).body.data.id as number;
    const saved = await agent.post(`/api/workflow/${id}`).send({ graph });
    if (!saved.body.success) throw new Error(saved.body.message);
    return id;
  };

  const dataset = async (records: object[]): Promise<number> => {
    const [row] = await f.t.db.query(`INSERT INTO data_library_info (name, data_type, data_num, data_update_time, created_at) VALUES ('评测集', '问答', $1, 1, 1) RETURNING id`, [records.length]);
    for (const record of records) await f.t.db.query('INSERT INTO data_library_source (belong_id, body) VALUES ($1, $2)', [row.id, JSON.stringify(record)]);
    return row.id;
  };

  const start = async (agent: TestAgent, body: object): Promise<number> => {
    const started = await agent.post('/api/workflow/chat-messages').send({ response_mode: 'direct', run_whole_data: true, ...body });
    if (!started.body.success) throw new Error(started.body.message);
    return started.body.data.run_id as number;
  };

  const finished = async (runId: number, agent: TestAgent = alice.agent) => {
    for (let i = 0; i < 500; i++) {
      const reply = await agent.get(`/api/workflow/run_status/${runId}`);
      if (reply.body.data.Status !== 'running') return reply.body.data;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`run ${runId} did not finish: ${JSON.stringify((await agent.get(`/api/workflow/run_status/${runId}`)).body.data)}`);
  };

  const detailOf = async (runId: number, agent: TestAgent = alice.agent): Promise<WorkflowRunDetail> => (await agent.get(`/api/workflow/runs/${runId}`).query({ page_size: 100 })).body.data;
  const summaryOf = async (runId: number): Promise<WorkflowRunSummary> => (await alice.agent.get(`/api/workflow/runs-summary/${runId}`)).body.data;
  const asked = (model: string) => upstream.seen.filter((seen) => seen.body.model === model).length;

  /** The user's consumption log rows of one model and their quota, once written. */
  const charges = async (userId: number, model: string): Promise<{ rows: number; quota: number }> => {
    await f.t.app.get(QuotaLedgerService).flush();
    await f.t.app.get(LogWriterService).flush();
    const [row] = await f.t.db.query(`SELECT count(*)::int AS rows, COALESCE(sum(quota), 0)::int AS quota FROM logs WHERE user_id = $1 AND type = 2 AND model_name = $2`, [userId, model]);
    return row;
  };

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    await f.channel({ models: MODELS.join(',') });
    const a = await f.customer('alice', 10_000_000);
    alice = { userId: a.userId, agent: a.agent };
    const b = await f.customer('bob', 10_000_000);
    bob = { userId: b.userId, agent: b.agent };
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  it('scores every answer with cheap checks as it arrives and asks the judge only about answers that passed them, billed once each', async () => {
    const set = await dataset([
      { question: 'Q1 PASS-ME', answer: 'Q1' },
      { question: 'Q2', answer: 'Q2' },
      { question: 'Q3 PASS-ME', answer: 'X' },
      { question: 'Q5 GARBLE', answer: 'Q5' },
      { question: 'Z6', answer: 'Z6' },
    ]);
    const appId = await project(alice.agent, graphOf(['echo', 'model-a'], set));
    const scorers: WorkflowScorer[] = [
      { name: '以Q开头', type: 'regex', pattern: '^q', flags: 'i' },
      { ...JUDGE, only_if_passed: true },
      { name: '不超过5字', type: 'length', max_chars: 5 },
    ];
    const estimate = (await alice.agent.post('/api/workflow/estimate').send({ app_id: appId, scorers })).body.data;
    expect(estimate.models.map((model: { calls: number }) => model.calls)).toEqual([5, 5]);
    // The most the judge can be asked: every answer of every column.
    expect(estimate.judges).toEqual([expect.objectContaining({ scorer: '评审', model: 'judge', calls: 10 })]);
    expect(estimate.quota).toBe(estimate.models.reduce((sum: number, model: { quota: number }) => sum + model.quota, 0) + estimate.judges[0].quota);

    const judgeAskedBefore = asked('judge');
    const runId = await start(alice.agent, { app_id: appId, scorers });
    expect(await finished(runId)).toMatchObject({ Status: 'succeeded', done: 10, failed: 0, total: 10, judged: 4, judge_total: 4 });
    // echo's Q1, Q2, Q3 and Q5 start with Q; its Z6 and every "Hello from model-a" do not: the judge saw four answers.
    expect(asked('judge') - judgeAskedBefore).toBe(4);

    const detail = await detailOf(runId);
    const echo = (index: number) => detail.list[index].answers.echo;
    expect(echo(0).scores).toEqual({
      以Q开头: { status: 'done', value: 1, passed: true, reason: expect.any(String) },
      评审: { status: 'done', value: 1, passed: true, reason: '回答正确', raw: expect.stringContaining('"pass":true') },
      不超过5字: { status: 'done', value: 0, passed: false, reason: expect.any(String) },
    });
    expect(echo(0)).toMatchObject({ score: 1, score_kind: 'regex' });
    expect(echo(1).scores.评审).toMatchObject({ status: 'done', passed: false, value: 0 });
    expect(echo(3).scores.评审).toMatchObject({ status: 'failed', passed: null, reason: '无法解析评审结果', raw: '这个我说不好。' });
    expect(echo(4).scores.评审).toMatchObject({ status: 'skipped', passed: null });
    expect(detail.list[0].answers['model-a'].scores.评审.status).toBe('skipped');

    const { summary, scorers: used } = await summaryOf(runId);
    expect(used.map((scorer) => scorer.name)).toEqual(['以Q开头', '评审', '不超过5字']);
    expect(summary[0]).toMatchObject({ model_id: 'echo', scored: 5, correct: 4, accuracy: 0.8 });
    expect(summary[0].scores).toEqual({
      以Q开头: { scored: 5, passed: 4, mean: 0.8, spread: null },
      评审: { scored: 3, passed: 2, mean: 2 / 3, spread: null },
      不超过5字: { scored: 5, passed: 2, mean: 0.4, spread: null },
    });
    expect(summary[1].scores.评审).toEqual({ scored: 0, passed: 0, mean: null, spread: null });

    // Four verdicts billed to the user like any call; the run's quota counts them with the answers.
    expect(await charges(alice.userId, 'judge')).toEqual({ rows: 4, quota: 4 * MOCK_COST });
    const [run] = await f.t.db.query('SELECT quota::int AS quota FROM workflow_runs WHERE id = $1', [runId]);
    expect(run.quota).toBe(10 * MOCK_COST + 4 * MOCK_COST);

    // Saved with the project for its next run, as the run used them.
    expect((await alice.agent.get(`/api/workflow/scorers/${appId}`)).body.data.scorers).toEqual(used);
    const lines = (await alice.agent.get(`/api/workflow/export/runs/${runId}`).query({ format: 'jsonl' })).text.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ model: 'echo', repeat: 1, score: 1, score_kind: 'regex', scores: { 评审: { passed: true } } });
  });

  it('asks each sample n times per column and reports each scorer’s spread', async () => {
    const set = await dataset([{ question: 'Q1', answer: 'Q1' }, { question: 'Q2', answer: 'no' }]);
    const appId = await project(alice.agent, graphOf(['echo'], set));
    const estimate = (await alice.agent.post('/api/workflow/estimate').send({ app_id: appId, repeats: 3 })).body.data;
    expect(estimate.models[0].calls).toBe(6);
    const runId = await start(alice.agent, { app_id: appId, repeats: 3 });
    expect(await finished(runId)).toMatchObject({ Status: 'succeeded', done: 6, total: 6 });
    const detail = await detailOf(runId);
    expect(detail.run.repeats).toBe(3);
    expect(detail.list[0].answers.echo.repeats).toHaveLength(2);
    expect(detail.list[0].answers.echo.repeats?.[1]).toMatchObject({ status: 'done', answer: 'Q1', scores: { 参考答案: { passed: true } } });
    const { summary } = await summaryOf(runId);
    expect(summary[0].scores.参考答案).toEqual({ scored: 6, passed: 3, mean: 0.5, spread: 0 });
    // Saved scorers were not named by the call: the project keeps the defaults.
    expect((await alice.agent.get(`/api/workflow/scorers/${appId}`)).body.data.scorers).toEqual(WORKFLOW_DEFAULT_SCORERS);
  });

  it('re-runs only the failed answers (billed once each), then re-scores without asking the models again, then re-runs all', async () => {
    const set = await dataset([{ question: 'Q1 PASS-ME' }, { question: 'Q2' }, { question: 'Q3 PASS-ME' }]);
    const appId = await project(alice.agent, graphOf(['flaky'], set));
    upstream.refusedModels.add('flaky');
    const runId = await start(alice.agent, { app_id: appId });
    expect(await finished(runId)).toMatchObject({ Status: 'failed', done: 0, failed: 3 });
    upstream.refusedModels.delete('flaky');

    const flakyBefore = asked('flaky');
    const again = await alice.agent.post(`/api/workflow/runs/${runId}/rerun`).send({ only: 'failed' });
    expect(again.body).toMatchObject({ success: true, data: { asked: 3, rescored: 0 } });
    expect(await finished(runId)).toMatchObject({ Status: 'succeeded', done: 3, failed: 0 });
    expect(asked('flaky') - flakyBefore).toBe(3);
    expect(await charges(alice.userId, 'flaky')).toEqual({ rows: 3, quota: 3 * MOCK_COST });
    const history = await f.t.db.query('SELECT idx, attempt, status, quota::int AS quota FROM workflow_run_answer_history WHERE run_id = $1 ORDER BY idx', [runId]);
    expect(history).toEqual([0, 1, 2].map((idx) => ({ idx, attempt: 1, status: 'failed', quota: 0 })));

    // Nothing failed now: a second "failed only" asks nothing and the run ends as it stands.
    expect((await alice.agent.post(`/api/workflow/runs/${runId}/rerun`).send({ only: 'failed' })).body.data).toEqual({ asked: 0, rescored: 0 });
    expect(await finished(runId)).toMatchObject({ Status: 'succeeded', done: 3 });
    expect(asked('flaky') - flakyBefore).toBe(3);

    // New scorers alone: the judge is asked about the three answers, the model is not.
    const judgeBefore = asked('judge');
    const rescore = await alice.agent.post(`/api/workflow/runs/${runId}/rerun`).send({ scorers: [JUDGE] });
    expect(rescore.body.data).toEqual({ asked: 0, rescored: 3 });
    expect(await finished(runId)).toMatchObject({ Status: 'succeeded', judged: 3, judge_total: 3 });
    expect(asked('flaky') - flakyBefore).toBe(3);
    expect(asked('judge') - judgeBefore).toBe(3);
    const { summary } = await summaryOf(runId);
    expect(summary[0]).toMatchObject({ accuracy: 2 / 3, scores: { 评审: { scored: 3, passed: 2 } } });

    // All again: three new answers and three new verdicts; what the replaced ones cost is kept in the run's quota.
    const all = await alice.agent.post(`/api/workflow/runs/${runId}/rerun`).send({ only: 'all' });
    expect(all.body.data).toEqual({ asked: 3, rescored: 0 });
    expect(await finished(runId)).toMatchObject({ Status: 'succeeded', done: 3, judged: 3 });
    expect(asked('flaky') - flakyBefore).toBe(6);
    expect(asked('judge') - judgeBefore).toBe(6);
    const detail = await detailOf(runId);
    expect(detail.run).toMatchObject({ reruns: 6 * MOCK_COST, quota: 12 * MOCK_COST });
    const attempts = await f.t.db.query('SELECT attempt, status, scores FROM workflow_run_answer_history WHERE run_id = $1 AND idx = 0 ORDER BY attempt', [runId]);
    expect(attempts.map((row: { attempt: number; status: string }) => [row.attempt, row.status])).toEqual([
      [1, 'failed'],
      [2, 'done'],
    ]);
    expect(attempts[1].scores['0']).toMatchObject({ kind: 'llm_judge', passed: true, quota: MOCK_COST });
    const [run] = await f.t.db.query('SELECT quota::int AS quota FROM workflow_runs WHERE id = $1', [runId]);
    const billed = (await charges(alice.userId, 'flaky')).quota + (await charges(alice.userId, 'judge')).quota;
    expect(billed - 4 * MOCK_COST).toBe(run.quota); // the first test's four verdicts are alice's too
  });

  it('records answers arriving together in shared writes, each once with its scores, and a second record of one answer not at all', async () => {
    const set = await dataset([{ question: 'Q1' }]);
    const appId = await project(alice.agent, graphOf(['echo'], set));
    const store = f.t.app.get(RunStore);
    const plan = { columns: [{ node_id: 'llm-1', model: 'echo', params: {}, system: '', user: '' }], source: { kind: 'dataset' as const, id: set, field: 'question' } };
    const run = await store.create({ userId: alice.userId, appId, appTitle: 'x', mode: 'direct', source: { kind: 'dataset', id: set, name: 'x', field: 'question' }, limit: 0, plan, models: ['echo'], scorers: WORKFLOW_DEFAULT_SCORERS, repeats: 1, estimatedQuota: 0 });
    const count = 150;
    await store.addSamples(run.id, 0, Array.from({ length: count }, (_, index) => ({ input: `Q${index}`, reference: `Q${index}`, choice: false })));
    await store.markPrepared(run.id, count, 1);
    const answer = (idx: number) => ({ status: 'done' as const, answer: `Q${idx}`, quota: idx, promptTokens: 1, completionTokens: 1, useTimeMs: 1, firstTokenMs: 1, error: '', requestId: `r${idx}` });
    const score = { status: 'done' as const, kind: 'exact', value: 1, label: null, passed: true, reason: '' };
    // More than one write holds (64), all at once, answer 7 twice.
    const recorded = await Promise.all([...Array.from({ length: count }, (_, idx) => store.record(run.id, { idx, col: 0, rep: 0 }, answer(idx), [score])), store.record(run.id, { idx: 7, col: 0, rep: 0 }, answer(7), [score])]);
    expect(recorded.filter(Boolean)).toHaveLength(count);
    expect([recorded[7], recorded[count]].sort()).toEqual([false, true]);
    const [rows] = await f.t.db.query(
      `SELECT (SELECT count(*)::int FROM workflow_run_answers WHERE run_id = $1 AND status = 'done') AS done, (SELECT sum(quota)::int FROM workflow_run_answers WHERE run_id = $1) AS quota,
              (SELECT count(*)::int FROM workflow_run_scores WHERE run_id = $1 AND passed) AS scored`,
      [run.id],
    );
    expect(rows).toEqual({ done: count, quota: (count * (count - 1)) / 2, scored: count });
  });

  it('refuses re-runs that cannot be: running, streamed, empty, another user’s, bad scorers', async () => {
    const set = await dataset([{ question: 'Q1' }]);
    const appId = await project(alice.agent, graphOf(['echo'], set));
    const store = f.t.app.get(RunStore);
    const plan = { columns: [{ node_id: 'llm-1', model: 'echo', params: {}, system: '', user: '' }], source: { kind: 'dataset' as const, id: set, field: 'question' } };
    const base = { userId: alice.userId, appId, appTitle: 'x', source: { kind: 'dataset' as const, id: set, name: 'x', field: 'question' }, limit: 0, plan, models: ['echo'], scorers: WORKFLOW_DEFAULT_SCORERS, repeats: 1, estimatedQuota: 0 };
    const running = await store.create({ ...base, mode: 'direct' });
    const rerun = (id: number, body: object, agent = alice.agent) => agent.post(`/api/workflow/runs/${id}/rerun`).send(body);
    expect((await rerun(running.id, { only: 'all' })).body).toEqual({ success: false, message: MSG_WORKFLOW_RERUN_RUNNING, data: null });
    const streamed = await store.create({ ...base, mode: 'streaming' });
    await store.finish(streamed.id, 'succeeded');
    expect((await rerun(streamed.id, { only: 'all' })).body.message).toBe(MSG_WORKFLOW_RERUN_STREAMED);
    const done = await start(alice.agent, { app_id: appId });
    await finished(done);
    expect((await rerun(done, {})).body.message).toBe(MSG_WORKFLOW_RERUN_NOTHING);
    expect((await rerun(done, { only: 'some' })).body.message).toBe('only 必须是 failed、all 之一');
    expect((await rerun(done, { only: 'all' }, bob.agent)).body).toEqual({ success: false, message: MSG_WORKFLOW_RUN_NOT_FOUND, data: null });
    const badJudge = await rerun(done, { scorers: [{ ...JUDGE, model: 'not-a-model' }] });
    expect([badJudge.body.success, badJudge.body.message]).toEqual([false, expect.stringContaining('不可用')]);
    expect((await rerun(done, { scorers: 'regex' })).body.message).toBe('评分方式必须是数组');
    // Nothing of that changed the run.
    expect(await finished(done)).toMatchObject({ Status: 'succeeded', done: 1 });
  });

  it('refuses bad scorers with a clear message and creates nothing', async () => {
    const set = await dataset([{ question: 'Q1' }]);
    const appId = await project(alice.agent, graphOf(['echo'], set));
    const bad: unknown[] = [
      [{ name: '', type: 'regex', pattern: 'a' }],
      [{ name: 'a\u0000b', type: 'regex', pattern: 'a' }],
      [{ name: 'r', type: 'regex', pattern: '(' }],
      [{ name: 'r', type: 'regex', pattern: 'a' }, { name: 'r', type: 'length', max_chars: 3 }],
      [{ name: 'j', type: 'json', schema: { type: 'nonsense' } }],
      [{ name: 'n', type: 'number', abs_tolerance: '1' }],
      [{ name: 'c', type: 'cost' }],
      [{ name: 'x', type: 'telepathy' }],
      [{ ...JUDGE, rubric: '没有回答的位置' }],
      [],
    ];
    for (const scorers of bad) {
      const reply = await alice.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true, scorers });
      expect(reply.body.success, JSON.stringify(scorers)).toBe(false);
      expect(reply.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const repeats of [0, 11, 1.5, '2']) {
      const reply = await alice.agent.post('/api/workflow/estimate').send({ app_id: appId, repeats });
      expect(reply.body).toEqual({ success: false, message: '重复次数必须是 1 到 10 之间的整数', data: null });
    }
    expect(await f.t.db.query('SELECT id FROM workflow_runs WHERE app_id = $1', [appId])).toEqual([]);
    expect((await alice.agent.get(`/api/workflow/scorers/${appId}`)).body.data.scorers).toEqual(WORKFLOW_DEFAULT_SCORERS);
    // Saving goes through the same rules; another user's project is missing.
    const saved = await alice.agent.post(`/api/workflow/scorers/${appId}`).send({ scorers: [{ name: '格式', type: 'json', extra: 1 }] });
    expect(saved.body).toMatchObject({ success: true, data: { scorers: [{ name: '格式', type: 'json' }] } });
    expect((await bob.agent.get(`/api/workflow/scorers/${appId}`)).body).toEqual({ success: false, message: MSG_PROJECT_NOT_FOUND, data: null });
    expect((await bob.agent.post(`/api/workflow/scorers/${appId}`).send({ scorers: WORKFLOW_DEFAULT_SCORERS })).body.message).toBe(MSG_PROJECT_NOT_FOUND);
  });

  it('compares two runs of one dataset sample by sample: fixed, regressed and the same, with deltas', async () => {
    const set = await dataset([{ question: 'Q1' }, { question: 'Q2' }, { question: 'Q3' }, { question: 'Q4' }]);
    const appId = await project(alice.agent, graphOf(['echo', 'model-a'], set));
    const baseId = await start(alice.agent, { app_id: appId, scorers: [{ name: '命中', type: 'regex', pattern: '^Q[13]' }] });
    await finished(baseId);
    const otherId = await start(alice.agent, { app_id: appId, scorers: [{ name: '命中', type: 'regex', pattern: '^Q[234]' }] });
    await finished(otherId);

    const compare = async (query: object, agent = alice.agent) => (await agent.get('/api/workflow/runs/compare').query(query)).body;
    const reply: WorkflowCompare = (await compare({ base: baseId, other: otherId })).data;
    expect(reply).toMatchObject({ base: { id: baseId }, other: { id: otherId }, same_source: true, total: 4 });
    // echo: Q1 passed then failed (regressed), Q2 and Q4 failed then passed (fixed), Q3 passed both times.
    expect(reply.counts).toEqual({ echo: { fixed: 2, regressed: 1, same: 1 }, 'model-a': { fixed: 0, regressed: 0, same: 4 } });
    const row = (model: string, metric: string) => reply.summary.find((item) => item.model_id === model && item.metric === metric);
    expect(row('echo', 'pass_rate')).toEqual({ model_id: 'echo', scorer: '命中', metric: 'pass_rate', base: 0.5, other: 0.75, delta: 0.25 });
    expect(row('echo', 'cost')).toMatchObject({ base: 4 * MOCK_COST, other: 4 * MOCK_COST, delta: 0 });
    expect(row('model-a', 'latency')?.delta).toEqual(expect.any(Number));
    expect(reply.list[0]).toEqual({ index: 0, question: 'Q1', reference: '', models: { echo: { base: true, other: false, state: 'regressed' }, 'model-a': { base: false, other: false, state: 'same' } } });

    const regressed: WorkflowCompare = (await compare({ base: baseId, other: otherId, state: 'regressed' })).data;
    expect(regressed.list.map((sample) => sample.index)).toEqual([0]);
    expect(regressed.total).toBe(1);
    const paged: WorkflowCompare = (await compare({ base: baseId, other: otherId, state: 'fixed', page: 2, page_size: 1 })).data;
    expect(paged.list.map((sample) => sample.index)).toEqual([3]);

    // Another dataset compares the summary only.
    const elsewhere = await project(alice.agent, graphOf(['echo'], await dataset([{ question: 'Q9' }])));
    const thirdId = await start(alice.agent, { app_id: elsewhere });
    await finished(thirdId);
    const summaryOnly: WorkflowCompare = (await compare({ base: baseId, other: thirdId })).data;
    expect(summaryOnly).toMatchObject({ same_source: false, counts: {}, list: [], total: 0 });
    // The scorers share no name: only cost and latency compare.
    expect(summaryOnly.summary.map((item) => item.metric)).toEqual(['cost', 'latency']);

    expect(await compare({ base: baseId, other: baseId })).toEqual({ success: false, message: MSG_WORKFLOW_COMPARE_SAME, data: null });
    expect(await compare({ base: baseId, other: otherId }, bob.agent)).toEqual({ success: false, message: MSG_WORKFLOW_RUN_NOT_FOUND, data: null });
    expect((await compare({ base: 'x', other: otherId })).message).toBe('运行 ID 必须是正整数');
    expect((await compare({ base: baseId, other: otherId, state: 'better' })).message).toBe('state 必须是 fixed、regressed、same 之一');
  });
});
