import type { WorkflowCompareMetric, WorkflowCompareRow, WorkflowCompareState } from '@gw/shared';

/** How the compare page words and judges a summary row; amounts of quota are drawn by QuotaText, not here. */

export const COMPARE_STATE_LABELS: Record<WorkflowCompareState, string> = { fixed: '修复', regressed: '退化', same: '不变' };
export const COMPARE_STATE_COLORS: Record<WorkflowCompareState, string> = { fixed: 'green', regressed: 'red', same: 'gray' };

/** The metrics where a smaller figure is the better one. */
const LOWER_IS_BETTER: ReadonlySet<WorkflowCompareMetric> = new Set(['cost', 'latency']);

export function metricLabel(row: Pick<WorkflowCompareRow, 'metric' | 'scorer'>): string {
  switch (row.metric) {
    case 'pass_rate':
      return `${row.scorer} 通过率`;
    case 'mean':
      return `${row.scorer} 平均分`;
    case 'cost':
      return '费用';
    case 'latency':
      return '平均耗时';
  }
}

/** Whether the compared run did better than the baseline on this row; null when either side is missing or nothing changed. */
export function deltaVerdict(row: Pick<WorkflowCompareRow, 'metric' | 'delta'>): 'better' | 'worse' | null {
  if (row.delta === null || row.delta === 0) return null;
  const higher = row.delta > 0;
  return higher !== LOWER_IS_BETTER.has(row.metric) ? 'better' : 'worse';
}

/** Milliseconds below a second, seconds above. */
export const latencyText = (ms: number): string => (Math.abs(ms) < 1000 ? `${Math.round(ms)} 毫秒` : `${(ms / 1000).toFixed(2)} 秒`);

/** A pass rate, a mean or a latency as text (cost is not: it is quota). */
export function figureText(metric: Exclude<WorkflowCompareMetric, 'cost'>, value: number): string {
  if (metric === 'pass_rate') return `${(value * 100).toFixed(1)}%`;
  if (metric === 'mean') return value.toFixed(3);
  return latencyText(value);
}

/** The sign a delta is written with ('' for none). */
export const deltaSign = (delta: number): string => (delta > 0 ? '+' : delta < 0 ? '-' : '');

/** The model ids of a comparison, in the order the summary first names them. */
export const compareModels = (rows: WorkflowCompareRow[]): string[] => [...new Set(rows.map((row) => row.model_id))];
