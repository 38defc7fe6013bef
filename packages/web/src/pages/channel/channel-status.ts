import { CHANNEL_STATUS } from '@gw/shared';
import type { Channel, ChannelOtherInfo } from '@/api/channels';
import { formatTimestamp } from '@/lib/time';

/** Status 1 enabled, 2 disabled by hand, 3 disabled by the gateway (spec 2 §4). */
export function statusView(status: number): { label: string; color: string } {
  switch (status) {
    case CHANNEL_STATUS.ENABLED:
      return { label: '已启用', color: 'green' };
    case CHANNEL_STATUS.MANUALLY_DISABLED:
      return { label: '已禁用', color: 'red' };
    case CHANNEL_STATUS.AUTO_DISABLED:
      return { label: '已自动禁用', color: 'orange' };
    default:
      return { label: '未知状态', color: 'gray' };
  }
}

/** other_info arrives as a JSON string (or already parsed); anything unreadable means no details. */
export function parseOtherInfo(value: string | ChannelOtherInfo | null | undefined): ChannelOtherInfo {
  if (!value) return {};
  if (typeof value === 'object') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as ChannelOtherInfo) : {};
  } catch {
    return {};
  }
}

/**
 * A channel the relay is cooling down after repeated failures: why and until when, or undefined
 * when it is not cooling (`now` in unix seconds).
 */
export function cooldownDetails(channel: Pick<Channel, 'cooldown_until' | 'cooldown_reason'>, now: number): { reason: string; until: string } | undefined {
  if (!channel.cooldown_until || channel.cooldown_until <= now) return undefined;
  return { reason: channel.cooldown_reason || '未知', until: formatTimestamp(channel.cooldown_until) };
}

/** The tooltip lines of an auto-disabled channel: why and when. */
export function autoDisabledDetails(value: string | ChannelOtherInfo | null | undefined): { reason: string; time: string } {
  const info = parseOtherInfo(value);
  return {
    reason: info.status_reason || '未知',
    time: info.status_time ? formatTimestamp(info.status_time) : '未知',
  };
}
