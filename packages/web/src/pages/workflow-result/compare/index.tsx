import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Empty, Pagination, Radio, Result, Spin, Typography } from '@arco-design/web-react';
import { IconLeft, IconSwap } from '@arco-design/web-react/icon';
import { WORKFLOW_COMPARE_STATES, type WorkflowCompare, type WorkflowCompareState } from '@gw/shared';
import { readQuotaDisplay, type QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { formatTime } from '@/pages/workflow/workflow-view';
import { parseRunId } from '../run-view';
import { ReportMenu } from '../share/report-menu';
import { compareReportUrl } from '../share/share-api';
import { COMPARE_STATE_LABELS, compareModels } from './compare-format';
import { comparePath, type RunChoice } from './run-choice';
import { RunSelect } from './run-select';
import { CompareSamples } from './sample-table';
import { CompareSummary } from './summary-table';
import { MSG_COMPARE_FAILED, useCompare } from './use-compare';
import '@/pages/workflow/workflow.css';
import '../workflow-result.css';
import './compare.css';

export const MSG_COMPARE_DIFFERENT_SOURCE = '两次运行的数据来源不同，只对比汇总';
const ALL_STATES = 'all';

interface RunCardProps {
  title: string;
  value: number | null;
  run: RunChoice | undefined;
  exclude: number | null;
  onChange: (id: number) => void;
}

/** One side of the comparison: its picker and what the run is. */
function RunCard({ title, value, run, exclude, onChange }: RunCardProps) {
  return (
    <section className="compare-card compare-run" aria-label={title}>
      <Typography.Text className="run-label">{title}</Typography.Text>
      <RunSelect label={title} value={value ?? undefined} exclude={exclude ?? undefined} known={run ? [run] : []} onChange={(picked) => onChange(picked.id)} />
      {run && (
        <dl className="run-facts">
          <div>
            <dt>运行</dt>
            <dd>
              <Link to={`/workflowResult/${run.id}`}>#{run.id}</Link>
            </dd>
          </div>
          <div>
            <dt>项目</dt>
            <dd>{run.app_title}</dd>
          </div>
          <div>
            <dt>数据来源</dt>
            <dd>{run.source_name || '—'}</dd>
          </div>
          <div>
            <dt>创建时间</dt>
            <dd>{formatTime(run.created_at)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

interface RunPickersProps {
  base: number | null;
  other: number | null;
  compare: WorkflowCompare | null;
  onChange: (base: number | null, other: number | null) => void;
}

function RunPickers({ base, other, compare, onChange }: RunPickersProps) {
  return (
    <div className="compare-runs">
      <RunCard title="基准运行" value={base} run={compare?.base} exclude={other} onChange={(id) => onChange(id, other)} />
      <Button className="compare-swap" icon={<IconSwap />} aria-label="交换基准运行与对比运行" disabled={base === null || other === null} onClick={() => onChange(other, base)} />
      <RunCard title="对比运行" value={other} run={compare?.other} exclude={base} onChange={(id) => onChange(base, id)} />
    </div>
  );
}

/**
 * 运行对比 (issue 30): two of the user's runs side by side: the summary per model and scorer with the
 * change, and when they ran the same dataset, the samples fixed, regressed or unchanged.
 */
export default function WorkflowRunComparePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const base = parseRunId(params.get('base') ?? undefined);
  const other = parseRunId(params.get('other') ?? undefined);

  const handleChange = (nextBase: number | null, nextOther: number | null) => {
    const next = new URLSearchParams();
    if (nextBase !== null) next.set('base', String(nextBase));
    if (nextOther !== null) next.set('other', String(nextOther));
    setParams(next);
  };

  return (
    <div className="workflow-page run-page compare-page">
      <Button type="text" icon={<IconLeft />} className="run-back" onClick={() => navigate('/workflowResult')}>
        返回运行记录
      </Button>
      <Typography.Title heading={4} className="workflow-title">
        运行对比
      </Typography.Title>
      {base !== null && other !== null ? (
        // A new pair is a new comparison: its page and filter start over.
        <Comparison key={comparePath(base, other)} base={base} other={other} onChange={handleChange} />
      ) : (
        <>
          <RunPickers base={base} other={other} compare={null} onChange={handleChange} />
          <Empty className="workflow-empty" description="请选择要对比的两次运行" />
        </>
      )}
    </div>
  );
}

function Comparison({ base, other, onChange }: { base: number; other: number; onChange: RunPickersProps['onChange'] }) {
  const display = useMemo(readQuotaDisplay, []);
  const compare = useCompare(base, other);
  const { data } = compare;

  return (
    <>
      <RunPickers base={base} other={other} compare={data} onChange={onChange} />
      {data ? (
        <CompareResult data={data} display={display} compare={compare} />
      ) : compare.loading ? (
        <Spin loading block className="workflow-spin" />
      ) : (
        <Result className="compare-card" status="error" title={MSG_COMPARE_FAILED} subTitle={compare.error} />
      )}
    </>
  );
}

function CompareResult({ data, display, compare }: { data: WorkflowCompare; display: QuotaDisplay; compare: ReturnType<typeof useCompare> }) {
  const models = compareModels(data.summary);
  return (
    <>
      <section className="compare-card" aria-label="汇总对比">
        <div className="report-head">
          <Typography.Title heading={6} className="compare-heading">
            汇总对比
          </Typography.Title>
          <ReportMenu label="导出对比" urlOf={(format) => compareReportUrl(data.base.id, data.other.id, format)} />
        </div>
        {!data.same_source && <Alert type="warning" content={MSG_COMPARE_DIFFERENT_SOURCE} />}
        <CompareSummary baseId={data.base.id} otherId={data.other.id} summary={data.summary} counts={data.counts} display={display} />
      </section>
      {data.same_source && (
        <section className="compare-card" aria-label="样本对比">
          <div className="compare-samples-head">
            <Typography.Title heading={6} className="compare-heading">
              样本对比
            </Typography.Title>
            <Radio.Group
              type="button"
              size="small"
              aria-label="按变化筛选"
              value={compare.state ?? ALL_STATES}
              onChange={(value: string) => compare.handleState(value === ALL_STATES ? undefined : (value as WorkflowCompareState))}
            >
              <Radio value={ALL_STATES}>全部</Radio>
              {WORKFLOW_COMPARE_STATES.map((state) => (
                <Radio key={state} value={state}>
                  {COMPARE_STATE_LABELS[state]}
                </Radio>
              ))}
            </Radio.Group>
          </div>
          <CompareSamples models={models} samples={data.list} loading={compare.loading} filtered={compare.state !== undefined} />
          {data.total > data.page_size && (
            <Pagination className="workflow-pager" current={compare.page} pageSize={data.page_size} total={data.total} onChange={compare.setPage} showTotal size="small" />
          )}
        </section>
      )}
    </>
  );
}
