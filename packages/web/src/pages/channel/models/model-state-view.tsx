import { Tag, Tooltip } from '@arco-design/web-react';
import { ABILITY_STATUS } from '@gw/shared';
import type { ChannelModelState, ChannelModelStatus } from '@/api/channel-models';
import { formatTimestamp } from '@/lib/time';

const STATUS_VIEWS: Record<ChannelModelStatus, { label: string; color: string }> = {
  [ABILITY_STATUS.ENABLED]: { label: '启用', color: 'green' },
  [ABILITY_STATUS.MANUALLY_DISABLED]: { label: '手动禁用', color: 'red' },
  [ABILITY_STATUS.AUTO_DISABLED]: { label: '自动禁用', color: 'orange' },
};

/**
 * A model's status on the channel; a disabled one says since when and, when the gateway disabled
 * it, why (an upstream answer can be long: two lines, the whole text on hover).
 */
export function ModelStateView({ state }: { state: ChannelModelState }) {
  const view = STATUS_VIEWS[state.status] ?? { label: '未知状态', color: 'gray' };
  return (
    <div className="channel-model-state">
      <Tag color={view.color}>{view.label}</Tag>
      {state.status_reason && (
        <Tooltip content={<div className="channel-model-full">{state.status_reason}</div>}>
          <div className="channel-model-note channel-model-clamp">原因：{state.status_reason}</div>
        </Tooltip>
      )}
      {state.status !== ABILITY_STATUS.ENABLED && state.status_time > 0 && <div className="channel-model-note">时间：{formatTimestamp(state.status_time)}</div>}
    </div>
  );
}
