import {
  ANSWER_NODE_DATA,
  INPUT_NODE_DATA,
  LLM_NODE_DATA,
  MSG_PROJECT_NOT_FOUND,
  MSG_WORKFLOW_EMPTY_SAMPLES,
  MSG_WORKFLOW_NO_LLM,
  MSG_WORKFLOW_RUN_NOT_FOUND,
  MSG_WORKFLOW_RUN_STARTED,
  START_NODE_DEFAULT,
  WORKFLOW_DEFAULT_SCORERS,
  WORKFLOW_RUN_DELETE_OK,
  type WorkflowRunStatus,
  type WorkflowStreamEvent,
} from '@gw/shared';
import ExcelJS from 'exceljs';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../../test/relay-fixture';
import { LogWriterService } from '../../logs/log-writer.service';
import { QuotaLedgerService } from '../../relay/billing/quota-ledger.service';
import { AnswerAsker } from './answer-asker';
import { MSG_RUN_INTERNAL_ERROR, RunEngine } from './run-engine';
import { RunStore } from './run-store';
import { binaryBody } from '../../../test/binary-body';
import { downloadCutByDatabase } from '../../../test/download-cut-by-database';

const MODELS = ['model-a', 'model-b', 'echo', 'slow-stream', 'fail-500', 'fail-401'];
/** The mock's usage (11 prompt, 7 completion) at model ratio 1, completion ratio 2. */
const MOCK_COST = 11 + 7 * 2;

const CHOICES = [
  { question: '1 + 1 = ?', options: [{ key: 'A', value: '2' }, { key: 'B', value: '3' }], answer: 'A' },
  { question: '2 + 2 = ?', options: [{ key: 'A', value: '5' }, { key: 'B', value: '4' }], answer: 'B' },
  { question: '3 + 3 = ?', options: [{ key: 'A', value: '6' }, { key: 'B', value: '7' }], answer: 'A' },
];

