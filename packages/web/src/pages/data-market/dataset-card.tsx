import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Tag, Typography } from '@arco-design/web-react';
import { IconFire } from '@arco-design/web-react/icon';
import { isHotTag, type DatasetView } from '@gw/shared';
import { CardMenu, type DatasetAction } from './card-menu';
import { CardPreview, type OpenRecord } from './card-preview';
import { formatCount, formatDate, splitList } from './market-view';

interface DatasetCardProps {
  dataset: DatasetView;
  /** Root sees the action menu. */
  isRoot: boolean;
  onOpen: (dataset: DatasetView) => void;
  onOpenRecord: OpenRecord;
  onAction: (action: DatasetAction, dataset: DatasetView) => void;
}

/** One dataset of the market grid (spec 3 §2.1 "Card content"); a click opens its detail page. */
export function DatasetCard({ dataset, isRoot, onOpen, onOpenRecord, onAction }: DatasetCardProps) {
  const [coverFailed, setCoverFailed] = useState(false);
  const showCover = dataset.cover_page !== '' && !coverFailed;

  const handleClick = (event: MouseEvent) => {
    // Clicks in popups (the action menu, an image preview) reach the card through React's tree
    // although they happen outside it on the page: they are not a click on the card.
    if (event.currentTarget.contains(event.target as Node)) onOpen(dataset);
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onOpen(dataset);
    }
  };

  return (
    <article className="data-market-card" role="link" tabIndex={0} aria-label={dataset.name} onClick={handleClick} onKeyDown={handleKeyDown}>
      {showCover && <img className="data-market-card-cover" src={dataset.cover_page} alt="" loading="lazy" onError={() => setCoverFailed(true)} />}
      <CardPreview dataset={dataset} onOpenRecord={onOpenRecord} />
      <div className="data-market-card-body">
        <div className="data-market-card-title">
          {isHotTag(dataset.tag) && (
            <Tag color="red" size="small" icon={<IconFire />}>
              热门
            </Tag>
          )}
          <Typography.Text bold className="data-market-card-name">
            {dataset.name}
          </Typography.Text>
          {isRoot && <CardMenu dataset={dataset} onAction={onAction} />}
        </div>
        <div className="data-market-card-tags">
          {splitList(dataset.data_type).map((type) => (
            <Tag key={type} size="small" color="arcoblue">
              {type}
            </Tag>
          ))}
        </div>
        <p className="data-market-card-description">{dataset.description}</p>
        <div className="data-market-card-meta">
          <span>数据量：{formatCount(dataset.data_num)}</span>
          <span>更新于 {formatDate(dataset.data_update_time)}</span>
        </div>
      </div>
    </article>
  );
}
