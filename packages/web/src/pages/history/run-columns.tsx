import { Link } from 'react-router-dom';
import type { WorkflowRunView } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { formatTimestamp } from '@/lib/time';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { RunStatusTag } from '@/pages/workflow-result/run-status-tag';
import { SOURCE_LABELS, progressText, runDetailPath } from '@/pages/workflow-result/run-view';

/** The run list's columns, read-only: the project title opens the run's result page with its record, as the results list does. */
export function getRunColumns(display: QuotaDisplay): ResponsiveColumn<WorkflowRunView>[] {
  return [
    {
      title: '项目',
      dataIndex: 'app_title',
      card: 'title',
      render: (_, run) => (
        <Link to={runDetailPath(run)} state={{ run }} className="history-name" title={run.app_title}>
          {run.app_title}
        </Link>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 90, card: 'key', render: (_, run) => <RunStatusTag status={run.status} /> },
    {
      title: '数据来源',
      dataIndex: 'source_name',
      width: 180,
      render: (_, run) => `${SOURCE_LABELS[run.source_kind] ?? '来源'}：${run.source_name || '—'}`,
    },
    { title: '进度', dataIndex: 'done', width: 130, card: 'key', render: (_, run) => progressText(run.done, run.total, run.failed) },
    { title: '消耗额度', dataIndex: 'quota', width: 110, card: 'key', render: (quota: number) => <QuotaText quota={quota} display={display} digits={6} /> },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (seconds: number) => formatTimestamp(seconds) },
  ];
}
