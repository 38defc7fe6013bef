import { CHANNEL_STATUS } from '@gw/shared';
import type { Channel, ChannelRow, ChannelTagRow } from '@/api/channels';
import { joinList, splitList } from './lists';

/** A table row key (Arco's key type). */
export type RowKey = string | number;

export function isTagRow(row: ChannelRow): row is ChannelTagRow {
  return Array.isArray((row as ChannelTagRow).children);
}

/** Table key: the channel id, or the tag row's 'tag:<tag>' key. */
export function rowKey(row: ChannelRow): RowKey {
  return isTagRow(row) ? row.key : row.id;
}

/** The channel ids among selected row keys (tag rows cannot be selected, their key is a string). */
export function channelIdsOf(keys: readonly RowKey[]): number[] {
  return keys.filter((key): key is number => typeof key === 'number');
}

/**
 * A tag row's aggregates, the way the server computes them: group and model union, summed used
 * quota, averaged response time, priority and weight of the first child, enabled if any child is.
 */
export function summarizeTag(row: ChannelTagRow, children: Channel[]): ChannelTagRow {
  const first = children[0];
  const total = (pick: (channel: Channel) => number) => children.reduce((sum, channel) => sum + pick(channel), 0);
  return {
    ...row,
    children,
    group: joinList(children.flatMap((channel) => splitList(channel.group))),
    models: joinList(children.flatMap((channel) => splitList(channel.models))),
    used_quota: total((channel) => channel.used_quota),
    response_time: children.length ? Math.round(total((channel) => channel.response_time) / children.length) : 0,
    priority: first?.priority ?? row.priority,
    weight: first?.weight ?? row.weight,
    status: children.some((channel) => channel.status === CHANNEL_STATUS.ENABLED) ? CHANNEL_STATUS.ENABLED : CHANNEL_STATUS.MANUALLY_DISABLED,
  };
}

/**
 * The rows with one channel replaced after a quick edit, its tag row re-aggregated, so the list
 * stays in place (scroll, expanded tags) instead of reloading.
 */
export function replaceChannel(rows: readonly ChannelRow[], channel: Channel): ChannelRow[] {
  return rows.map((row) => {
    if (!isTagRow(row)) return row.id === channel.id ? channel : row;
    if (!row.children.some((child) => child.id === channel.id)) return row;
    return summarizeTag(
      row,
      row.children.map((child) => (child.id === channel.id ? channel : child)),
    );
  });
}
