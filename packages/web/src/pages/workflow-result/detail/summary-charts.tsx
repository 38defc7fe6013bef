import type { WorkflowRunSummaryRow } from '@gw/shared';
import { Chart } from '@/components/chart';
import { summaryCharts } from './chart-options';

/** The cost/time comparison's charts; loaded on their own so the effect tab opens without ECharts. */
export default function SummaryCharts({ rows }: { rows: WorkflowRunSummaryRow[] }) {
  return (
    <div className="run-charts">
      {summaryCharts(rows).map((chart) => (
        <Chart key={chart.key} title={chart.title} option={chart.option} height={260} />
      ))}
    </div>
  );
}
