import { lazy, Suspense, useEffect, useState } from 'react';
import { Empty, Spin } from '@arco-design/web-react';
import { MSG_WORKFLOW_RUNS_FAILED, type WorkflowRunSummaryRow, type WorkflowScorer } from '@gw/shared';
import { runSummary } from '@/api/workflow-runs';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { runCall } from '@/pages/workflow/workflow-view';
import { accuracyText } from './chart-options';
import { ScoresTable } from './scores-table';

const SummaryCharts = lazy(() => import('./summary-charts'));

const count = (value: number) => value.toLocaleString('zh-CN');

const COLUMNS: ResponsiveColumn<WorkflowRunSummaryRow>[] = [
  { title: '模型', dataIndex: 'model_id', width: 180, fixed: 'left', card: 'title' },
  { title: '费用', dataIndex: 'total_price', width: 110, card: 'key', render: (price: number) => `$${price.toFixed(6)}` },
  { title: '额度', dataIndex: 'total_quota', width: 100, render: count },
  { title: '总耗时', dataIndex: 'use_time', width: 100, render: (time: number) => `${time.toFixed(2)} 秒` },
  { title: '平均耗时', dataIndex: 'avg_time', width: 100, card: 'key', render: (time: number) => `${time.toFixed(2)} 秒` },
  { title: '输入 tokens', dataIndex: 'message_tokens', width: 110, render: count },
  { title: '输出 tokens', dataIndex: 'answer_tokens', width: 110, render: count },
  { title: '回答数', dataIndex: 'answers', width: 80, render: count },
  { title: '失败数', dataIndex: 'failures', width: 80, card: 'key', render: count },
  { title: '准确率', dataIndex: 'accuracy', width: 90, card: 'key', render: (_, row) => <span title={row.scored > 0 ? `${row.correct}/${row.scored}` : undefined}>{accuracyText(row.accuracy)}</span> },
];

/** 成本/耗时对比 (spec 3 §2.7): per model, cost, time, tokens, failures and accuracy, as a table and as charts, and each scorer's results (issue 30). */
export function CostTab({ runId }: { runId: number }) {
  const [rows, setRows] = useState<WorkflowRunSummaryRow[]>([]);
  const [scorers, setScorers] = useState<WorkflowScorer[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void runCall(runSummary(runId), MSG_WORKFLOW_RUNS_FAILED).then((result) => {
      if (!active) return;
      setRows(result?.data.summary ?? []);
      // A run summarised before scorers has none: its accuracy column is all it has.
      setScorers(result?.data.scorers ?? []);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [runId]);

  return (
    <div className="run-cost">
      <div className="workflow-table">
        <ResponsiveTable<WorkflowRunSummaryRow> rowKey="model_id" size="small" loading={loading} columns={COLUMNS} data={rows} pagination={false} scroll={{ x: 1060 }} noDataElement={<Empty description="还没有统计数据" />} />
      </div>
      {rows.length > 0 && <ScoresTable rows={rows} scorers={scorers} loading={loading} />}
      {rows.length > 0 && (
        <Suspense fallback={<Spin block className="workflow-spin" />}>
          <SummaryCharts rows={rows} />
        </Suspense>
      )}
    </div>
  );
}
