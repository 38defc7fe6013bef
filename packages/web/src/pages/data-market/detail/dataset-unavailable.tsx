import { useNavigate } from 'react-router-dom';
import { Button, Result, Spin } from '@arco-design/web-react';
import { MSG_DATASET_MISSING } from '@gw/shared';

/** What the detail and view-all pages show while their dataset loads, or when it cannot (spec 3 §2.3, §8). */
export function DatasetUnavailable({ status }: { status: 'loading' | 'failed' }) {
  const navigate = useNavigate();
  if (status === 'loading') {
    return (
      <div className="dataset-detail-loading">
        <Spin />
      </div>
    );
  }
  return (
    <Result
      status="404"
      subTitle={MSG_DATASET_MISSING}
      extra={
        <Button type="primary" onClick={() => navigate('/data-market')}>
          返回数据市场
        </Button>
      }
    />
  );
}
