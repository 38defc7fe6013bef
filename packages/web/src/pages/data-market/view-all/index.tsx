import { useState, type UIEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Breadcrumb, Button, Card } from '@arco-design/web-react';
import { MSG_SCROLL_TO_LOAD_MORE, type SourceRowView } from '@gw/shared';
import { RecordDetailModal, SampleTable } from '@/components/dataset-records';
import { useDatasetDetail } from '../detail/use-dataset-detail';
import { useAllRows } from './use-all-rows';
import { DatasetUnavailable } from '../detail/dataset-unavailable';
import '../detail/detail.css';

/** How near the bottom (px) the next page is asked for (spec 3 §9). */
export const LOAD_MORE_DISTANCE = 50;

/** 查看全部 (spec 3 §2.4): every record of the dataset in one table, loaded as the reader scrolls. */
export default function ViewAllPage() {
  const { id } = useParams();
  const detail = useDatasetDetail(id, 0);
  const all = useAllRows(id);
  const [record, setRecord] = useState<SourceRowView | null>(null);

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollHeight - box.scrollTop - box.clientHeight <= LOAD_MORE_DISTANCE) all.loadMore();
  };

  if (detail.status !== 'ready') return <DatasetUnavailable status={detail.status} />;

  const { dataset } = detail;
  return (
    <div className="dataset-detail">
      <Breadcrumb>
        <Breadcrumb.Item>
          <Link to="/data-market">数据市场</Link>
        </Breadcrumb.Item>
        <Breadcrumb.Item>
          <Link to={`/data-market/${dataset.id}`}>{dataset.name}</Link>
        </Breadcrumb.Item>
        <Breadcrumb.Item>查看全部</Breadcrumb.Item>
      </Breadcrumb>
      <Card bordered={false} title={`${dataset.name} · 全部数据`}>
        <div className="view-all-scroll" data-testid="view-all-scroll" onScroll={handleScroll}>
          <SampleTable rows={all.rows} dataset={dataset} loading={all.loading && all.rows.length === 0} onRowClick={(_record, row) => setRecord(row)} />
          {all.rows.length > 0 && (
            <div className="view-all-status">
              {all.hasMore ? (
                // Also a button: when the first page does not fill the box there is nothing to scroll.
                <Button type="text" size="small" loading={all.loading} onClick={all.loadMore}>
                  {MSG_SCROLL_TO_LOAD_MORE}
                </Button>
              ) : (
                '已加载全部'
              )}
            </div>
          )}
        </div>
      </Card>
      <RecordDetailModal visible={record !== null} record={record} dataset={dataset} onClose={() => setRecord(null)} />
    </div>
  );
}
