import { Button, Popover, Tag } from '@arco-design/web-react';
import type { ModelStatusSummary } from '@gw/shared';
import type { ChannelModelStatus } from '@/api/channel-models';
import { ModelStateView } from '@/pages/channel/models/model-state-view';
import '@/pages/channel/models/channel-models.css';
import { summaryColor, summaryLabel } from './model-status-summary';
import './model-manage.css';

/** The channel whose 模型 drawer is to open. */
export interface ChannelRef {
  id: number;
  name: string;
}

/**
 * A model's status over every channel that lists it (model-level health): a tag with the counts;
 * a click lists each channel with the model's state there (reason and time when disabled) and opens
 * that channel's 模型 drawer, where it is tested, enabled or disabled.
 */
export function ModelStatusTag({ summary, onOpenChannel }: { summary: ModelStatusSummary; onOpenChannel: (channel: ChannelRef) => void }) {
  const list = (
    <ul className="model-status-list" aria-label={`${summary.model} 的渠道状态`}>
      {summary.channels.map((channel) => (
        <li key={channel.channel_id} className="model-status-item">
          <Button type="text" size="mini" className="model-status-channel" onClick={() => onOpenChannel({ id: channel.channel_id, name: channel.channel_name })}>
            #{channel.channel_id} {channel.channel_name}
          </Button>
          {channel.channel_status !== 1 && <Tag size="small">渠道已停用</Tag>}
          <ModelStateView state={{ model: summary.model, status: channel.status as ChannelModelStatus, status_reason: channel.status_reason, status_time: channel.status_time }} />
        </li>
      ))}
    </ul>
  );
  return (
    <Popover trigger="click" position="br" title={`${summary.model} 在各渠道的状态`} content={list}>
      <Tag color={summaryColor(summary)} className="model-status-tag" role="button" tabIndex={0}>
        {summaryLabel(summary)}
      </Tag>
    </Popover>
  );
}
