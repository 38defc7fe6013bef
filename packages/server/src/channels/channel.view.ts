import { CHANNEL_STATUS } from '@gw/shared';
import type { Cooling } from '../channel-limits/channel-cooldown.service';
import type { ChannelEntity } from './channel.entity';
import { joinList, splitList } from './comma-list';

/** How many keys of a multi-key channel are in each status (channel_keys, grouped). */
export interface KeyCounts {
  enabled: number;
  manualDisabled: number;
  autoDisabled: number;
}

/** A multi-key channel's keys at a glance (new-api's `channel_info`); all 0 and false for a single-key channel. */
export interface ChannelInfo {
  is_multi_key: boolean;
  multi_key_size: number;
  multi_key_mode: string;
  multi_key_enabled: number;
  multi_key_auto_disabled: number;
  multi_key_manual_disabled: number;
}

/**
 * A channel as the console sees it: every field, and `key` always empty (never readable). A channel
 * cooling down after repeated failures (DESIGN.md §5.3) says until when (unix seconds) and why;
 * otherwise `cooldown_until` is 0.
 */
export type ChannelView = Omit<ChannelEntity, 'key_sealed'> & { key: ''; cooldown_until: number; cooldown_reason: string; channel_info: ChannelInfo };

function toChannelInfo(multiKeyMode: string, counts: KeyCounts | undefined): ChannelInfo {
  const { enabled = 0, manualDisabled = 0, autoDisabled = 0 } = multiKeyMode ? (counts ?? {}) : {};
  return {
    is_multi_key: multiKeyMode !== '',
    multi_key_size: enabled + manualDisabled + autoDisabled,
    multi_key_mode: multiKeyMode,
    multi_key_enabled: enabled,
    multi_key_auto_disabled: autoDisabled,
    multi_key_manual_disabled: manualDisabled,
  };
}

export const toChannelView = ({ key_sealed: _sealed, ...channel }: ChannelEntity, cooling?: Cooling, keys?: KeyCounts): ChannelView => ({
  ...channel,
  key: '',
  cooldown_until: cooling?.until ?? 0,
  cooldown_reason: cooling?.reason ?? '',
  channel_info: toChannelInfo(channel.multi_key_mode, keys),
});

/** A tag-mode row: the channels sharing a tag, aggregated (spec 2 §3 Tag aggregate row). */
export interface TagRow {
  key: string;
  tag: string;
  name: string;
  group: string;
  models: string;
  used_quota: number;
  response_time: number;
  priority: number;
  weight: number;
  status: number;
  children: ChannelView[];
}

/** Groups channels by tag, keeping the order of first appearance; untagged channels stay rows. */
export function toTagRows(channels: ChannelView[]): Array<ChannelView | TagRow> {
  const rows: Array<ChannelView | TagRow> = [];
  const byTag = new Map<string, TagRow>();
  for (const channel of channels) {
    if (!channel.tag) {
      rows.push(channel);
      continue;
    }
    let row = byTag.get(channel.tag);
    if (!row) {
      row = { key: `tag:${channel.tag}`, tag: channel.tag, name: channel.tag, group: '', models: '', used_quota: 0, response_time: 0, priority: channel.priority, weight: channel.weight, status: CHANNEL_STATUS.MANUALLY_DISABLED, children: [] };
      byTag.set(channel.tag, row);
      rows.push(row);
    }
    row.children.push(channel);
  }
  for (const row of byTag.values()) {
    row.group = joinList(splitList(row.children.flatMap((child) => splitList(child.group))));
    row.models = joinList(splitList(row.children.flatMap((child) => splitList(child.models))));
    row.used_quota = row.children.reduce((sum, child) => sum + child.used_quota, 0);
    row.response_time = Math.round(row.children.reduce((sum, child) => sum + child.response_time, 0) / row.children.length);
    if (row.children.some((child) => child.status === CHANNEL_STATUS.ENABLED)) row.status = CHANNEL_STATUS.ENABLED;
  }
  return rows;
}
