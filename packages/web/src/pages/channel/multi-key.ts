import type { MultiKeyMode } from '@gw/shared';
import type { ChannelKeyInfo } from '@/api/channels';

/** How a multi-key channel picks its key, as the console names it. */
export const SELECTION_LABELS: Record<MultiKeyMode, string> = { random: '随机', polling: '轮询' };

/** A multi-key channel's keys by status, in one line (list tag tooltip, edit form). */
export const keyCountsText = (info: ChannelKeyInfo) =>
  `共 ${info.multi_key_size} 个密钥：启用 ${info.multi_key_enabled}，手动禁用 ${info.multi_key_manual_disabled}，自动禁用 ${info.multi_key_auto_disabled}`;

/** A channel is multi-key when it has a selection mode; its keys are then managed one by one. */
export const isMultiKey = (channel: { multi_key_mode?: string } | null | undefined) => Boolean(channel?.multi_key_mode);
