import { Descriptions, Tag, Typography } from '@arco-design/web-react';
import { isHotTag, type DatasetView } from '@gw/shared';
import { formatBytes, formatCount, formatDate, splitList } from '../market-view';

interface DatasetSummaryProps {
  dataset: DatasetView;
  onTypeClick: (type: string) => void;
}

/** The head of the detail page: name, hot badge, type tags, counts, time, size, provider, description. */
export function DatasetSummary({ dataset, onTypeClick }: DatasetSummaryProps) {
  return (
    <div className="dataset-summary">
      <div className="dataset-summary-title">
        <Typography.Title heading={4} style={{ margin: 0 }}>
          {dataset.name}
        </Typography.Title>
        {isHotTag(dataset.tag) && (
          <Tag color="red" size="small">
            热门
          </Tag>
        )}
      </div>
      <div className="dataset-summary-types">
        {splitList(dataset.data_type).map((type) => (
          <Tag key={type} color="arcoblue" className="dataset-type-tag" role="link" tabIndex={0} onClick={() => onTypeClick(type)} onKeyDown={(event) => event.key === 'Enter' && onTypeClick(type)}>
            {type}
          </Tag>
        ))}
      </div>
      <Descriptions
        column={{ xs: 1, sm: 2, md: 2, lg: 4, xl: 4, xxl: 4 }}
        size="small"
        layout="inline-vertical"
        data={[
          { label: '数据量', value: formatCount(dataset.data_num) },
          { label: '更新时间', value: formatDate(dataset.data_update_time) },
          { label: '数据大小', value: formatBytes(dataset.data_size) },
          { label: '提供方', value: dataset.factory || '-' },
        ]}
      />
      {dataset.description && <Typography.Paragraph className="dataset-summary-description">{dataset.description}</Typography.Paragraph>}
    </div>
  );
}
