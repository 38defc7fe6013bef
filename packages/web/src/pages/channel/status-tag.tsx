import { Space, Tag, Tooltip } from '@arco-design/web-react';
import { CHANNEL_STATUS } from '@gw/shared';
import type { ChannelRow } from '@/api/channels';
import { autoDisabledDetails, cooldownDetails, statusView } from './channel-status';
import { isTagRow } from './tag-rows';

/**
 * A channel's status tag; an auto-disabled channel explains itself in a tooltip. A channel the
 * relay is cooling down after repeated failures carries a second tag saying why and until when.
 */
export function StatusTag({ row }: { row: ChannelRow }) {
  const { label, color } = statusView(row.status);
  const tag = <Tag color={color}>{label}</Tag>;
  if (isTagRow(row)) return tag;
  const cooling = cooldownDetails(row, Date.now() / 1000);
  let status = tag;
  if (row.status === CHANNEL_STATUS.AUTO_DISABLED) {
    const { reason, time } = autoDisabledDetails(row.other_info);
    status = (
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
  if (!cooling) return status;
  return (
    <Space size={4} wrap>
      {status}
      <Tooltip
        content={
          <>
            <div>连续失败，暂不分配请求</div>
            <div>原因：{cooling.reason}</div>
            <div>冷却至：{cooling.until}</div>
          </>
        }
      >
        <Tag color="gold">冷却中</Tag>
      </Tooltip>
    </Space>
  );
}
