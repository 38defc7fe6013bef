import {
  WORKFLOW_COMPARE_STATES,
  type WorkflowCompare,
  type WorkflowCompareMetric,
  type WorkflowCompareRow,
  type WorkflowCompareSample,
  type WorkflowCompareState,
} from '@gw/shared';
import { Inject, Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { nowSeconds } from '../../common/time';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PriceService } from '../../relay/billing/price.service';
import type { CompareRunsQuery } from './dto/run-input.dto';
import type { WorkflowReportFormat } from '@gw/shared';
import { REPORT_CONTENT_TYPES, type ReportFile, addSheet, moneyText, percentText, reportTime, workbookBuffer } from './report-file';
import { type HtmlCell, REPORT_COLORS, barChart, clip, escapeHtml, factList, htmlTable, reportDocument } from './report-html';
import { RunCompare } from './run-compare';
import type { RunRow } from './run-store';

/** The changed samples a report lists at most; beyond, it says it was cut. */
export const COMPARE_REPORT_SAMPLES_MAX = 5000;

/** A listed sample's question and reference are cut to this many characters: the run's export has them whole. */
export const COMPARE_REPORT_TEXT_MAX = 1000;

export const MSG_COMPARE_REPORT_DIFFERENT_SOURCE = '两次运行的数据来源不同，只对比汇总';
export const MSG_COMPARE_REPORT_CUT = (max: number) => `变化的样本超过 ${max.toLocaleString('en-US')} 条，只列出前 ${max.toLocaleString('en-US')} 条`;

const STATE_LABELS: Record<WorkflowCompareState, string> = { fixed: '修复', regressed: '退步', same: '不变' };

/** What a comparison's report holds: the comparison's summary and counts, and the samples fixed or regressed for any model. */
export interface CompareReportData {
  base: WorkflowCompare['base'];
  other: WorkflowCompare['other'];
  same_source: boolean;
  summary: WorkflowCompareRow[];
  counts: WorkflowCompare['counts'];
  changed: WorkflowCompareSample[];
  /** True when more samples changed than the report lists (COMPARE_REPORT_SAMPLES_MAX). */
  changed_cut: boolean;
}

/** Higher is better for pass rates and means, lower for cost and latency. */
const LOWER_IS_BETTER: ReadonlySet<WorkflowCompareMetric> = new Set(['cost', 'latency']);

function direction(row: WorkflowCompareRow): 'better' | 'worse' | 'same' {
  if (row.delta === null || row.delta === 0) return 'same';
  return row.delta > 0 !== LOWER_IS_BETTER.has(row.metric) ? 'better' : 'worse';
}

const verdictMark = (passed: boolean | null) => (passed === null ? '—' : passed ? '✓' : '✗');

/**
 * `GET /api/workflow/runs/compare/report` (issue 30): two runs compared (RunCompare), as an xlsx
 * workbook, JSON or a self-contained HTML page — the deltas per model and scorer (green better, red
 * worse), the fixed/regressed/same counts and, for runs of the same dataset, the samples that changed.
 */
