import { Typography } from '@arco-design/web-react';
import type { WorkflowRunSummaryRow, WorkflowScorer, WorkflowScorerSummary } from '@gw/shared';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { accuracyText } from './chart-options';
import './score-tags.css';

const passRate = (summary: WorkflowScorerSummary | undefined) => (summary && summary.scored > 0 ? summary.passed / summary.scored : null);

function scorerColumns(scorer: WorkflowScorer, index: number, rows: WorkflowRunSummaryRow[]): ResponsiveColumn<WorkflowRunSummaryRow> {
  const of = (row: WorkflowRunSummaryRow) => row.scores?.[scorer.name];
  const spread = rows.some((row) => of(row)?.spread != null);
  const children: ResponsiveColumn<WorkflowRunSummaryRow>[] = [
    {
      title: '通过率',
      key: `${index}:pass`,
      width: 90,
      render: (_, row) => {
        const summary = of(row);
        return <span title={summary ? `${summary.passed}/${summary.scored}` : undefined}>{accuracyText(passRate(summary))}</span>;
      },
    },
    {
      title: '均值',
      key: `${index}:mean`,
      width: 80,
      render: (_, row) => {
        const mean = of(row)?.mean;
        return mean == null ? '—' : mean.toFixed(2);
      },
    },
  ];
  if (spread) {
    children.push({
      title: '波动',
      key: `${index}:spread`,
      width: 80,
      render: (_, row) => {
        const value = of(row)?.spread;
        return value == null ? '—' : <span title="各次重复间通过率的标准差">±{(value * 100).toFixed(1)}%</span>;
      },
    });
  }
  return { title: scorer.name, key: `scorer:${index}`, card: 'key', children };
}

/** Per model, every scorer of the run: its pass rate (passed/scored), mean value and, with repeats, its spread. */
export function ScoresTable({ rows, scorers, loading }: { rows: WorkflowRunSummaryRow[]; scorers: WorkflowScorer[]; loading: boolean }) {
  if (scorers.length === 0) return null;
  const columns: ResponsiveColumn<WorkflowRunSummaryRow>[] = [
    { title: '模型', dataIndex: 'model_id', width: 180, fixed: 'left', card: 'title' },
    ...scorers.map((scorer, index) => scorerColumns(scorer, index, rows)),
  ];
  return (
    <section className="run-scores" aria-label="评分结果">
      <Typography.Title heading={6}>评分结果</Typography.Title>
      <Typography.Text type="secondary" className="run-scores-hint">
        第一个评分「{scorers[0].name}」的通过率即准确率；通过率 = 通过数 / 计分数（没有参考答案、未评审的回答不计分）。
      </Typography.Text>
      <div className="workflow-table">
        <ResponsiveTable<WorkflowRunSummaryRow>
          rowKey="model_id"
          size="small"
          border={{ wrapper: true, cell: true }}
          loading={loading}
          columns={columns}
          data={rows}
          pagination={false}
          scroll={{ x: 180 + scorers.length * 250 }}
        />
      </div>
    </section>
  );
}