describe('workflow runs (integration)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;
  let alice: { userId: number; agent: TestAgent };
  let bob: { userId: number; agent: TestAgent };
  let choiceSet: number;

  const graphOf = (models: string[], datasetId = 0, userPrompt = '') => ({
    nodes: [
      structuredClone(START_NODE_DEFAULT),
      { id: 'input-1', type: 'input', position: { x: 500, y: 300 }, data: { ...INPUT_NODE_DATA, variables: [{ ...INPUT_NODE_DATA.variables[0], default: datasetId }] } },
      ...models.map((name, index) => ({
        id: `llm-${index + 1}`,
        type: 'llm',
        position: { x: 800, y: 100 + index * 150 },
        data: { ...LLM_NODE_DATA, model: { ...LLM_NODE_DATA.model, name }, prompt_template: userPrompt ? [{ id: 'u', role: 'user', text: userPrompt }] : [] },
      })),
      { id: 'answer-1', type: 'answer', position: { x: 1100, y: 300 }, data: ANSWER_NODE_DATA },
    ],
    edges: [
      { id: 'e-start', source: 'start-1', target: 'input-1', type: 'custom' },
      ...models.flatMap((_, index) => [
        { id: `e-in-${index}`, source: 'input-1', target: `llm-${index + 1}`, type: 'custom' },
        { id: `e-out-${index}`, source: `llm-${index + 1}`, target: 'answer-1', type: 'custom' },
      ]),
    ],
  });

  const project = async (agent: TestAgent, graph: object, title = '评测'): Promise<number> => {
    const created = await agent.post('/api/apps/').send({ title });
    const id = created.body.data.id as number;
    const saved = await agent.post(`/api/workflow/${id}`).send({ graph });
    if (!saved.body.success) throw new Error(saved.body.message);
    return id;
  };

  const dataset = async (records: object[]): Promise<number> => {
    const [row] = await f.t.db.query(`INSERT INTO data_library_info (name, data_type, data_num, data_update_time, created_at) VALUES ('选择题', '选择题', $1, 1, 1) RETURNING id`, [records.length]);
    for (const record of records) await f.t.db.query('INSERT INTO data_library_source (belong_id, body) VALUES ($1, $2)', [row.id, JSON.stringify(record)]);
    return row.id;
  };

  const waitFor = async (runId: number, agent: TestAgent, done: (status: WorkflowRunStatus) => boolean = (status) => status !== 'running') => {
    for (let i = 0; i < 500; i++) {
      const reply = await agent.get(`/api/workflow/run_status/${runId}`);
      if (done(reply.body.data.Status)) return reply.body.data;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`run ${runId} did not finish`);
  };

  /** The user's relay log rows of consumption (type 2) and their charged quota, once written. */
  const loggedCharges = async (userId: number, model = '%'): Promise<{ rows: number; quota: number }> => {
    await f.t.app.get(QuotaLedgerService).flush();
    await f.t.app.get(LogWriterService).flush();
    const [row] = await f.t.db.query(`SELECT count(*)::int AS rows, COALESCE(sum(quota), 0)::int AS quota FROM logs WHERE user_id = $1 AND type = 2 AND model_name LIKE $2`, [userId, model]);
    return row;
  };

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    await f.channel({ models: MODELS.join(',') });
    const a = await f.customer('alice', 1_000_000);
    alice = { userId: a.userId, agent: a.agent };
    const b = await f.customer('bob', 1_000_000);
    bob = { userId: b.userId, agent: b.agent };
    choiceSet = await dataset(CHOICES);
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  it('streams one query through every llm node, records it as a run and bills each answer once', async () => {
    const appId = await project(alice.agent, graphOf(['model-a', 'echo'], 0, '请回答：{{#context#}}'));
    const before = await loggedCharges(alice.userId);
    const reply = await alice.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'streaming', query: '天空是什么颜色？', inputs: {} });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('text/event-stream');
    const lines = reply.text.split('\n\n').filter(Boolean);
    expect(lines.at(-1)).toBe('data: [DONE]');
    const events = lines.slice(0, -1).map((line) => JSON.parse(line.replace(/^data: /, '')) as WorkflowStreamEvent);
    const runId = Number(events[0].conversation_id);
    const textOf = (node: string) => events.filter((event) => event.metadata.node_id === node && event.metadata.event === 'message').map((event) => event.content).join('');
    expect(textOf('llm-1')).toBe('Hello from model-a');
    expect(textOf('llm-2')).toBe('请回答：天空是什么颜色？');
    const ends = events.filter((event) => event.metadata.event === 'message_end');
    expect(ends.map((event) => event.metadata.model).sort()).toEqual(['echo', 'model-a']);
    for (const end of ends) expect(end.metadata).toMatchObject({ quota: MOCK_COST, prompt_tokens: 11, completion_tokens: 7 });

    const detail = await alice.agent.get(`/api/workflow/runs/${runId}`);
    expect(detail.body.data.run).toMatchObject({ status: 'succeeded', mode: 'streaming', source_kind: 'query', models: ['model-a', 'echo'], done: 2, failed: 0, quota: 2 * MOCK_COST });
    expect(detail.body.data.list[0].answers['model-a']).toMatchObject({ status: 'done', answer: 'Hello from model-a', quota: MOCK_COST, score: null });
    expect(JSON.parse(detail.body.data.list[0].question)).toEqual({ messages: [{ role: 'user', content: '请回答：天空是什么颜色？' }] });
    const after = await loggedCharges(alice.userId);
    expect({ rows: after.rows - before.rows, quota: after.quota - before.quota }).toEqual({ rows: 2, quota: 2 * MOCK_COST });
    const [app] = await f.t.db.query('SELECT has_run FROM workflow_apps WHERE id = $1', [appId]);
    expect(app.has_run).toBe(true);
  });

  it('runs one llm node of three models over a dataset: three answer columns, each answer billed once', async () => {
    const graph = graphOf(['model-a'], choiceSet);
    const llm = graph.nodes.find((node) => node.id === 'llm-1')!;
    llm.data = { ...llm.data, models: ['model-a', 'model-b', 'echo'] };
    const appId = await project(alice.agent, graph);
    const before = await loggedCharges(alice.userId);
    const started = await alice.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true, query: '', inputs: {} });
    const runId = started.body.data.run_id as number;
    expect(await waitFor(runId, alice.agent)).toMatchObject({ Status: 'succeeded', done: 9, failed: 0, total: 9 });

    const detail = (await alice.agent.get(`/api/workflow/runs/${runId}`)).body.data;
    expect(detail.run.models).toEqual(['model-a', 'model-b', 'echo']);
    expect(detail.list).toHaveLength(3);
    for (const sample of detail.list) expect(Object.keys(sample.answers)).toEqual(['model-a', 'model-b', 'echo']);
    expect(detail.list[0].answers['model-b']).toMatchObject({ status: 'done', answer: 'Hello from model-b', quota: MOCK_COST });
    const summary = (await alice.agent.get(`/api/workflow/runs-summary/${runId}`)).body.data.summary;
    expect(summary.map((row: { model_id: string; answers: number; total_quota: number }) => [row.model_id, row.answers, row.total_quota])).toEqual([
      ['model-a', 3, 3 * MOCK_COST],
      ['model-b', 3, 3 * MOCK_COST],
      ['echo', 3, 3 * MOCK_COST],
    ]);
    const after = await loggedCharges(alice.userId);
    expect({ rows: after.rows - before.rows, quota: after.quota - before.quota }).toEqual({ rows: 9, quota: 9 * MOCK_COST });
  });

  it('still runs a graph saved before llm nodes named several models (model alone)', async () => {
    const graph = graphOf(['model-b'], choiceSet);
    const llm = graph.nodes.find((node) => node.id === 'llm-1')!;
    const { models: _none, ...saved } = llm.data as Record<string, unknown>;
    llm.data = saved as typeof llm.data;
    const appId = await project(alice.agent, graph);
    const started = await alice.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true, query: '', inputs: {} });
    expect(await waitFor(started.body.data.run_id, alice.agent)).toMatchObject({ Status: 'succeeded', done: 3, total: 3 });
    expect((await alice.agent.get(`/api/workflow/runs/${started.body.data.run_id}`)).body.data.run.models).toEqual(['model-b']);
  });

  it('runs a whole dataset across models: one answer per sample and model, scores, summary, exports', async () => {
    const appId = await project(alice.agent, graphOf(['echo', 'model-b'], choiceSet));
    const estimate = await alice.agent.post('/api/workflow/estimate').send({ app_id: appId, response_mode: 'direct', run_whole_data: true });
    expect(estimate.body.data).toMatchObject({ source: { kind: 'dataset', id: choiceSet, name: '选择题', field: 'question' }, samples: 3, enough: true });
    expect(estimate.body.data.models.map((model: { model: string; calls: number }) => [model.model, model.calls])).toEqual([
      ['echo', 3],
      ['model-b', 3],
    ]);
    expect(estimate.body.data.quota).toBeGreaterThan(0);

    const before = await loggedCharges(alice.userId);
    const started = await alice.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true, query: '', inputs: {} });
    expect(started.body).toMatchObject({ success: true, message: MSG_WORKFLOW_RUN_STARTED, data: { task: { status: 'running', app_title: '评测' } } });
    const runId = started.body.data.run_id as number;
    const status = await waitFor(runId, alice.agent);
    expect(status).toEqual({ id: runId, Status: 'succeeded', app_title: '评测', done: 6, failed: 0, total: 6, judge_total: 0, judged: 0 });

    const answers = await f.t.db.query('SELECT idx, col, status FROM workflow_run_answers WHERE run_id = $1 ORDER BY idx, col', [runId]);
    expect(answers).toHaveLength(6);
    const detail = (await alice.agent.get(`/api/workflow/runs/${runId}`).query({ page: 1, page_size: 2 })).body.data;
    expect(detail.total).toBe(3);
    expect(detail.list.map((sample: { index: number; reference: string }) => [sample.index, sample.reference])).toEqual([
      [0, 'A'],
      [1, 'B'],
    ]);
    // echo repeats the question with its options: the first letter it gives is A.
    expect(detail.list[0].answers.echo).toMatchObject({ status: 'done', score: 1, score_kind: 'choice' });
    expect(detail.list[1].answers.echo).toMatchObject({ score: 0 });
    expect(detail.list[0].answers['model-b']).toMatchObject({ answer: 'Hello from model-b', score: 0 });

    const summary = (await alice.agent.get(`/api/workflow/runs-summary/${runId}`)).body.data.summary;
    expect(summary).toHaveLength(2);
    expect(summary[0]).toMatchObject({ model_id: 'echo', answers: 3, failures: 0, scored: 3, correct: 2 });
    expect(summary[0].accuracy).toBeCloseTo(2 / 3);
    expect(summary[1]).toMatchObject({ model_id: 'model-b', answers: 3, scored: 3, correct: 0, accuracy: 0, total_quota: 3 * MOCK_COST, message_tokens: 33, answer_tokens: 21 });

    const after = await loggedCharges(alice.userId);
    const [run] = await f.t.db.query('SELECT quota::int AS quota FROM workflow_runs WHERE id = $1', [runId]);
    expect({ rows: after.rows - before.rows, quota: after.quota - before.quota }).toEqual({ rows: 6, quota: run.quota });

    const jsonl = await alice.agent.get(`/api/workflow/export/runs/${runId}`).query({ format: 'jsonl' });
    expect(jsonl.headers['content-disposition']).toContain(`workflow-run-${runId}.jsonl`);
    const lines = jsonl.text.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatchObject({ index: 1, model: 'echo', reference: 'A', score: 1, status: 'done' });
    const json = await alice.agent.get(`/api/workflow/export/runs/${runId}`).query({ format: 'json' }).buffer(true).parse((res, done) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => done(null, text));
    });
    expect(JSON.parse(json.body as string)).toEqual(lines);
    const xlsx = await alice.agent.get(`/api/workflow/export/runs/${runId}`).query({ format: 'excel' }).buffer(true).parse(binaryBody);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('样本序号');
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(2).getCell(2).value).toBe('echo');
    expect(sheet.getRow(3).getCell(6).value).toBe('Hello from model-b');

    const list = (await alice.agent.get('/api/workflow/runs').query({ search_key: '评测' })).body.data;
    expect(list.list.some((item: { id: number }) => item.id === runId)).toBe(true);
    const appRuns = (await alice.agent.get(`/api/workflow/app-runs/${appId}`)).body.data.list;
    expect(appRuns.map((item: { id: number }) => item.id)).toEqual([runId]);

    expect((await alice.agent.post(`/api/workflow/runs/${runId}/delete`)).body).toEqual({ success: true, message: WORKFLOW_RUN_DELETE_OK, data: true });
    expect(await f.t.db.query('SELECT 1 FROM workflow_run_answers WHERE run_id = $1', [runId])).toEqual([]);
  });

  it('estimates a second run of a graph within 2× of what the first one cost, from what the model answered', async () => {
    const carol = await f.customer('carol', 1_000_000);
    const questions = await dataset(Array.from({ length: 6 }, (_, index) => ({ question: `${index} + 1 = ?` })));
    // max_tokens far above what the model answers (the mock's 7 completion tokens).
    const graph = graphOf(['model-a'], questions);
    Object.assign((graph.nodes[2].data as typeof LLM_NODE_DATA).model.completion_params, { max_tokens: 1000 });
    const appId = await project(carol.agent, graph);
    const estimateOf = async () => (await carol.agent.post('/api/workflow/estimate').send({ app_id: appId })).body.data;

    const first = await estimateOf();
    expect(first.models[0]).toMatchObject({ calls: 6, completion_tokens: 6 * 1000, completion_basis: 'max_tokens' });
    const started = await carol.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true });
    const runId = started.body.data.run_id as number;
    expect((await waitFor(runId, carol.agent)).Status).toBe('succeeded');
    const actual = (await loggedCharges(carol.userId)).quota;
    expect(actual).toBe(6 * MOCK_COST);

    const second = await estimateOf();
    expect(second.models[0]).toMatchObject({ completion_tokens: 6 * 7, completion_basis: 'history' });
    expect(second.quota).toBeGreaterThanOrEqual(actual / 2);
    expect(second.quota).toBeLessThanOrEqual(actual * 2);
    // The high end: twice the answers seen, within max_tokens.
    expect(second.quota_high).toBeGreaterThan(second.quota);
    expect(second.quota_high).toBeLessThan(first.quota);
  });

  it('refuses a run that would send empty prompts: nothing is created, asked or charged', async () => {
    const dialogues = await dataset([
      { scene: '物流', messages: [{ role: 'user', content: '到哪了？' }] },
      { question: '  ', scene: '退货' },
      { question: '能开发票吗？' },
      { scene: '换货', question: null },
    ]);
    const appId = await project(alice.agent, graphOf(['model-a'], dialogues));
    const estimate = (await alice.agent.post('/api/workflow/estimate').send({ app_id: appId })).body.data;
    expect(estimate).toMatchObject({ samples: 4, empty_samples: 3, source: { field: 'question' } });
    const seen = upstream.seen.length;
    const before = await loggedCharges(alice.userId);
    const refused = await alice.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true });
    expect(refused.body).toEqual({ success: false, message: MSG_WORKFLOW_EMPTY_SAMPLES(3, 'question'), data: null });
    expect(refused.body.message).toBe('有 3 条样本缺少字段「question」，运行会发送空的提示词，已拒绝运行');
    expect(await f.t.db.query('SELECT id FROM workflow_runs WHERE app_id = $1', [appId])).toEqual([]);
    expect(upstream.seen.length).toBe(seen);
    expect(await loggedCharges(alice.userId)).toEqual(before);

    // The count is of the field asked.
    const fine = await alice.agent.post('/api/workflow/estimate').send({ app_id: appId, inputs: { data_source_key: 'scene' } });
    expect(fine.body.data).toMatchObject({ empty_samples: 1, source: { field: 'scene' } });
  });

  it("offers a dataset's own fields to the input node, suggesting one every sample has", async () => {
    const choices = await alice.agent.get(`/api/workflow/dataset-fields/${choiceSet}`);
    expect(choices.body).toEqual({ success: true, message: '', data: { fields: ['question', 'options', 'answer'], field: 'question' } });
    // The sample dataset of customer-service dialogues has no question: its conversation is suggested.
    const [dialogue] = await f.t.db.query(`SELECT id, data_num::int AS data_num FROM data_library_info WHERE name = '电商客服多轮对话'`);
    const offered = (await alice.agent.get(`/api/workflow/dataset-fields/${dialogue.id}`)).body.data;
    expect(offered).toEqual({ fields: ['id', 'scene', 'messages', 'meta'], field: 'messages' });
    const appId = await project(alice.agent, graphOf(['model-a'], dialogue.id));
    const estimate = await alice.agent.post('/api/workflow/estimate').send({ app_id: appId, inputs: { data_source_key: offered.field } });
    expect(estimate.body.data).toMatchObject({ samples: dialogue.data_num, empty_samples: 0 });

    expect((await alice.agent.get('/api/workflow/dataset-fields/999999')).body).toEqual({ success: false, message: '数据集不存在', data: null });
    expect((await f.t.http().get(`/api/workflow/dataset-fields/${choiceSet}`)).status).toBe(401);
  });

  it('exports text a spreadsheet would read as a formula as text, and cuts a download the database fails under', async () => {
    const formulas = await dataset([
      { question: '=HYPERLINK("http://evil.example","点我")', answer: '-1' },
      { question: '@SUM(1,2)', answer: '+3' },
    ]);
    const appId = await project(alice.agent, graphOf(['echo'], formulas));
    const started = await alice.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true });
    const runId = started.body.data.run_id as number;
    expect((await waitFor(runId, alice.agent)).Status).toBe('succeeded');
    const exported = (format: string) => alice.agent.get(`/api/workflow/export/runs/${runId}`).query({ format }).timeout(5000);

    const xlsx = await exported('excel').buffer(true).parse(binaryBody);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const columns = ['样本序号', '问题', '参考答案', '回答', '额度'].map((title) => (sheet.getRow(1).values as unknown[]).indexOf(title));
    const rowOf = (row: number) => columns.map((column) => sheet.getRow(row).getCell(column).value);
    expect(rowOf(2)).toEqual([1, '\'=HYPERLINK("http://evil.example","点我")', "'-1", expect.stringMatching(/^'=HYPERLINK/), MOCK_COST]);
    expect(rowOf(3)).toEqual([2, "'@SUM(1,2)", "'+3", expect.stringMatching(/^'@SUM/), MOCK_COST]);
    // Only the spreadsheet marks them: the JSON lines keep the text as it is.
    const lines = (await exported('jsonl')).text.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.question, line.reference])).toEqual([
      ['=HYPERLINK("http://evil.example","点我")', '-1'],
      ['@SUM(1,2)', '+3'],
    ]);

    // The answers held locked: the JSON array's first bytes are sent, then its first page waits.
    const cut = await downloadCutByDatabase(f.t.db, 'workflow_run_answers', exported('json'));
    expect(cut).toEqual({ began: { status: 200, type: expect.stringContaining('application/json') }, ended: 'ECONNRESET' });
  });

  it('refuses a run the quota cannot cover, and a graph without an llm node, creating nothing', async () => {
    const poor = await f.customer('poor', 10);
    const appId = await project(poor.agent, graphOf(['model-a'], choiceSet));
    const estimate = (await poor.agent.post('/api/workflow/estimate').send({ app_id: appId })).body.data;
    expect(estimate).toMatchObject({ enough: false, user_quota: 10 });
    const refused = await poor.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true });
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toMatch(/^额度不足：预计消耗 .+，当前剩余 .+$/);
    const empty = await project(poor.agent, { nodes: [structuredClone(START_NODE_DEFAULT)], edges: [] });
    const noLlm = await poor.agent.post('/api/workflow/chat-messages').send({ app_id: empty, response_mode: 'streaming', query: 'hi' });
    expect(noLlm.body).toEqual({ success: false, message: MSG_WORKFLOW_NO_LLM, data: null });
    expect(await f.t.db.query('SELECT id FROM workflow_runs WHERE user_id = $1', [poor.userId])).toEqual([]);
  });

  it('refuses bad input with a clear message', async () => {
    const appId = await project(alice.agent, graphOf(['model-a'], choiceSet));
    const cases: Array<[object, string]> = [
      [{ app_id: 'x' }, '项目 ID 必须是正整数'],
      [{ app_id: appId, response_mode: 'sideways' }, 'response_mode 必须是 streaming、direct 之一'],
      [{ app_id: appId, response_mode: 'direct' }, '直接运行用于整个数据集，请同时设置 run_whole_data'],
      [{ app_id: appId, query: '   ' }, '请输入问题'],
      [{ app_id: appId, query: 'hi', inputs: { limit: 0 } }, '样本数量必须是正整数'],
      [{ app_id: appId, query: 'hi', inputs: { data_source_key: 'a b' } }, '数据字段只能包含字母、数字、下划线、点和连字符（最多 100 个字符）'],
      [{ app_id: appId, response_mode: 'direct', run_whole_data: true, inputs: { data_market_id: 999999 } }, '数据集不存在'],
      [{ app_id: appId, response_mode: 'direct', run_whole_data: true, inputs: { text_file_id: 5 } }, '文件不存在'],
    ];
    for (const [body, message] of cases) {
      const reply = await alice.agent.post('/api/workflow/chat-messages').send(body);
      expect([reply.body.success, reply.body.message]).toEqual([false, message]);
    }
  });

  it("keeps another user's projects and runs out of reach", async () => {
    const appId = await project(alice.agent, graphOf(['model-a'], choiceSet));
    const started = await alice.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true });
    const runId = started.body.data.run_id as number;
    await waitFor(runId, alice.agent);
    const notFound = { success: false, message: MSG_WORKFLOW_RUN_NOT_FOUND, data: null };
    expect((await bob.agent.get(`/api/workflow/run_status/${runId}`)).body).toEqual(notFound);
    expect((await bob.agent.get(`/api/workflow/runs/${runId}`)).body).toEqual(notFound);
    expect((await bob.agent.get(`/api/workflow/runs-summary/${runId}`)).body).toEqual(notFound);
    expect((await bob.agent.post(`/api/workflow/runs/${runId}/cancel`)).body).toEqual(notFound);
    expect((await bob.agent.post(`/api/workflow/runs/${runId}/delete`)).body).toEqual(notFound);
    expect((await bob.agent.get(`/api/workflow/export/runs/${runId}`)).body).toEqual(notFound);
    expect((await bob.agent.get(`/api/workflow/app-runs/${appId}`)).body.data.list).toEqual([]);
    expect((await bob.agent.get('/api/workflow/runs')).body.data.list).toEqual([]);
    const stolen = await bob.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'streaming', query: 'hi' });
    expect(stolen.body).toEqual({ success: false, message: MSG_PROJECT_NOT_FOUND, data: null });
    expect((await f.t.http().get(`/api/workflow/run_status/${runId}`)).status).toBe(401);
    expect((await alice.agent.get(`/api/workflow/run_status/${runId}`)).body.data.Status).toBe('succeeded');
  });

  it('cancels a run: what is in flight finishes and is billed, nothing more is asked', async () => {
    const many = await dataset(Array.from({ length: 40 }, (_, index) => ({ question: `第 ${index} 题`, answer: '' })));
    const appId = await project(alice.agent, graphOf(['slow-stream'], many));
    const started = await alice.agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true });
    const runId = started.body.data.run_id as number;
    // Wait until the engine is asking (answers in flight), then cancel.
    await waitFor(runId, alice.agent, () => upstream.seen.some((seen) => seen.body.model === 'slow-stream'));
    const cancelled = await alice.agent.post(`/api/workflow/runs/${runId}/cancel`);
    expect(cancelled.body.success).toBe(true);
    const status = await waitFor(runId, alice.agent);
    expect(status.Status).toBe('cancelled');
    const [run] = await f.t.db.query('SELECT done, failed, quota::int AS quota FROM workflow_runs WHERE id = $1', [runId]);
    expect(run.done).toBeLessThan(40);
    const pending = await f.t.db.query(`SELECT count(*)::int AS n FROM workflow_run_answers WHERE run_id = $1 AND status = 'pending'`, [runId]);
    expect(pending[0].n).toBe(40 - run.done - run.failed);
    const asked = upstream.seen.filter((seen) => seen.body.model === 'slow-stream').length;
    expect(asked).toBe(run.done + run.failed);
    expect(await loggedCharges(alice.userId, 'slow-stream')).toEqual({ rows: run.done, quota: run.quota });
  });

  it('stops a run when the user can no longer pay, records the reason and asks no upstream', async () => {
    const broke = await f.customer('broke', 0);
    const many = await dataset(Array.from({ length: 30 }, (_, index) => ({ question: `题 ${index}` })));
    const appId = await project(broke.agent, graphOf(['model-a'], many));
    const plan = { columns: [{ node_id: 'llm-1', model: 'model-a', params: {}, system: '', user: '' }], source: { kind: 'dataset' as const, id: many, field: 'question' } };
    const store = f.t.app.get(RunStore);
    // Accepted while the user could pay (the estimate passed); the quota is gone when the worker asks.
    const run = await store.create({ userId: broke.userId, appId, appTitle: '欠费', mode: 'direct', source: { kind: 'dataset', id: many, name: 'x', field: 'question' }, limit: 0, plan, models: ['model-a'], scorers: WORKFLOW_DEFAULT_SCORERS, repeats: 1, estimatedQuota: 0 });
    const seenBefore = upstream.seen.length;
    await f.t.app.get(RunEngine).execute(run.id);
    const [after] = await f.t.db.query('SELECT status, error, done, failed FROM workflow_runs WHERE id = $1', [run.id]);
    expect(after).toMatchObject({ status: 'failed', error: '用户额度不足，请充值后再试', done: 0 });
    expect(after.failed).toBeGreaterThan(0);
    expect(after.failed).toBeLessThan(30);
    expect(upstream.seen.length).toBe(seenBefore);
    expect((await loggedCharges(broke.userId)).quota).toBe(0);
  });

  it("records a run the database fails under with a Chinese reason, not the database's words", async () => {
    const appId = await project(alice.agent, graphOf(['model-a'], choiceSet));
    const plan = { columns: [{ node_id: 'llm-1', model: 'model-a', params: {}, system: '', user: '' }], source: { kind: 'dataset' as const, id: choiceSet, field: 'question' } };
    const run = await f.t.app.get(RunStore).create({ userId: alice.userId, appId, appTitle: '库满', mode: 'direct', source: { kind: 'dataset', id: choiceSet, name: 'x', field: 'question' }, limit: 0, plan, models: ['model-a'], scorers: WORKFLOW_DEFAULT_SCORERS, repeats: 1, estimatedQuota: 0 });
    // The samples cannot be written (as on a full disk): the run fails while it is prepared.
    await f.t.db.query('ALTER TABLE workflow_run_samples ADD CONSTRAINT samples_refused CHECK (false) NOT VALID');
    try {
      await f.t.app.get(RunEngine).execute(run.id);
    } finally {
      await f.t.db.query('ALTER TABLE workflow_run_samples DROP CONSTRAINT samples_refused');
    }
    const [after] = await f.t.db.query('SELECT status, error FROM workflow_runs WHERE id = $1', [run.id]);
    expect(after).toEqual({ status: 'failed', error: MSG_RUN_INTERNAL_ERROR });
  });

  it('resumes a run left by a dead worker: only pending answers are asked, nothing is charged twice', async () => {
    const many = await dataset(Array.from({ length: 10 }, (_, index) => ({ question: `问题 ${index}`, answer: `问题 ${index}` })));
    const appId = await project(alice.agent, graphOf(['echo'], many));
    const store = f.t.app.get(RunStore);
    const { plan } = { plan: { columns: [{ node_id: 'llm-1', model: 'echo', params: {}, system: '', user: '' }], source: { kind: 'dataset' as const, id: many, field: 'question' } } };
    const run = await store.create({ userId: alice.userId, appId, appTitle: '续跑', mode: 'direct', source: { kind: 'dataset', id: many, name: 'x', field: 'question' }, limit: 0, plan, models: ['echo'], scorers: WORKFLOW_DEFAULT_SCORERS, repeats: 1, estimatedQuota: 0 });
    // A worker that died after preparing the run and recording four answers.
    await f.t.db.query(`UPDATE workflow_runs SET worker = 'dead-host-1-abc' WHERE id = $1`, [run.id]);
    const engine = f.t.app.get(RunEngine);
    const asker = f.t.app.get(AnswerAsker);
    await store.clearSamples(run.id);
    await store.addSamples(run.id, 0, Array.from({ length: 10 }, (_, index) => ({ input: `问题 ${index}`, reference: `问题 ${index}`, choice: false })));
    await store.markPrepared(run.id, 10, 1);
    for (let idx = 0; idx < 4; idx++) await asker.ask(run, plan.columns[0], { idx, col: 0, rep: 0, input: `问题 ${idx}`, reference: `问题 ${idx}`, choice: false });
    const seenBefore = upstream.seen.filter((seen) => seen.body.model === 'echo').length;
    const chargesBefore = await loggedCharges(alice.userId);

    await Promise.all([engine.execute(run.id), engine.execute(run.id)]);
    const after = await f.t.db.query(`SELECT status, done, failed, quota::int AS quota FROM workflow_runs WHERE id = $1`, [run.id]);
    expect(after[0]).toMatchObject({ status: 'succeeded', done: 10, failed: 0 });
    expect(upstream.seen.filter((seen) => seen.body.model === 'echo').length - seenBefore).toBe(6);
    const chargesAfter = await loggedCharges(alice.userId);
    expect(chargesAfter.rows - chargesBefore.rows).toBe(6);
    expect(after[0].quota).toBe(10 * MOCK_COST);
    // The four answers recorded before the crash were never scored (asked without scorers): the resumed run scored them too.
    const scored = await f.t.db.query(`SELECT count(*)::int AS n FROM workflow_run_scores WHERE run_id = $1 AND scorer = 0 AND passed`, [run.id]);
    expect(scored[0].n).toBe(10);

    // An answer asked again after it was recorded is not kept and not charged.
    const again = await asker.ask(run, plan.columns[0], { idx: 0, col: 0, rep: 0, input: '问题 0', reference: '问题 0', choice: false });
    expect(again.kind).toBe('skipped');
    const chargesFinal = await loggedCharges(alice.userId);
    expect(chargesFinal).toEqual(chargesAfter);
  });
});
