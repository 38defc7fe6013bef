import type { CHANNEL_KEY_STATUS } from '@gw/shared';
import { http } from '@/api/http';

/** 1 enabled, 2 disabled by hand, 3 disabled by the gateway: the channel statuses. */
export type ChannelKeyStatus = (typeof CHANNEL_KEY_STATUS)[keyof typeof CHANNEL_KEY_STATUS];

/** One key of a multi-key channel as the console sees it: masked, never the key itself. */
export interface ChannelKey {
  id: number;
  masked: string;
  status: ChannelKeyStatus;
  status_reason: string;
  /** Unix seconds of the last status change; 0 when never changed. */
  status_time: number;
  last_error: string;
  request_count: number;
  token_count: number;
  /** Unix seconds; 0 = never used. */
  used_time: number;
  created_time: number;
}

/** A page of a channel's keys, with the channel's counts by status (whatever the filter). */
export interface ChannelKeyPage {
  items: ChannelKey[];
  total: number;
  page: number;
  page_size: number;
  enabled: number;
  auto_disabled: number;
  manual_disabled: number;
}

export interface ChannelKeyQuery {
  /** One-based. */
  page: number;
  /** At most 100. */
  page_size: number;
  status?: ChannelKeyStatus;
}

export interface AffectedKeys {
  affected: number;
}

/** What a retest of the auto-disabled keys did: how many keys it tested and how many answered and are enabled again. */
export interface KeyRetestResult {
  tested: number;
  enabled: number;
}

/** The body of POST /api/channel/multi_key/manage, one shape per action. */
type ManageBody =
  | ({ action: 'get_key_status' } & Partial<ChannelKeyQuery>)
  | { action: 'enable_key' | 'disable_key' | 'delete_key'; key_id: number }
  | { action: 'enable_all_keys' | 'disable_all_keys' | 'delete_disabled_keys' | 'retest_disabled_keys' };

const manage = <T>(channelId: number, body: ManageBody) => http.post<T>('/api/channel/multi_key/manage', { channel_id: channelId, ...body });

export const listChannelKeys = (channelId: number, query: ChannelKeyQuery) =>
  manage<ChannelKeyPage>(channelId, { action: 'get_key_status', ...query });

export const setChannelKeyEnabled = (channelId: number, keyId: number, enabled: boolean) =>
  manage<null>(channelId, { action: enabled ? 'enable_key' : 'disable_key', key_id: keyId });

/** The server refuses to delete a channel's last key. */
export const deleteChannelKey = (channelId: number, keyId: number) => manage<null>(channelId, { action: 'delete_key', key_id: keyId });

export const setAllChannelKeysEnabled = (channelId: number, enabled: boolean) =>
  manage<AffectedKeys>(channelId, { action: enabled ? 'enable_all_keys' : 'disable_all_keys' });

/** Deletes the keys the gateway disabled (status 3), not the ones disabled by hand. */
export const deleteAutoDisabledKeys = (channelId: number) => manage<AffectedKeys>(channelId, { action: 'delete_disabled_keys' });

/** Tests the channel's auto-disabled keys one by one and enables again those that answer. */
export const retestChannelDisabledKeys = (channelId: number) => manage<KeyRetestResult>(channelId, { action: 'retest_disabled_keys' });

/** The same for every multi-key channel; `channels` is how many it went through. */
export const retestAllDisabledKeys = () => http.post<KeyRetestResult & { channels: number }>('/api/channel/multi_key/retest');
