import { lazy, Suspense } from 'react';
import { Empty, Spin, Typography } from '@arco-design/web-react';
import type { WorkflowRunSummary, WorkflowRunSummaryRow } from '@gw/shared';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { accuracyText } from '../detail/chart-options';
import { ScoresTable } from '../detail/scores-table';

const SummaryCharts = lazy(() => import('../detail/summary-charts'));

const COLUMNS: ResponsiveColumn<WorkflowRunSummaryRow>[] = [
  { title: '模型', dataIndex: 'model_id', width: 180, fixed: 'left', card: 'title' },
  { title: '费用', dataIndex: 'total_price', width: 110, card: 'key', render: (price: number) => `$${price.toFixed(6)}` },
  { title: '平均耗时', dataIndex: 'avg_time', width: 100, card: 'key', render: (time: number) => `${time.toFixed(2)} 秒` },
  { title: '输入 tokens', dataIndex: 'message_tokens', width: 110, render: (count: number) => count.toLocaleString('zh-CN') },
  { title: '输出 tokens', dataIndex: 'answer_tokens', width: 110, render: (count: number) => count.toLocaleString('zh-CN') },
  { title: '回答数', dataIndex: 'answers', width: 80 },
  { title: '失败数', dataIndex: 'failures', width: 80, card: 'key' },
  { title: '准确率', dataIndex: 'accuracy', width: 90, card: 'key', render: (_, row) => <span title={row.scored > 0 ? `${row.correct}/${row.scored}` : undefined}>{accuracyText(row.accuracy)}</span> },
];

/** The shared run's summary as the owner's cost tab shows it, from the summary already read (no call of its own). */
export function SharedSummary({ summary }: { summary: WorkflowRunSummary }) {
  const rows = summary.summary;
  return (
    <section className="shared-section run-cost" aria-label="汇总">
      <Typography.Title heading={6}>成本与耗时</Typography.Title>
      <div className="workflow-table">
        <ResponsiveTable<WorkflowRunSummaryRow> rowKey="model_id" size="small" columns={COLUMNS} data={rows} pagination={false} scroll={{ x: 860 }} noDataElement={<Empty description="还没有统计数据" />} />
      </div>
      {rows.length > 0 && <ScoresTable rows={rows} scorers={summary.scorers} loading={false} />}
      {rows.length > 0 && (
        <Suspense fallback={<Spin block className="workflow-spin" />}>
          <SummaryCharts rows={rows} />
        </Suspense>
      )}
    </section>
  );
}
