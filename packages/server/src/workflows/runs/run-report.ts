import { WORKFLOW_SCORER_LABELS, type WorkflowRunSummary, type WorkflowRunView, type WorkflowScorerSummary } from '@gw/shared';
import { Inject, Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { nowSeconds } from '../../common/time';
import type { WorkflowReportFormat } from '@gw/shared';
import {
  REPORT_CONTENT_TYPES,
  type ReportFile,
  SOURCE_LABELS,
  STATUS_LABELS,
  type SheetColumn,
  addSheet,
  moneyText,
  numberText,
  percentText,
  reportTime,
  workbookBuffer,
} from './report-file';
import { REPORT_COLORS, barChart, escapeHtml, factList, htmlTable, reportDocument } from './report-html';
import { RunResults } from './run-results';
import type { RunRow } from './run-store';
import { toRunView } from './run-views';

/** A scorer's pass rate: passed / scored, null when it scored nothing. */
export const passRate = (summary: WorkflowScorerSummary | undefined): number | null => (summary && summary.scored > 0 ? summary.passed / summary.scored : null);

/**
 * `GET /api/workflow/runs/:id/report` (issue 30): what a run came to, per model — cost, time,
 * tokens, failures, accuracy and every scorer's totals — as an xlsx workbook, JSON (the summary the
 * console reads, with the run), or one self-contained HTML page with its charts drawn as SVG.
 */
@Injectable()
export class RunReport {
  constructor(
    private readonly results: RunResults,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async build(run: RunRow, format: WorkflowReportFormat): Promise<ReportFile> {
    const summary = await this.results.summary(run);
    const view = toRunView(run);
    const name = `workflow-run-${run.id}-report.${format}`;
    const type = REPORT_CONTENT_TYPES[format];
    if (format === 'json') return { name, type, body: `${JSON.stringify({ run: view, ...summary }, null, 2)}\n` };
    if (format === 'xlsx') return { name, type, body: await this.workbook(view, summary) };
    return { name, type, body: this.html(view, summary) };
  }

  private time(seconds: number): string {
    return reportTime(seconds, this.config.statsTimeZone);
  }

  /** The run's facts, as label and text. */
  private facts(run: WorkflowRunView, summary: WorkflowRunSummary): Array<[string, string]> {
    return [
      ['项目', run.app_title],
      ['运行', `#${run.id}`],
      ['状态', STATUS_LABELS[run.status]],
      [SOURCE_LABELS[run.source_kind] ?? '来源', run.source_name || '—'],
      ['模型', run.models.join('、')],
      ['样本数', String(run.samples)],
      ['每个样本回答次数', String(run.repeats)],
      ['完成', `${run.done}/${run.total}${run.failed > 0 ? `（失败 ${run.failed}）` : ''}`],
      ['消耗额度', Math.round(run.quota).toLocaleString('en-US')],
      ['评分方式', summary.scorers.map((scorer) => `${scorer.name}（${WORKFLOW_SCORER_LABELS[scorer.type] ?? scorer.type}）`).join('、') || '—'],
      ['创建时间', this.time(run.created_at)],
      ['结束时间', this.time(run.finished_at)],
    ];
  }

  private async workbook(run: WorkflowRunView, summary: WorkflowRunSummary): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const columns: SheetColumn[] = [
      { header: '模型', key: 'model', width: 24 },
      { header: '费用($)', key: 'price', width: 12, numFmt: '0.000000' },
      { header: '额度', key: 'quota', width: 12 },
      { header: '总耗时(秒)', key: 'use_time', width: 12, numFmt: '0.00' },
      { header: '平均耗时(秒)', key: 'avg_time', width: 12, numFmt: '0.00' },
      { header: '输入 tokens', key: 'prompt_tokens', width: 12 },
      { header: '输出 tokens', key: 'completion_tokens', width: 12 },
      { header: '回答数', key: 'answers', width: 8 },
      { header: '失败数', key: 'failures', width: 8 },
      { header: '计分数', key: 'scored', width: 8 },
      { header: '正确数', key: 'correct', width: 8 },
      { header: '准确率', key: 'accuracy', width: 10, numFmt: '0.0%' },
      ...summary.scorers.flatMap((scorer, index): SheetColumn[] => [
        { header: `${scorer.name}：计分数`, key: `s${index}_scored`, width: 12 },
        { header: `${scorer.name}：通过数`, key: `s${index}_passed`, width: 12 },
        { header: `${scorer.name}：通过率`, key: `s${index}_rate`, width: 12, numFmt: '0.0%' },
        { header: `${scorer.name}：均值`, key: `s${index}_mean`, width: 10, numFmt: '0.000' },
        { header: `${scorer.name}：波动`, key: `s${index}_spread`, width: 10, numFmt: '0.000' },
      ]),
    ];
    const rows = summary.summary.map((row) => ({
      model: row.model_id,
      price: row.total_price,
      quota: row.total_quota,
      use_time: row.use_time,
      avg_time: row.avg_time,
      prompt_tokens: row.message_tokens,
      completion_tokens: row.answer_tokens,
      answers: row.answers,
      failures: row.failures,
      scored: row.scored,
      correct: row.correct,
      accuracy: row.accuracy,
      ...Object.fromEntries(
        summary.scorers.flatMap((scorer, index) => {
          const score = row.scores[scorer.name];
          return [
            [`s${index}_scored`, score?.scored ?? 0],
            [`s${index}_passed`, score?.passed ?? 0],
            [`s${index}_rate`, passRate(score)],
            [`s${index}_mean`, score?.mean ?? null],
            [`s${index}_spread`, score?.spread ?? null],
          ];
        }),
      ),
    }));
    addSheet(workbook, '汇总', columns, rows);
    addSheet(
      workbook,
      '运行信息',
      [
        { header: '项目', key: 'label', width: 18 },
        { header: '内容', key: 'value', width: 60 },
      ],
      this.facts(run, summary).map(([label, value]) => ({ label, value })),
    );
    return workbookBuffer(workbook);
  }

  private html(run: WorkflowRunView, summary: WorkflowRunSummary): string {
    const rows = summary.summary;
    const withSpread = rows.some((row) => Object.values(row.scores).some((score) => score.spread !== null));
    const costTable = htmlTable(
      ['模型', '费用', '额度', '总耗时', '平均耗时', '输入 tokens', '输出 tokens', '回答数', '失败数', '准确率'],
      rows.map((row) => [
        row.model_id,
        { text: moneyText(row.total_price), className: 'num' },
        Math.round(row.total_quota),
        { text: `${row.use_time.toFixed(2)} 秒`, className: 'num' },
        { text: `${row.avg_time.toFixed(2)} 秒`, className: 'num' },
        row.message_tokens,
        row.answer_tokens,
        row.answers,
        row.failures,
        { text: row.scored > 0 ? `${percentText(row.accuracy)}（${row.correct}/${row.scored}）` : '—', className: 'num' },
      ]),
    );
    const scoreTable = htmlTable(
      ['模型', ...summary.scorers.flatMap((scorer) => [`${scorer.name}：通过率`, `${scorer.name}：均值`, ...(withSpread ? [`${scorer.name}：波动`] : [])])],
      rows.map((row) => [
        row.model_id,
        ...summary.scorers.flatMap((scorer) => {
          const score = row.scores[scorer.name];
          const rate = passRate(score);
          return [
            { text: rate === null ? '—' : `${percentText(rate)}（${score!.passed}/${score!.scored}）`, className: 'num' },
            { text: numberText(score?.mean ?? null, 3), className: 'num' },
            ...(withSpread ? [{ text: score?.spread == null ? '—' : `±${(score.spread * 100).toFixed(1)}%`, className: 'num' }] : []),
          ];
        }),
      ]),
    );
    const charts = [
      ...summary.scorers.map((scorer) =>
        barChart({
          title: `${scorer.name}：各模型通过率`,
          categories: rows.map((row) => row.model_id),
          series: [{ name: scorer.name, color: REPORT_COLORS.primary, values: rows.map((row) => passRate(row.scores[scorer.name])) }],
          max: 1,
          format: percentText,
        }),
      ),
      barChart({
        title: '各模型费用',
        categories: rows.map((row) => row.model_id),
        series: [{ name: '费用', color: REPORT_COLORS.secondary, values: rows.map((row) => row.total_price) }],
        format: moneyText,
      }),
    ];
    const chartTitles = [...summary.scorers.map((scorer) => `${scorer.name}：各模型通过率`), '各模型费用'];
    const body = `
<section>
<h1>${escapeHtml(run.app_title)}：运行报告</h1>
${factList(this.facts(run, summary))}
${run.error ? `<p class="note">${escapeHtml(run.error)}</p>` : ''}
</section>
<section>
<h2>成本与耗时</h2>
${rows.length > 0 ? costTable : '<p class="muted">还没有统计数据</p>'}
</section>
${
  summary.scorers.length > 0 && rows.length > 0
    ? `<section>
<h2>评分结果</h2>
<p class="muted">第一个评分「${escapeHtml(summary.scorers[0].name)}」的通过率即准确率；通过率 = 通过数 / 计分数（没有参考答案、未评审的回答不计分）。</p>
${scoreTable}
</section>`
    : ''
}
${rows.length > 0 ? `<section>\n<h2>图表</h2>\n${charts.map((chart, index) => `<h3>${escapeHtml(chartTitles[index])}</h3>\n${chart}`).join('\n')}\n</section>` : ''}`;
    return reportDocument(`${run.app_title}：运行报告`, body, `${this.time(nowSeconds())}（${this.config.statsTimeZone}）`);
  }
}
