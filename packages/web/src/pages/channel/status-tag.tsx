import { Tag, Tooltip } from '@arco-design/web-react';
import { CHANNEL_STATUS } from '@gw/shared';
import type { ChannelRow } from '@/api/channels';
import { autoDisabledDetails, statusView } from './channel-status';
import { isTagRow } from './tag-rows';

/** A channel's status tag; an auto-disabled channel explains itself in a tooltip. */
export function StatusTag({ row }: { row: ChannelRow }) {
  const { label, color } = statusView(row.status);
  const tag = <Tag color={color}>{label}</Tag>;
  if (isTagRow(row) || row.status !== CHANNEL_STATUS.AUTO_DISABLED) return tag;
  const { reason, time } = autoDisabledDetails(row.other_info);
  return (
    <Tooltip
      content={
        <>
          <div>原因：{reason}</div>
          <div>时间：{time}</div>
        </>
      }
    >
      {tag}
    </Tooltip>
  );
}
