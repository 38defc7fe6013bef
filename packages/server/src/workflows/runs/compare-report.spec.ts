import type { WorkflowCompare, WorkflowCompareSample, WorkflowCompareState } from '@gw/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config/app-config';
import type { PriceService } from '../../relay/billing/price.service';
import { COMPARE_REPORT_SAMPLES_MAX, COMPARE_REPORT_TEXT_MAX, CompareReport, type CompareReportData, MSG_COMPARE_REPORT_CUT } from './compare-report';
import type { CompareRunsQuery } from './dto/run-input.dto';
import type { RunCompare } from './run-compare';
import type { RunRow } from './run-store';

const sampleOf = (index: number, state: WorkflowCompareState, question = `Q${index}`): WorkflowCompareSample => ({
  index,
  question,
  reference: '',
  models: { echo: { base: state === 'regressed', other: state === 'fixed', state } },
});

const compareOf = (list: WorkflowCompareSample[], fields: Partial<WorkflowCompare> = {}): WorkflowCompare => ({
  base: { id: 1, app_title: '评测', source_name: '集', created_at: 1 },
  other: { id: 2, app_title: '评测', source_name: '集', created_at: 2 },
  same_source: true,
  summary: [{ model_id: 'echo', scorer: '参考答案', metric: 'pass_rate', base: 0.5, other: 0.6, delta: 0.1 }],
  counts: { echo: { fixed: 0, regressed: 0, same: 0 } },
  list,
  total: list.length,
  page: 1,
  page_size: list.length,
  ...fields,
});

/** A RunCompare that answers each state's list as given, honouring the page size asked for, and records the queries. */
function comparerOf(lists: Record<'fixed' | 'regressed', WorkflowCompareSample[]>, fields: Partial<WorkflowCompare> = {}) {
  const queries: CompareRunsQuery[] = [];
  const comparer = {
    compare: async (_base: RunRow, _other: RunRow, query: CompareRunsQuery) => {
      queries.push(query);
      const list = lists[query.state as 'fixed' | 'regressed'];
      return compareOf(list.slice(0, query.page_size), { ...fields, total: list.length });
    },
  } as unknown as RunCompare;
  return { comparer, queries };
}

const build = async (comparer: RunCompare, format: 'json' | 'xlsx' | 'html') => {
  const sut = new CompareReport(comparer, { quotaPerUnit: () => 500_000 } as PriceService, { statsTimeZone: 'Asia/Shanghai' } as AppConfig);
  return sut.build({ id: 1 } as RunRow, { id: 2 } as RunRow, format);
};

describe(CompareReport.name, () => {
  it('lists the samples fixed or regressed for any model once each, in order, with their text cut', async () => {
    const long = 'x'.repeat(COMPARE_REPORT_TEXT_MAX + 50);
    const { comparer, queries } = comparerOf({ fixed: [sampleOf(1, 'fixed'), sampleOf(4, 'fixed', long)], regressed: [sampleOf(0, 'regressed'), sampleOf(4, 'fixed', long)] });
    const data: CompareReportData = JSON.parse(String((await build(comparer, 'json')).body));
    expect(data.changed.map((sample) => sample.index)).toEqual([0, 1, 4]);
    expect(data.changed[2].question).toBe(`${'x'.repeat(COMPARE_REPORT_TEXT_MAX)}…`);
    expect(data.changed_cut).toBe(false);
    expect(queries.map((query) => [query.state, query.page, query.page_size])).toEqual([
      ['fixed', 1, COMPARE_REPORT_SAMPLES_MAX + 1],
      ['regressed', 1, COMPARE_REPORT_SAMPLES_MAX + 1],
    ]);
  });

  it(`stops at ${COMPARE_REPORT_SAMPLES_MAX} samples and says so in every format`, async () => {
    const many = (from: number, state: WorkflowCompareState) => Array.from({ length: 3000 }, (_, i) => sampleOf(from + i * 2, state));
    const { comparer } = comparerOf({ fixed: many(0, 'fixed'), regressed: many(1, 'regressed') });

    const data: CompareReportData = JSON.parse(String((await build(comparer, 'json')).body));
    expect(data.changed).toHaveLength(COMPARE_REPORT_SAMPLES_MAX);
    expect(data.changed.at(-1)?.index).toBe(COMPARE_REPORT_SAMPLES_MAX - 1);
    expect(data.changed_cut).toBe(true);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await build(comparer, 'xlsx')).body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('变化样本')!;
    expect(sheet.rowCount).toBe(1 + COMPARE_REPORT_SAMPLES_MAX + 1);
    expect(sheet.getRow(sheet.rowCount).getCell(2).value).toBe(MSG_COMPARE_REPORT_CUT(COMPARE_REPORT_SAMPLES_MAX));

    const html = String((await build(comparer, 'html')).body);
    expect(html).toContain(MSG_COMPARE_REPORT_CUT(COMPARE_REPORT_SAMPLES_MAX));
    expect(html.match(/<td class="(better|worse)">/g)).toHaveLength(COMPARE_REPORT_SAMPLES_MAX);
  });

  it('compares only the summary of runs of different datasets, and says why', async () => {
    const { comparer, queries } = comparerOf({ fixed: [], regressed: [] }, { same_source: false, counts: {} });
    const data: CompareReportData = JSON.parse(String((await build(comparer, 'json')).body));
    expect(data).toMatchObject({ same_source: false, changed: [], changed_cut: false });
    expect(queries).toHaveLength(1);
    const html = String((await build(comparer, 'html')).body);
    expect(html).toContain('两次运行的数据来源不同，只对比汇总');
    expect(html).not.toContain('变化的样本</h2>');
  });
});
