import { Tag, Tooltip } from '@arco-design/web-react';
import { CHANNEL_KEY_STATUS } from '@gw/shared';
import type { ChannelKey, ChannelKeyStatus } from '@/api/channel-keys';
import { formatTimestamp } from '@/lib/time';

const STATUS_VIEWS: Record<ChannelKeyStatus, { label: string; color: string }> = {
  [CHANNEL_KEY_STATUS.ENABLED]: { label: '启用', color: 'green' },
  [CHANNEL_KEY_STATUS.MANUALLY_DISABLED]: { label: '手动禁用', color: 'red' },
  [CHANNEL_KEY_STATUS.AUTO_DISABLED]: { label: '自动禁用', color: 'orange' },
};

/** The key statuses by name, for the status filter. */
export const KEY_STATUS_OPTIONS = Object.entries(STATUS_VIEWS).map(([value, view]) => ({ label: view.label, value: Number(value) }));

/** A key's status; a disabled key says why and since when in a tooltip, as a disabled channel does. */
export function KeyStatusTag({ channelKey }: { channelKey: ChannelKey }) {
  const view = STATUS_VIEWS[channelKey.status] ?? { label: '未知状态', color: 'gray' };
  const tag = <Tag color={view.color}>{view.label}</Tag>;
  if (channelKey.status === CHANNEL_KEY_STATUS.ENABLED) return tag;
  return (
    <Tooltip
      content={
        <>
          <div>原因：{channelKey.status_reason || '未知'}</div>
          <div>时间：{channelKey.status_time ? formatTimestamp(channelKey.status_time) : '未知'}</div>
        </>
      }
    >
      {tag}
    </Tooltip>
  );
}
