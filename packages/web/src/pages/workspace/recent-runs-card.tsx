import { Link } from 'react-router-dom';
import { Card, Empty, List } from '@arco-design/web-react';
import type { WorkflowRunView } from '@gw/shared';
import { formatTimestamp } from '@/lib/time';
import { RunStatusTag } from '@/pages/workflow-result/run-status-tag';
import { runDetailPath } from '@/pages/workflow-result/run-view';

interface RecentRunsCardProps {
  runs: WorkflowRunView[];
  loading: boolean;
}

/** 最近工作流运行: status, project and start of the latest runs, each opening its result page as the results list does. */
export function RecentRunsCard({ runs, loading }: RecentRunsCardProps) {
  return (
    <Card title="最近工作流运行" className="workspace-card" extra={<Link to="/workflowResult">全部运行</Link>}>
      <List
        size="small"
        bordered={false}
        loading={loading}
        dataSource={runs}
        noDataElement={<Empty description="还没有工作流运行记录" />}
        render={(run) => (
          <List.Item key={run.id}>
            <div className="workspace-item">
              <RunStatusTag status={run.status} />
              <Link to={runDetailPath(run)} state={{ run }} className="workspace-item-title" title={run.app_title}>
                {run.app_title}
              </Link>
              <span className="workspace-item-meta">{formatTimestamp(run.created_at)}</span>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
