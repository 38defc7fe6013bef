import { join } from 'node:path';
import { FIELD_KINDS, INPUT_NODE_DATA, WORKFLOW_SAMPLE_FIELD_DEFAULT, type DatasetView, type ReadmeDoc } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startSecondInstance, startTestApp, type SecondInstance, type TestApp } from '../../../test/test-app';
import { dataFormatProblem, dataTypeProblem, imageFieldProblem, normalizeDataTypes, readmeProblem } from '../dataset-rules';
import { sampleAssetsDir } from './sample-assets';
import { SAMPLE_DATASETS } from './sample-datasets';
import { SEEDED_FLAG } from './sample-seeder';

/** The sample datasets a fresh install opens with (issue 14). */
describe('sample datasets (integration)', () => {
  let t: TestApp;
  let second: SecondInstance | undefined;
  let guest: TestAgent;

  const market = async (agent: TestAgent = guest): Promise<{ list: DatasetView[]; total: number }> => (await agent.get('/api/data_library_info/').query({ page_size: 100 })).body.data;

  beforeAll(async () => {
    t = await startTestApp();
    guest = t.http();
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it('are in the market of a fresh install, in their order, with exact counts and sizes', async () => {
    const { list, total } = await market();
    expect(total).toBe(SAMPLE_DATASETS.length);
    expect(total).toBeGreaterThanOrEqual(6);
    expect(list.map((dataset) => dataset.name)).toEqual(SAMPLE_DATASETS.map((sample) => sample.name));
    const exact: Array<{ id: number; n: string; bytes: string }> = await t.db.query(
      'SELECT belong_id AS id, count(*) AS n, sum(octet_length(body)) AS bytes FROM data_library_source WHERE import_id IS NULL GROUP BY belong_id',
    );
    for (const dataset of list) {
      const counted = exact.find((row) => row.id === dataset.id)!;
      expect(dataset.data_num, dataset.name).toBe(Number(counted.n));
      expect(dataset.data_size, dataset.name).toBe(Number(counted.bytes));
      expect(dataset.data_num).toBeGreaterThanOrEqual(8);
      expect(dataset.data_num).toBeLessThanOrEqual(20);
    }
    expect(list.filter((dataset) => dataset.tag.includes('热门')).length).toBeGreaterThanOrEqual(1);
  });

  it('follow the rules root’s own datasets follow, and cover every field kind', async () => {
    const { list } = await market();
    const kinds = new Set<string>();
    for (const dataset of list) {
      expect(dataTypeProblem(dataset.data_type), dataset.name).toBeUndefined();
      expect(normalizeDataTypes(dataset.data_type)).toBe(dataset.data_type);
      expect(dataFormatProblem(dataset.data_format), dataset.name).toBeUndefined();
      expect(imageFieldProblem(dataset.image_field)).toBeUndefined();
      expect(readmeProblem(dataset.readme), dataset.name).toBeUndefined();
      const readme = JSON.parse(dataset.readme) as ReadmeDoc;
      expect(readme.title).toBe(dataset.name);
      expect(dataset.factory).not.toBe('');
      expect(dataset.description).not.toBe('');
      for (const kind of Object.values(JSON.parse(dataset.data_format) as Record<string, string>)) kinds.add(kind);
      // Every field of a record is explained in the readme.
      const rows = (await guest.get('/api/data_library_info/source').query({ belong_id: dataset.id, page_size: 20 })).body.data.list as Array<{ body: string }>;
      const explained = readme.fields.map((field) => field.name);
      for (const row of rows) expect(explained).toEqual(expect.arrayContaining(Object.keys(JSON.parse(row.body))));
    }
    expect([...kinds].sort()).toEqual(FIELD_KINDS.filter((kind) => kind !== 'string').sort());
    const types = new Set(list.flatMap((dataset) => dataset.data_type.split(',')));
    for (const type of ['问答', '选择题', '多模态', '代码', '对话', '长文本']) expect(types.has(type), type).toBe(true);
  });

  it('hold the shapes of spec 3 §3: options, messages, multimodal values, code and formulas', async () => {
    const bodies = async (name: string) => {
      const dataset = (await market()).list.find((item) => item.name === name)!;
      const rows = (await guest.get('/api/data_library_info/source').query({ belong_id: dataset.id, page_size: 20 })).body.data.list as Array<{ body: string; cloud_path: string }>;
      return { dataset, rows, records: rows.map((row) => JSON.parse(row.body) as Record<string, unknown>) };
    };
    const choice = await bodies('小学数学选择题');
    for (const record of choice.records) {
      expect(record.options).toEqual([
        { key: 'A', value: expect.any(String) },
        { key: 'B', value: expect.any(String) },
        { key: 'C', value: expect.any(String) },
        { key: 'D', value: expect.any(String) },
      ]);
      expect(['A', 'B', 'C', 'D']).toContain(record.answer);
    }
    const dialogue = await bodies('电商客服多轮对话');
    for (const record of dialogue.records) {
      const messages = record.messages as Array<{ role: string; content: string }>;
      expect(messages.length).toBeGreaterThanOrEqual(4);
      expect(messages[0].role).toBe('user');
      for (const message of messages) expect(Object.keys(message).sort()).toEqual(['content', 'role']);
    }
    const code = await bodies('Python 与 SQL 编程小题');
    for (const record of code.records) expect(record.answer).toMatch(/^```(python|sql)\n[\s\S]+\n```\n/);
    const long = await bodies('数学概念讲解长文本');
    for (const record of long.records) expect(record.content).toMatch(/\$\$[^$]+\$\$/);
    expect(long.records.some((record) => /\n\| --- \|/.test(String(record.content)))).toBe(true);
    expect(long.records.every((record) => /[^$]\$[^$\n]+\$[^$]/.test(String(record.content)))).toBe(true);

    // The pictures are served from storage at cloud_path + the file name.
    const multimodal = await bodies('图形识别图文问答');
    expect(multimodal.dataset.image_field).toBe('image');
    expect(multimodal.dataset.cloud_path).toBe('/uploads/samples/');
    for (const [index, record] of multimodal.records.entries()) {
      const question = record.question as { image: string; text: string };
      expect(question.image).toBe(record.image);
      expect(multimodal.rows[index].cloud_path).toBe('/uploads/samples/');
      const picture = await guest.get(`${multimodal.dataset.cloud_path}${question.image}`);
      expect(picture.status).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect((picture.body as Buffer).subarray(1, 4).toString('latin1')).toBe('PNG');
    }
  });

  it('give the dataset a new workflow input node reads the field that node asks, in every record', async () => {
    const [variable] = INPUT_NODE_DATA.variables;
    expect(variable.options[0].value).toBe(WORKFLOW_SAMPLE_FIELD_DEFAULT);
    const dataset = (await guest.get(`/api/data_library_info/${variable.default}`)).body.data as DatasetView;
    const rows = (await guest.get('/api/data_library_info/source').query({ belong_id: dataset.id, page_size: 20 })).body.data.list as Array<{ body: string }>;
    expect(rows).toHaveLength(dataset.data_num);
    for (const row of rows) {
      const asked: unknown = JSON.parse(row.body)[WORKFLOW_SAMPLE_FIELD_DEFAULT];
      expect(typeof asked === 'string' && asked.trim() !== '', row.body).toBe(true);
    }
  });

  it('find their pictures from src (tests) and from dist (production) alike', () => {
    const packageRoot = join(__dirname, '..', '..', '..');
    const assets = join(packageRoot, 'assets', 'samples');
    expect(sampleAssetsDir()).toBe(assets);
    expect(sampleAssetsDir(join(packageRoot, 'dist', 'data-library', 'samples'))).toBe(assets);
  });

  it('are loaded once: root deleting every dataset and a restart do not bring them back', async () => {
    const root = (await t.login('root', ROOT_PASSWORD)).agent;
    for (const dataset of (await market()).list) expect((await root.delete(`/api/data_library/${dataset.id}`)).body).toEqual({ success: true, message: '', data: true });
    expect((await market()).total).toBe(0);
    expect(await t.db.query('SELECT count(*)::int AS n FROM data_library_source')).toEqual([{ n: 0 }]);
    await t.stopApp();
    second = await startSecondInstance(t);
    expect((await market(second.http())).total).toBe(0);
    expect(await t.db.query('SELECT value FROM options WHERE key = $1', [SEEDED_FLAG])).toEqual([{ value: 'true' }]);
    // The flag is no option: the settings page never lists it.
    const rootAgain = second.http();
    expect((await rootAgain.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD })).body.success).toBe(true);
    const options = (await rootAgain.get('/api/option/').set('New-Api-User', '1')).body.data as Array<{ key: string }>;
    expect(options.length).toBeGreaterThan(0);
    expect(options.map((option) => option.key)).not.toContain(SEEDED_FLAG);
  });
});
