import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Empty, List } from '@arco-design/web-react';
import type { WorkflowRunView } from '@gw/shared';
import { formatTimestamp } from '@/lib/time';
import { datasetsUsed } from './workspace-view';

interface DatasetsUsedCardProps {
  runs: WorkflowRunView[];
  loading: boolean;
}

/**
 * 最近使用的数据集: the data-market datasets the recent runs read. A run records the dataset's name but
 * not its id, so the names are not links; the market is one click away.
 */
export function DatasetsUsedCard({ runs, loading }: DatasetsUsedCardProps) {
  const navigate = useNavigate();
  const datasets = useMemo(() => datasetsUsed(runs), [runs]);
  return (
    <Card title="最近使用的数据集" className="workspace-card" extra={<Link to="/data-market">数据市场</Link>}>
      <List
        size="small"
        bordered={false}
        loading={loading}
        dataSource={datasets}
        noDataElement={
          <div className="workspace-empty">
            <Empty description="最近的工作流运行没有使用数据市场的数据集" />
            <Button size="small" type="primary" onClick={() => navigate('/data-market')}>
              浏览数据市场
            </Button>
          </div>
        }
        render={(dataset) => (
          <List.Item key={dataset.name}>
            <div className="workspace-item">
              <span className="workspace-item-title" title={dataset.name}>
                {dataset.name}
              </span>
              <span className="workspace-item-meta">
                {dataset.runs} 次运行 · {formatTimestamp(dataset.lastUsed)}
              </span>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
