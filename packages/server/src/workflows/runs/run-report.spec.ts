import { MSG_SHARE_INVALID } from '@gw/shared';
import { createHash } from 'node:crypto';
import {
  INPUT_NODE_DATA,
  LLM_NODE_DATA,
  MSG_WORKFLOW_COMPARE_SAME,
  MSG_WORKFLOW_RUN_NOT_FOUND,
  START_NODE_DEFAULT,
  type WorkflowCompare,
  type WorkflowRunDetail,
  type WorkflowRunSummary,
  type WorkflowScorer,
} from '@gw/shared';
import ExcelJS from 'exceljs';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryBody } from '../../../test/binary-body';
import { MockOpenAiUpstream } from '../../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../../test/relay-fixture';
import type { CompareReportData } from './compare-report';

const MODELS = ['model-a', 'echo'];
/** User input that must come out of an HTML report as text: a project title and a scorer name. */
const TITLE = '<script>alert(1)</script>评测';
const SCORER = '=<b>命中</b>';

describe('workflow run reports and share links (integration)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;
  let alice: { userId: number; agent: TestAgent };
  let bob: { userId: number; agent: TestAgent };
  let baseId: number;
  let otherId: number;

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

  const project = async (agent: TestAgent, title: string, graph: object): Promise<number> => {
    const id = (await agent.post('/api/apps/').send({ title })).body.data.id as number;
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
    throw new Error(`run ${runId} did not finish`);
  };

  const summaryOf = async (runId: number): Promise<WorkflowRunSummary> => (await alice.agent.get(`/api/workflow/runs-summary/${runId}`)).body.data;
  const detailOf = async (runId: number, query: object = {}): Promise<WorkflowRunDetail> => (await alice.agent.get(`/api/workflow/runs/${runId}`).query(query)).body.data;
  const report = (path: string, format: string, agent: TestAgent = alice.agent) => agent.get(path).query({ format }).buffer(true).parse(binaryBody);

  /** A sheet's rows as objects keyed by its header row. */
  const sheetRows = (sheet: ExcelJS.Worksheet): Array<Record<string, unknown>> => {
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const rows: Array<Record<string, unknown>> = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      rows.push(Object.fromEntries(headers.map((header, index) => [header, row.getCell(index + 1).value ?? null])));
    });
    return rows;
  };
  const workbookOf = async (body: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    return workbook;
  };

  /** What a self-contained file must never hold: anything that would reach the network or run. */
  const expectSelfContained = (html: string) => {
    for (const forbidden of ['http://', 'https://', '<script', 'src=', '@import', 'url(', '//cdn', '<link', '<img', '<iframe']) expect(html.toLowerCase(), forbidden).not.toContain(forbidden);
  };

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    await f.channel({ models: MODELS.join(',') });
    const a = await f.customer('alice', 10_000_000);
    alice = { userId: a.userId, agent: a.agent };
    const b = await f.customer('bob', 10_000_000);
    bob = { userId: b.userId, agent: b.agent };

    // echo answers the question: the base run passes Q1 and Q3, the other Q2, Q3 and Q4.
    const set = await dataset([{ question: 'Q1', answer: 'Q1' }, { question: 'Q2', answer: 'Q2' }, { question: 'Q3', answer: 'X' }, { question: 'Q4' }]);
    const appId = await project(alice.agent, TITLE, graphOf(['echo', 'model-a'], set));
    const baseScorers: WorkflowScorer[] = [
      { name: SCORER, type: 'regex', pattern: '^Q[13]' },
      { name: '参考答案', type: 'auto' },
    ];
    baseId = await start(alice.agent, { app_id: appId, scorers: baseScorers });
    await finished(baseId);
    otherId = await start(alice.agent, { app_id: appId, scorers: [{ name: SCORER, type: 'regex', pattern: '^Q[234]' }] });
    await finished(otherId);
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  it('reports a run as an xlsx workbook whose 汇总 sheet has a row per model with every scorer, spreadsheet-safe', async () => {
    const reply = await report(`/api/workflow/runs/${baseId}/report`, 'xlsx');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename=workflow-run-${baseId}-report.xlsx`);
    const workbook = await workbookOf(reply.body);
    const rows = sheetRows(workbook.getWorksheet('汇总')!);
    const { summary } = await summaryOf(baseId);
    expect(rows.map((row) => row['模型'])).toEqual(['echo', 'model-a']);
    const echo = summary.find((row) => row.model_id === 'echo')!;
    expect(rows[0]).toMatchObject({
      额度: echo.total_quota,
      回答数: 4,
      失败数: 0,
      计分数: 4,
      正确数: 2,
      准确率: 0.5,
      // The scorer's name starts with "=": its headers are text, never a formula.
      [`'${SCORER}：计分数`]: 4,
      [`'${SCORER}：通过数`]: 2,
      [`'${SCORER}：通过率`]: 0.5,
      [`'${SCORER}：均值`]: 0.5,
      '参考答案：计分数': 3,
      '参考答案：通过数': 2,
    });
    expect(rows[0]['费用($)']).toBeCloseTo(echo.total_price, 9);
    expect(rows[1]).toMatchObject({ 模型: 'model-a', [`'${SCORER}：通过数`]: 0, 准确率: 0 });
    const facts = sheetRows(workbook.getWorksheet('运行信息')!);
    expect(facts).toContainEqual({ 项目: '项目', 内容: TITLE });
  });

  it('reports a run as JSON: the summary the console reads, with the run', async () => {
    const reply = await report(`/api/workflow/runs/${baseId}/report`, 'json');
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename=workflow-run-${baseId}-report.json`);
    const { run, ...summary } = JSON.parse(reply.body.toString('utf8'));
    expect(summary).toEqual(await summaryOf(baseId));
    expect(run).toEqual((await detailOf(baseId)).run);
  });

  it('reports a run as one self-contained HTML page: SVG charts, no script and no address, every user text escaped', async () => {
    const reply = await report(`/api/workflow/runs/${baseId}/report`, 'html');
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename=workflow-run-${baseId}-report.html`);
    const html = reply.body.toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<svg');
    expectSelfContained(html);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;评测');
    expect(html).not.toContain('<b>命中</b>');
    expect(html).toContain('=&lt;b&gt;命中&lt;/b&gt;：各模型通过率');
    expect(html).toContain('各模型费用');
    // echo's pass rate, in the table and beside its bar.
    expect(html).toContain('50.0%（2/4）');
  });

  it('refuses another user’s run and an unknown format, like every run call', async () => {
    expect((await bob.agent.get(`/api/workflow/runs/${baseId}/report`).query({ format: 'html' })).body).toEqual({ success: false, message: MSG_WORKFLOW_RUN_NOT_FOUND, data: null });
    expect((await alice.agent.get(`/api/workflow/runs/${baseId}/report`).query({ format: 'pdf' })).body).toEqual({ success: false, message: '报告格式必须是 xlsx、json、html 之一', data: null });
    expect((await alice.agent.get('/api/workflow/runs/abc/report').query({ format: 'json' })).body.message).toBe(MSG_WORKFLOW_RUN_NOT_FOUND);
    expect((await f.t.http().get(`/api/workflow/runs/${baseId}/report`).query({ format: 'json' })).status).toBe(401);
  });

  it('reports a comparison in all three formats: deltas, counts and the samples that changed', async () => {
    const path = '/api/workflow/runs/compare/report';
    const compare: WorkflowCompare = (await alice.agent.get('/api/workflow/runs/compare').query({ base: baseId, other: otherId })).body.data;

    const json = await alice.agent.get(path).query({ base: baseId, other: otherId, format: 'json' }).buffer(true).parse(binaryBody);
    expect(json.headers['content-disposition']).toBe(`attachment; filename=workflow-compare-${baseId}-${otherId}.json`);
    const data: CompareReportData = JSON.parse(json.body.toString('utf8'));
    expect(data).toMatchObject({ base: { id: baseId }, other: { id: otherId }, same_source: true, changed_cut: false });
    expect(data.summary).toEqual(compare.summary);
    expect(data.counts).toEqual({ echo: { fixed: 2, regressed: 1, same: 1 }, 'model-a': { fixed: 0, regressed: 0, same: 4 } });
    // Q1 regressed, Q2 and Q4 fixed for echo; Q3 and every model-a answer stayed.
    expect(data.changed.map((sample) => [sample.index, sample.models.echo.state])).toEqual([
      [0, 'regressed'],
      [1, 'fixed'],
      [3, 'fixed'],
    ]);

    const xlsx = await alice.agent.get(path).query({ base: baseId, other: otherId, format: 'xlsx' }).buffer(true).parse(binaryBody);
    const workbook = await workbookOf(xlsx.body);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['汇总对比', '变化统计', '变化样本', '运行信息']);
    expect(sheetRows(workbook.getWorksheet('汇总对比')!)).toContainEqual({ 模型: 'echo', 指标: `'${SCORER} 通过率`, 基准: 0.5, 对比: 0.75, 变化: 0.25 });
    expect(sheetRows(workbook.getWorksheet('变化统计')!)).toEqual([
      { 模型: 'echo', 修复: 2, 退步: 1, 不变: 1 },
      { 模型: 'model-a', 修复: 0, 退步: 0, 不变: 4 },
    ]);
    const changed = sheetRows(workbook.getWorksheet('变化样本')!);
    expect(changed.map((row) => [row['样本序号'], row['问题'], row.echo])).toEqual([
      [1, 'Q1', '退步（✓ → ✗）'],
      [2, 'Q2', '修复（✗ → ✓）'],
      [4, 'Q4', '修复（✗ → ✓）'],
    ]);

    const html = (await alice.agent.get(path).query({ base: baseId, other: otherId, format: 'html' }).buffer(true).parse(binaryBody)).body.toString('utf8');
    expectSelfContained(html);
    expect(html).toContain('<svg');
    expect(html).toContain('<td class="num better">+25.0%</td>');
    expect(html).toContain('<td class="worse">退步（✓ → ✗）</td>');
    expect(html).toContain('<td class="better">修复（✗ → ✓）</td>');
    expect(html).toContain('=&lt;b&gt;命中&lt;/b&gt; 通过率');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;评测');
  });

  it('refuses a comparison report of the same run twice or of another user’s runs', async () => {
    const path = '/api/workflow/runs/compare/report';
    expect((await alice.agent.get(path).query({ base: baseId, other: baseId, format: 'json' })).body).toEqual({ success: false, message: MSG_WORKFLOW_COMPARE_SAME, data: null });
    expect((await bob.agent.get(path).query({ base: baseId, other: otherId, format: 'json' })).body).toEqual({ success: false, message: MSG_WORKFLOW_RUN_NOT_FOUND, data: null });
    expect((await alice.agent.get(path).query({ base: 'x', other: otherId })).body.message).toBe('运行 ID 必须是正整数');
  });

  describe('share links', () => {
    const share = (runId: number, agent: TestAgent = alice.agent) => agent.post(`/api/workflow/runs/${runId}/share`);
    const shareState = (runId: number, agent: TestAgent = alice.agent) => agent.get(`/api/workflow/runs/${runId}/share`);
    const revoke = (runId: number, agent: TestAgent = alice.agent) => agent.post(`/api/workflow/runs/${runId}/share/revoke`);
    /** The public calls, without any cookie. */
    const open = (token: string) => f.t.http().get(`/api/share/run/${token}`);
    const samples = (token: string, query: object = {}) => f.t.http().get(`/api/share/run/${token}/samples`).query(query);
    const INVALID = { success: false, message: MSG_SHARE_INVALID, data: null };

    it('creates a link whose token opens the run’s results without signing in, until the owner revokes it', async () => {
      const created = await share(baseId);
      expect(created.body).toMatchObject({ success: true, data: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), created_at: expect.any(Number) } });
      const { token, url, created_at } = created.body.data;
      expect(url).toBe(`/share/run/${token}`);

      // The owner sees that a link is live, never its token.
      const state = await shareState(baseId);
      expect(state.body.data).toEqual({ shared: true, created_at });
      expect(JSON.stringify(state.body)).not.toContain(token);

      const opened = await open(token);
      expect(opened.body.success).toBe(true);
      expect(opened.body.data).toEqual({ run: (await detailOf(baseId)).run, summary: await summaryOf(baseId) });
      const page = await samples(token, { page: 1, page_size: 2 });
      expect(page.body.data).toEqual(await detailOf(baseId, { page: 1, page_size: 2 }));
      expect(page.body.data.list).toHaveLength(2);

      expect((await revoke(baseId)).body).toEqual({ success: true, message: '已取消分享', data: { shared: false, created_at: 0 } });
      expect((await open(token)).body).toEqual(INVALID);
      expect((await samples(token)).body).toEqual(INVALID);
      expect((await shareState(baseId)).body.data).toEqual({ shared: false, created_at: 0 });
    });

    it('keeps only the hash of a token, and one live link per run: a new link replaces the old', async () => {
      const first = (await share(baseId)).body.data.token as string;
      const second = (await share(baseId)).body.data.token as string;
      expect(second).not.toBe(first);
      expect((await open(first)).body).toEqual(INVALID);
      expect((await open(second)).body.data.run.id).toBe(baseId);

      const rows = await f.t.db.query('SELECT token_hash, revoked_at::float8 AS revoked_at FROM workflow_run_shares WHERE run_id = $1 ORDER BY id', [baseId]);
      const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
      expect(rows.filter((row: { revoked_at: number }) => row.revoked_at === 0).map((row: { token_hash: string }) => row.token_hash)).toEqual([sha256(second)]);
      expect(rows.map((row: { token_hash: string }) => row.token_hash)).toContain(sha256(first));
      const [{ plain }] = await f.t.db.query(`SELECT count(*)::int AS plain FROM workflow_run_shares WHERE token_hash IN ($1, $2) OR token_hash LIKE '%' || $1 || '%'`, [first, second]);
      expect(plain).toBe(0);

      // Two links asked for at once: both answered, one of them live.
      const both = await Promise.all([share(baseId), share(baseId)]);
      expect(both.map((reply) => reply.body.success)).toEqual([true, true]);
      const live = await Promise.all(both.map(async (reply) => (await open(reply.body.data.token)).body.success));
      expect(live.filter(Boolean)).toHaveLength(1);
      const [{ count }] = await f.t.db.query('SELECT count(*)::int AS count FROM workflow_run_shares WHERE run_id = $1 AND revoked_at = 0', [baseId]);
      expect(count).toBe(1);
    });

    it('lets nobody but the owner create, revoke or see a run’s link', async () => {
      const token = (await share(baseId)).body.data.token as string;
      const missing = { success: false, message: MSG_WORKFLOW_RUN_NOT_FOUND, data: null };
      expect((await share(baseId, bob.agent)).body).toEqual(missing);
      expect((await shareState(baseId, bob.agent)).body).toEqual(missing);
      expect((await revoke(baseId, bob.agent)).body).toEqual(missing);
      // Bob's attempts changed nothing: alice's link still opens.
      expect((await open(token)).body.data.run.id).toBe(baseId);
      expect((await f.t.http().post(`/api/workflow/runs/${baseId}/share`)).status).toBe(401);
    });

    it('opens only its own run: a token never reads another run, and a bad token says nothing of what exists', async () => {
      const baseToken = (await share(baseId)).body.data.token as string;
      const otherToken = (await share(otherId)).body.data.token as string;
      expect((await samples(baseToken)).body.data.run.id).toBe(baseId);
      expect((await samples(otherToken)).body.data.run.id).toBe(otherId);
      // No call takes a run id beside the token: one added is ignored.
      const smuggled = await samples(baseToken, { run_id: otherId, id: otherId });
      expect(smuggled.body.data.run.id).toBe(baseId);
      expect(smuggled.body.data.list.map((sample: { index: number }) => sample.index)).toEqual([0, 1, 2, 3]);

      const unknown = Buffer.alloc(32, 7).toString('base64url');
      for (const bad of [unknown, String(otherId), 'abc', `${baseToken}x`, baseToken.slice(1), encodeURIComponent("' OR 1=1 --")]) {
        expect((await open(bad)).body, bad).toEqual(INVALID);
        expect((await samples(bad)).body, bad).toEqual(INVALID);
      }
      expect((await samples(baseToken, { page: 0 })).body.success).toBe(false);
    });

    it('dies with its run', async () => {
      const set = await dataset([{ question: 'Q1' }]);
      const runId = await start(alice.agent, { app_id: await project(alice.agent, '临时', graphOf(['echo'], set)) });
      await finished(runId);
      const token = (await share(runId)).body.data.token as string;
      expect((await open(token)).body.success).toBe(true);
      await alice.agent.post(`/api/workflow/runs/${runId}/delete`);
      expect((await open(token)).body).toEqual(INVALID);
      expect(await f.t.db.query('SELECT id FROM workflow_run_shares WHERE run_id = $1', [runId])).toEqual([]);
    });
  });
});
