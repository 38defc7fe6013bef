import { Empty, Table, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { WORKFLOW_COMPARE_STATES, type WorkflowCompareRow, type WorkflowCompareState } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { COMPARE_STATE_COLORS, COMPARE_STATE_LABELS, compareModels, deltaSign, deltaVerdict, figureText, metricLabel } from './compare-format';

const VERDICT_TITLES = { better: '更好', worse: '更差' } as const;

function Figure({ metric, value, display }: { metric: WorkflowCompareRow['metric']; value: number | null; display: QuotaDisplay }) {
  if (value === null) return <span className="compare-figure">—</span>;
  return <span className="compare-figure">{metric === 'cost' ? <QuotaText quota={value} display={display} digits={6} /> : figureText(metric, value)}</span>;
}

/** The change from the baseline, green when better and red when worse (for cost and latency, lower is better). */
function Delta({ row, display }: { row: WorkflowCompareRow; display: QuotaDisplay }) {
  if (row.delta === null) return <span className="compare-delta">—</span>;
  const verdict = deltaVerdict(row);
  return (
    <span className={`compare-delta compare-delta-${verdict ?? 'same'}`} title={verdict ? VERDICT_TITLES[verdict] : '持平'}>
      {deltaSign(row.delta)}
      <Figure metric={row.metric} value={Math.abs(row.delta)} display={display} />
    </span>
  );
}

function columns(baseId: number, otherId: number, display: QuotaDisplay): TableColumnProps<WorkflowCompareRow>[] {
  return [
    { title: '指标', dataIndex: 'metric', width: 110, render: (_, row) => metricLabel(row) },
    {
      title: `基准 #${baseId} → 对比 #${otherId}`,
      dataIndex: 'base',
      width: 150,
      render: (_, row) => (
        <span className="compare-figures">
          <Figure metric={row.metric} value={row.base} display={display} /> → <Figure metric={row.metric} value={row.other} display={display} />
        </span>
      ),
    },
    { title: '变化', dataIndex: 'delta', width: 100, render: (_, row) => <Delta row={row} display={display} /> },
  ];
}

interface CompareSummaryProps {
  baseId: number;
  otherId: number;
  summary: WorkflowCompareRow[];
  /** Empty when the runs do not share a dataset. */
  counts: Record<string, Record<WorkflowCompareState, number>>;
  display: QuotaDisplay;
}

/** The summary per model: each scorer's pass rate and mean, cost and latency, baseline → compared with the change; the samples fixed, regressed and unchanged. */
export function CompareSummary({ baseId, otherId, summary, counts, display }: CompareSummaryProps) {
  const models = compareModels(summary);
  if (models.length === 0) return <Empty className="workflow-empty" description="两次运行没有共同的模型，无法对比" />;
  const tableColumns = columns(baseId, otherId, display);

  return (
    <div className="compare-models">
      {models.map((model) => (
        <section key={model} className="compare-model" aria-label={`${model} 的对比`}>
          <header className="compare-model-head">
            <Typography.Text className="compare-model-name" bold>
              {model}
            </Typography.Text>
            {counts[model] && (
              <span className="compare-counts">
                {WORKFLOW_COMPARE_STATES.map((state) => (
                  <Tag key={state} size="small" color={COMPARE_STATE_COLORS[state]}>
                    {COMPARE_STATE_LABELS[state]} {counts[model][state].toLocaleString('zh-CN')}
                  </Tag>
                ))}
              </span>
            )}
          </header>
          <div className="workflow-table">
            <Table<WorkflowCompareRow>
              rowKey={(row) => `${row.metric}:${row.scorer}`}
              size="small"
              columns={tableColumns}
              data={summary.filter((row) => row.model_id === model)}
              pagination={false}
              scroll={{ x: 360 }}
            />
          </div>
        </section>
      ))}
    </div>
  );
}
