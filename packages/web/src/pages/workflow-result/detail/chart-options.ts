import type { WorkflowRunSummaryRow } from '@gw/shared';
import { chartColor } from '../chart-colors';

/** The cost/time comparison's charts (spec 3 §2.7): one bar per model, each model in its palette colour. */
export interface SummaryChart {
  key: 'cost' | 'time' | 'tokens' | 'accuracy';
  title: string;
  /** An ECharts option (bar series over the models). */
  option: Record<string, unknown>;
}

/** Accuracy as a share (0–1) shown as a percentage to 1 decimal; '—' when nothing was scored. */
export const accuracyText = (accuracy: number | null): string => (accuracy === null ? '—' : `${(accuracy * 100).toFixed(1)}%`);

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function barOption(models: string[], name: string, values: number[], unit: string): Record<string, unknown> {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => `${value}${unit}` },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: models, axisLabel: { interval: 0, hideOverlap: true, width: 90, overflow: 'truncate' } },
    yAxis: { type: 'value' },
    series: [{ name, type: 'bar', barMaxWidth: 40, data: values.map((value, index) => ({ value, itemStyle: { color: chartColor(index) } })) }],
  };
}

/** The charts for a summary: cost, average time, tokens (input and output stacked) and, when any answer was scored, accuracy. */
export function summaryCharts(rows: WorkflowRunSummaryRow[]): SummaryChart[] {
  const models = rows.map((row) => row.model_id);
  const charts: SummaryChart[] = [
    { key: 'cost', title: '费用（$）', option: barOption(models, '费用', rows.map((row) => round(row.total_price, 6)), ' $') },
    { key: 'time', title: '平均耗时（秒）', option: barOption(models, '平均耗时', rows.map((row) => round(row.avg_time, 2)), ' 秒') },
    {
      key: 'tokens',
      title: 'Token 用量',
      option: {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: models, axisLabel: { interval: 0, hideOverlap: true, width: 90, overflow: 'truncate' } },
        yAxis: { type: 'value' },
        series: [
          { name: '输入 tokens', type: 'bar', stack: 'tokens', barMaxWidth: 40, itemStyle: { color: chartColor(0) }, data: rows.map((row) => row.message_tokens) },
          { name: '输出 tokens', type: 'bar', stack: 'tokens', barMaxWidth: 40, itemStyle: { color: chartColor(1) }, data: rows.map((row) => row.answer_tokens) },
        ],
      },
    },
  ];
  if (rows.some((row) => row.accuracy !== null)) {
    const option = barOption(models, '准确率', rows.map((row) => (row.accuracy === null ? 0 : round(row.accuracy * 100, 1))), '%');
    charts.push({ key: 'accuracy', title: '准确率（%）', option: { ...option, yAxis: { type: 'value', max: 100 } } });
  }
  return charts;
}