@Injectable()
export class CompareReport {
  constructor(
    private readonly comparer: RunCompare,
    private readonly prices: PriceService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async build(base: RunRow, other: RunRow, format: WorkflowReportFormat): Promise<ReportFile> {
    const data = await this.gather(base, other);
    const name = `workflow-compare-${base.id}-${other.id}.${format}`;
    const type = REPORT_CONTENT_TYPES[format];
    if (format === 'json') return { name, type, body: `${JSON.stringify(data, null, 2)}\n` };
    if (format === 'xlsx') return { name, type, body: await this.workbook(data) };
    return { name, type, body: this.html(data) };
  }

  /**
   * The comparison with the samples fixed for some model and those regressed for some model,
   * merged in sample order. Each list is read one past the cap: the first CAP of the merge are then
   * exactly the first CAP changed samples, and a merge longer than CAP says that more changed.
   */
  private async gather(base: RunRow, other: RunRow): Promise<CompareReportData> {
    const query = (state: WorkflowCompareState): CompareRunsQuery => ({ base: base.id, other: other.id, page: 1, page_size: COMPARE_REPORT_SAMPLES_MAX + 1, state });
    const fixed = await this.comparer.compare(base, other, query('fixed'));
    const changed = new Map<number, WorkflowCompareSample>();
    if (fixed.same_source) {
      const regressed = await this.comparer.compare(base, other, query('regressed'));
      for (const sample of [...fixed.list, ...regressed.list]) changed.set(sample.index, sample);
    }
    const ordered = [...changed.values()].sort((a, b) => a.index - b.index);
    const listed = ordered
      .slice(0, COMPARE_REPORT_SAMPLES_MAX)
      .map((sample) => ({ ...sample, question: clip(sample.question, COMPARE_REPORT_TEXT_MAX), reference: clip(sample.reference, COMPARE_REPORT_TEXT_MAX) }));
    return {
      base: fixed.base,
      other: fixed.other,
      same_source: fixed.same_source,
      summary: fixed.summary,
      counts: fixed.counts,
      changed: listed,
      changed_cut: ordered.length > COMPARE_REPORT_SAMPLES_MAX,
    };
  }

  private time(seconds: number): string {
    return reportTime(seconds, this.config.statsTimeZone);
  }

  /** A row's metric in words, with its unit when the number alone does not say it. */
  private metricLabel(row: WorkflowCompareRow, withUnit: boolean): string {
    switch (row.metric) {
      case 'pass_rate':
        return `${row.scorer} 通过率`;
      case 'mean':
        return `${row.scorer} 平均分`;
      case 'cost':
        return withUnit ? '费用($)' : '费用';
      case 'latency':
        return withUnit ? '平均耗时(毫秒)' : '平均耗时';
    }
  }

  /** A value as the spreadsheet keeps it: cost in money, the rest as they are. */
  private sheetValue(metric: WorkflowCompareMetric, value: number | null): number | null {
    if (value === null || metric !== 'cost') return value;
    const perUnit = this.prices.quotaPerUnit();
    return perUnit > 0 ? value / perUnit : value;
  }

  private valueText(metric: WorkflowCompareMetric, value: number | null, signed = false): string {
    if (value === null) return '—';
    const sign = signed && value > 0 ? '+' : '';
    switch (metric) {
      case 'pass_rate':
        return `${sign}${percentText(value)}`;
      case 'mean':
        return `${sign}${value.toFixed(3)}`;
      case 'cost': {
        const money = this.sheetValue(metric, value)!;
        return money < 0 ? `-${moneyText(-money)}` : `${sign}${moneyText(money)}`;
      }
      case 'latency':
        return `${sign}${Math.round(value)} 毫秒`;
    }
  }

  private runFacts(data: CompareReportData): Array<[string, string]> {
    const describe = (run: CompareReportData['base']) => `#${run.id} ${run.app_title}｜${run.source_name || '—'}｜${this.time(run.created_at)}`;
    return [
      ['基准运行', describe(data.base)],
      ['对比运行', describe(data.other)],
      ['样本对比', data.same_source ? '同一数据来源，逐个样本对比（按各自第一个评分）' : MSG_COMPARE_REPORT_DIFFERENT_SOURCE],
    ];
  }

  private models(data: CompareReportData): string[] {
    return [...new Set(data.summary.map((row) => row.model_id))];
  }

  private async workbook(data: CompareReportData): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    addSheet(
      workbook,
      '汇总对比',
      [
        { header: '模型', key: 'model', width: 24 },
        { header: '指标', key: 'metric', width: 24 },
        { header: '基准', key: 'base', width: 14 },
        { header: '对比', key: 'other', width: 14 },
        { header: '变化', key: 'delta', width: 14 },
      ],
      data.summary.map((row) => ({
        model: row.model_id,
        metric: this.metricLabel(row, true),
        base: this.sheetValue(row.metric, row.base),
        other: this.sheetValue(row.metric, row.other),
        delta: this.sheetValue(row.metric, row.delta),
      })),
    );
    addSheet(
      workbook,
      '变化统计',
      [{ header: '模型', key: 'model', width: 24 }, ...WORKFLOW_COMPARE_STATES.map((state) => ({ header: STATE_LABELS[state], key: state, width: 10 }))],
      Object.entries(data.counts).map(([model, counts]) => ({ model, ...counts })),
    );
    if (data.same_source) {
      const models = this.models(data);
      const rows: Array<Record<string, string | number | null>> = data.changed.map((sample) => ({
        index: sample.index + 1,
        question: sample.question,
        reference: sample.reference,
        ...Object.fromEntries(
          models.map((model, col) => {
            const verdict = sample.models[model];
            return [`m${col}`, verdict ? `${STATE_LABELS[verdict.state]}（${verdictMark(verdict.base)} → ${verdictMark(verdict.other)}）` : '—'];
          }),
        ),
      }));
      if (data.changed_cut) rows.push({ index: null, question: MSG_COMPARE_REPORT_CUT(COMPARE_REPORT_SAMPLES_MAX), reference: null });
      addSheet(
        workbook,
        '变化样本',
        [
          { header: '样本序号', key: 'index', width: 10 },
          { header: '问题', key: 'question', width: 60 },
          { header: '参考答案', key: 'reference', width: 20 },
          ...models.map((model, col) => ({ header: model, key: `m${col}`, width: 18 })),
        ],
        rows,
      );
    }
    addSheet(
      workbook,
      '运行信息',
      [
        { header: '项目', key: 'label', width: 12 },
        { header: '内容', key: 'value', width: 80 },
      ],
      this.runFacts(data).map(([label, value]) => ({ label, value })),
    );
    return workbookBuffer(workbook);
  }

