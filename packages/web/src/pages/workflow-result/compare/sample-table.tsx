import { Empty, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import type { WorkflowCompareSample } from '@gw/shared';
import { parseQuestion } from '../detail/question';
import { COMPARE_STATE_COLORS, COMPARE_STATE_LABELS } from './compare-format';

type Verdict = WorkflowCompareSample['models'][string];

function Passed({ passed }: { passed: boolean | null }) {
  if (passed === null) return <span className="compare-passed">—</span>;
  return <span className={`compare-passed compare-passed-${passed ? 'yes' : 'no'}`}>{passed ? '✓' : '✗'}</span>;
}

function ModelVerdict({ verdict }: { verdict: Verdict | undefined }) {
  if (!verdict) return <>—</>;
  return (
    <span className="compare-verdict">
      <Passed passed={verdict.base} /> → <Passed passed={verdict.other} />
      <Tag size="small" color={COMPARE_STATE_COLORS[verdict.state]}>
        {COMPARE_STATE_LABELS[verdict.state]}
      </Tag>
    </span>
  );
}

/** Text kept to a few lines in its cell; the whole of it on hover. */
const Clamped = ({ text }: { text: string }) =>
  text ? (
    <div className="compare-clamp" title={text}>
      {text}
    </div>
  ) : (
    <>—</>
  );

function columns(models: string[]): TableColumnProps<WorkflowCompareSample>[] {
  return [
    { title: '#', dataIndex: 'index', width: 60, render: (index: number) => index + 1 },
    { title: '问题', dataIndex: 'question', width: 280, render: (question: string) => <Clamped text={parseQuestion(question).user || question} /> },
    { title: '参考答案', dataIndex: 'reference', width: 180, render: (reference: string) => <Clamped text={reference} /> },
    ...models.map(
      (model): TableColumnProps<WorkflowCompareSample> => ({
        title: model,
        key: model,
        width: 170,
        render: (_, sample) => <ModelVerdict verdict={sample.models[model]} />,
      }),
    ),
  ];
}

interface CompareSamplesProps {
  models: string[];
  samples: WorkflowCompareSample[];
  loading: boolean;
  /** A state filter is on: the empty text says nothing matched. */
  filtered: boolean;
}

/** A page of the shared dataset's samples: per model, passed (✓/✗) in the baseline → in the compared run, and the state. */
export function CompareSamples({ models, samples, loading, filtered }: CompareSamplesProps) {
  return (
    <div className="workflow-table">
      <Table<WorkflowCompareSample>
        rowKey="index"
        size="small"
        loading={loading}
        columns={columns(models)}
        data={samples}
        pagination={false}
        scroll={{ x: 520 + 170 * models.length }}
        noDataElement={<Empty description={filtered ? '没有这种变化的样本' : '没有样本'} />}
      />
    </div>
  );
}
