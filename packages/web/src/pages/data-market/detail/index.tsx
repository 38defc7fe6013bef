import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Breadcrumb, Button, Card, Space } from '@arco-design/web-react';
import { IconBranch, IconDownload } from '@arco-design/web-react/icon';
import type { SourceRowView } from '@gw/shared';
import { RecordDetailModal, SampleTable } from '@/components/dataset-records';
import { CustomDataRequestModal } from '@/components/custom-data-form/custom-data-request-modal';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { DatasetSummary } from './dataset-summary';
import { FieldExplanation } from './field-explanation';
import { useDatasetDetail } from './use-dataset-detail';
import { DatasetUnavailable } from './dataset-unavailable';
import './detail.css';

/** 数据集详情 (spec 3 §2.3): the dataset, its samples and field explanation, and the two actions. */
export default function DatasetDetailPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const detail = useDatasetDetail(id);
  const [record, setRecord] = useState<SourceRowView | null>(null);
  const [requesting, setRequesting] = useState(false);

  // The market applies the stored type as its filter on arrival and then forgets it (spec 3 §2.1).
  const handleTypeClick = (type: string) => {
    localStorage.setItem(STORAGE_KEYS.selectedType, type);
    navigate('/data-market');
  };

  if (detail.status !== 'ready') return <DatasetUnavailable status={detail.status} />;

  const { dataset, rows } = detail;
  return (
    <div className="dataset-detail">
      <Breadcrumb className="dataset-detail-breadcrumb">
        <Breadcrumb.Item>
          <Link to="/data-market">数据市场</Link>
        </Breadcrumb.Item>
        <Breadcrumb.Item>{dataset.name}</Breadcrumb.Item>
      </Breadcrumb>

      <Card bordered={false}>
        <DatasetSummary dataset={dataset} onTypeClick={handleTypeClick} />
        <Space wrap className="dataset-detail-actions">
          <Button type="primary" icon={<IconBranch />} onClick={() => navigate(`/workflow/editor/new?dataset=${dataset.id}`)}>
            使用此数据创建工作流
          </Button>
          <Button icon={<IconDownload />} onClick={() => setRequesting(true)}>
            获取完整数据集
          </Button>
        </Space>
      </Card>

      <Card
        bordered={false}
        title="数据样例"
        extra={<Link to={`/data-market/${dataset.id}/view-all`}>查看全部</Link>}
      >
        <SampleTable rows={rows} dataset={dataset} onRowClick={(_record, row) => setRecord(row)} />
      </Card>

      <Card bordered={false} title="字段说明">
        <FieldExplanation readme={dataset.readme} />
      </Card>

      <RecordDetailModal visible={record !== null} record={record} dataset={dataset} onClose={() => setRecord(null)} />
      <CustomDataRequestModal
        visible={requesting}
        onClose={() => setRequesting(false)}
        title="获取完整数据集"
        initialRemark={`获取完整数据集：${dataset.name}`}
      />
    </div>
  );
}