  private html(data: CompareReportData): string {
    const models = this.models(data);
    const deltaCell = (row: WorkflowCompareRow): HtmlCell => {
      const way = direction(row);
      return { text: this.valueText(row.metric, row.delta, true), className: way === 'same' ? 'num' : `num ${way}` };
    };
    const perModel = models
      .map((model) => {
        const rows = data.summary.filter((row) => row.model_id === model);
        const counts = data.counts[model];
        const table = htmlTable(
          ['指标', `基准 #${data.base.id}`, `对比 #${data.other.id}`, '变化'],
          rows.map((row) => [
            this.metricLabel(row, false),
            { text: this.valueText(row.metric, row.base), className: 'num' },
            { text: this.valueText(row.metric, row.other), className: 'num' },
            deltaCell(row),
          ]),
        );
        const countLine = counts
          ? `<p>修复 <span class="better">${counts.fixed}</span>，退步 <span class="worse">${counts.regressed}</span>，不变 ${counts.same}</p>`
          : '';
        return `<h3>${escapeHtml(model)}</h3>\n${countLine}\n${table}`;
      })
      .join('\n');

    const scorers = [...new Set(data.summary.filter((row) => row.metric === 'pass_rate').map((row) => row.scorer))];
    const series = (metric: WorkflowCompareMetric, scorer: string, pick: (row: WorkflowCompareRow) => number | null) =>
      models.map((model) => {
        const row = data.summary.find((item) => item.model_id === model && item.metric === metric && item.scorer === scorer);
        return row ? pick(row) : null;
      });
    const pair = (metric: WorkflowCompareMetric, scorer: string, convert: (value: number | null) => number | null = (value) => value) => [
      { name: `基准 #${data.base.id}`, color: REPORT_COLORS.primary, values: series(metric, scorer, (row) => convert(row.base)) },
      { name: `对比 #${data.other.id}`, color: REPORT_COLORS.secondary, values: series(metric, scorer, (row) => convert(row.other)) },
    ];
    const charts = [
      ...scorers.map((scorer) => ({ title: `${scorer}：各模型通过率`, chart: barChart({ title: `${scorer}：各模型通过率`, categories: models, series: pair('pass_rate', scorer), max: 1, format: percentText }) })),
      {
        title: '各模型费用',
        chart: barChart({ title: '各模型费用', categories: models, series: pair('cost', '', (value) => this.sheetValue('cost', value)), format: moneyText }),
      },
    ];

    const sampleTable = htmlTable(
      ['样本', '问题', '参考答案', ...models],
      data.changed.map((sample) => [
        sample.index + 1,
        clip(sample.question, 300),
        clip(sample.reference, 200),
        ...models.map((model): HtmlCell => {
          const verdict = sample.models[model];
          if (!verdict) return '—';
          const className = verdict.state === 'fixed' ? 'better' : verdict.state === 'regressed' ? 'worse' : 'muted';
          return { text: `${STATE_LABELS[verdict.state]}（${verdictMark(verdict.base)} → ${verdictMark(verdict.other)}）`, className };
        }),
      ]),
    );
    const samples = data.same_source
      ? `<section>
<h2>变化的样本</h2>
<p class="muted">按各自第一个评分：修复 = 基准未通过、对比通过；退步 = 基准通过、对比未通过。</p>
${data.changed_cut ? `<p class="note">${escapeHtml(MSG_COMPARE_REPORT_CUT(COMPARE_REPORT_SAMPLES_MAX))}</p>` : ''}
${data.changed.length > 0 ? sampleTable : '<p class="muted">没有变化的样本</p>'}
</section>`
      : '';

    const body = `
<section>
<h1>运行对比报告</h1>
${factList(this.runFacts(data))}
${data.same_source ? '' : `<p class="note">${escapeHtml(MSG_COMPARE_REPORT_DIFFERENT_SOURCE)}</p>`}
</section>
<section>
<h2>汇总对比</h2>
<p class="muted">变化 = 对比 − 基准；<span class="better">绿色</span>为变好，<span class="worse">红色</span>为变差（费用和耗时越低越好）。</p>
${perModel || '<p class="muted">两次运行没有共同的模型</p>'}
</section>
${models.length > 0 ? `<section>\n<h2>图表</h2>\n${charts.map((item) => `<h3>${escapeHtml(item.title)}</h3>\n${item.chart}`).join('\n')}\n</section>` : ''}
${samples}`;
    return reportDocument(`运行对比报告 #${data.base.id} → #${data.other.id}`, body, `${this.time(nowSeconds())}（${this.config.statsTimeZone}）`);
  }
}
