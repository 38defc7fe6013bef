import { Message } from '@arco-design/web-react';
import type { MultiKeyMode } from '@gw/shared';
import { http, showError, type ApiReply } from '@/api/http';
import type { ChannelModelStatus } from '@/api/channel-models';
import type { ModelStatusSummary } from '@gw/shared';

/**
 * A channel as the console API returns it (docs/console-api.md "Channels"). `key` is never
 * returned (always ''); `group` and `models` are comma-joined; JSON fields are strings.
 */
export interface Channel {
  id: number;
  name: string;
  type: number;
  status: number;
  group: string;
  models: string;
  base_url: string;
  other: string;
  key: string;
  model_mapping: string;
  status_code_mapping: string;
  model_req_config: string;
  model_req_limit: string;
  tag: string;
  priority: number;
  weight: number;
  test_model: string;
  auto_ban: number;
  openai_organization: string;
  max_input_tokens: number;
  /** What the operator pays the upstream relative to list price (1 list price, 0 free); for the 渠道收益 statistics. */
  cost_ratio: number;
  balance: number;
  used_quota: number;
  /** Milliseconds; 0 = never tested. */
  response_time: number;
  created_time: number;
  balance_updated_time: number;
  test_time: number;
  /** `{"status_reason": "...", "status_time": unix}` for status 3; a string, or already parsed. */
  other_info: string | ChannelOtherInfo | null;
  /** Unix seconds until which the relay passes the channel over after repeated failures; 0 = not cooling. */
  cooldown_until?: number;
  /** Why it is cooling down (the last failure). */
  cooldown_reason?: string;
  /** '' for a single-key channel; how a multi-key channel picks a key for each request otherwise. */
  multi_key_mode: '' | MultiKeyMode;
  channel_info: ChannelKeyInfo;
}

/** The keys of a multi-key channel in counts (all 0 and false for a single-key channel). */
export interface ChannelKeyInfo {
  is_multi_key: boolean;
  multi_key_size: number;
  multi_key_mode: '' | MultiKeyMode;
  multi_key_enabled: number;
  multi_key_auto_disabled: number;
  multi_key_manual_disabled: number;
}

export interface ChannelOtherInfo {
  status_reason?: string;
  status_time?: number;
}

/** Tag mode: channels sharing a tag aggregated into one row (docs/console-api.md). */
export interface ChannelTagRow {
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
  children: Channel[];
}

export type ChannelRow = Channel | ChannelTagRow;

/** A page of GET /api/channel/ or of GET /api/channel/search. */
export interface ChannelPage {
  items: ChannelRow[];
  total: number;
  page: number;
  page_size: number;
}

export interface ChannelListFlags {
  id_sort: boolean;
  tag_mode: boolean;
}

export interface ChannelFilters {
  keyword: string;
  group: string;
  model: string;
}

/** The fields the create/edit form sends (spec 2 §3 Channel form, groups and models comma-joined). */
export interface ChannelPayload {
  type: number;
  name: string;
  key?: string;
  openai_organization: string;
  max_input_tokens: number;
  base_url: string;
  other: string;
  model_mapping: string;
  status_code_mapping: string;
  model_req_config: string;
  model_req_limit: string;
  models: string;
  group: string;
  auto_ban: number;
  test_model: string;
  priority: number;
  weight: number;
  tag: string;
  cost_ratio: number;
}

/** A quick edit of one channel: status, priority or weight. */
export type ChannelQuickEdit = { id: number } & Partial<Pick<Channel, 'status' | 'priority' | 'weight'>>;

/** PUT /api/channel/tag: `groups` and `models` comma-joined like the channel form sends them. */
export interface TagUpdate {
  tag: string;
  new_tag?: string;
  model_mapping?: string;
  groups?: string;
  models?: string;
  priority?: number;
  weight?: number;
}

export interface UpstreamModelQuery {
  type: number;
  base_url: string;
  key: string;
}

const orUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** `p` is zero-based. */
export const listChannels = (p: number, pageSize: number, flags: ChannelListFlags) =>
  http.get<ChannelPage>('/api/channel/', { p, page_size: pageSize, ...flags });

/** One page of the matches, paged like the list (`p` zero-based). */
export const searchChannels = (filters: ChannelFilters, p: number, pageSize: number, flags: ChannelListFlags) =>
  http.get<ChannelPage>('/api/channel/search', {
    keyword: filters.keyword.trim(),
    group: orUndefined(filters.group),
    model: orUndefined(filters.model),
    p,
    page_size: pageSize,
    ...flags,
  });

export const getChannel = (id: number) => http.get<Channel>(`/api/channel/${id}`);

/**
 * What several key lines make on create: one channel per key ('batch', also when absent) or one
 * channel rotating them all ('multi_to_single', which takes `multi_key_mode`).
 */
export type ChannelCreateMode = 'batch' | 'multi_to_single';

/** The key fields of a create beside the form's: `mode` and, for one channel with several keys, how it picks them. */
export interface ChannelCreateKeys {
  mode?: ChannelCreateMode;
  multi_key_mode?: MultiKeyMode;
}

/**
 * The key fields of an update. On a multi-key channel `key` adds keys ('append', the server's
 * default) or replaces them all ('replace'); `multi_key_mode` changes how it picks them, and on a
 * single-key channel converts it to a multi-key one.
 */
export interface ChannelUpdateKeys {
  key_mode?: 'append' | 'replace';
  multi_key_mode?: MultiKeyMode;
}

/** Creates one channel per non-empty key line, or one multi-key channel; `copy_from` with an empty key copies that channel's key. */
export const createChannel = (payload: ChannelPayload & ChannelCreateKeys & { copy_from?: number; status?: number }) =>
  http.post<{ ids: number[] }>('/api/channel/', payload);

/** An empty or absent `key` keeps the stored key (and adds none to a multi-key channel). */
export const updateChannel = (fields: ChannelQuickEdit | (ChannelPayload & ChannelUpdateKeys & { id: number })) => http.put<Channel>('/api/channel/', fields);

export const deleteChannel = (id: number) => http.delete<null>(`/api/channel/${id}/`);
/** Deletes channels with status 2 or 3; data is the count. */
export const deleteDisabledChannels = () => http.delete<number>('/api/channel/disabled');
export const deleteChannels = (ids: number[]) => http.post<number>('/api/channel/batch', { ids });
/** Rebuilds the abilities of every channel; data is the count. */
export const fixChannelAbilities = () => http.post<number>('/api/channel/fix');

export const updateTag = (update: TagUpdate) => http.put<number>('/api/channel/tag', update);
export const setTagEnabled = (tag: string, enabled: boolean) =>
  http.post<number>(`/api/channel/tag/${enabled ? 'enabled' : 'disabled'}`, { tag });

/** Sessions bound to each channel by sticky routing (docs/console-api.md "Channels"): `{ [channelId]: count }`, channels with none left out. */
export type AffinityCounts = Record<number, number>;

export const getAffinityCounts = () => http.get<AffinityCounts>('/api/channel/affinity/counts');
/** 清除绑定: the channel's bound sessions choose a channel afresh on their next request; data is how many were bound. */
export const clearChannelAffinity = (channelId: number) => http.post<number>('/api/channel/affinity/clear', { channel_id: channelId });

/** A channel test's reply: `time` (seconds) is a top-level field, not in data. */
export interface ChannelTestResult {
  time: number;
}

/** What a channel test found, in the reply's data (docs/console-api.md). */
export interface ChannelTestOutcome {
  model: string;
  /** The channel's models with neither a price nor a ratio: the relay refuses them. */
  unpriced_models: string[];
}

/** A balance update's reply: `balance` is a top-level field, in the channel's currency. */
export interface ChannelBalanceResult {
  balance: number;
}

/** Current use of a channel: RPM and TPM over the last minute, RPD and TPD over the last 24 hours. */
export interface ChannelUsage {
  rpd: number;
  rpm: number;
  tpm: number;
  tpd: number;
}

/**
 * Tests one channel with a model (the server's choice when absent); `keyId` tests that key of a
 * multi-key channel (without it the server takes its first enabled key).
 */
export const testChannel = (id: number, model?: string, keyId?: number) =>
  http.get<ChannelTestOutcome, ChannelTestResult>(`/api/channel/test/${id}`, { model: model || undefined, key_id: keyId });
/** Starts testing every channel and answers at once. */
export const testAllChannels = () => http.get<null>('/api/channel/test');
export const updateChannelBalance = (id: number) => http.get<null, ChannelBalanceResult>(`/api/channel/update_balance/${id}/`);
/** Updates the balance of every enabled channel. */
export const updateAllChannelBalances = () => http.get<null>('/api/channel/update_balance');
export const getChannelUsage = (id: number) => http.get<ChannelUsage>(`/api/channel/monitor/${id}`);

/** One row of the abilities index (group × model × channel) with its capability flags. */
export interface Ability {
  /** `${channel_id}:${group}:${model}`. */
  id: string;
  model: string;
  owned_by: string;
  channel_id: number;
  channel_name: string;
  group: string;
  /** Deep thinking. */
  is_deep_seek: boolean;
  /** Accepts images. */
  is_viewable: boolean;
  /** The model's own status on this channel (model-level health), why and since when (unix seconds, 0: never changed). */
  status: ChannelModelStatus;
  status_reason: string;
  status_time: number;
}

/** Filters of the model management list; an absent field does not filter. */
export interface AbilityFilters {
  model?: string;
  group?: string;
  channel_id?: number;
  is_deep_seek?: boolean;
  is_viewable?: boolean;
}

export type AbilityKey = Pick<Ability, 'channel_id' | 'group' | 'model'>;
export type AbilityFlags = Pick<Ability, 'is_deep_seek' | 'is_viewable'>;

/** `p` is zero-based like every list call (docs/console-api.md "Paging"). */
export const listAbilities = (p: number, pageSize: number, filters: AbilityFilters) =>
  http.get<{ items: Ability[]; total: number; model_states?: ModelStatusSummary[] }>('/api/channel/abilities', { p, page_size: pageSize, ...filters });

export const updateAbility = (ability: AbilityKey & AbilityFlags) => http.post<null>('/api/channel/update_ability', ability);

export const listGroups = () => http.get<string[]>('/api/group/');
/** Default models per channel type: `{ [type]: string[] }`. */
export const listTypeModels = () => http.get<Record<string, string[]>>('/api/models');
/** Every model name known to the gateway. */
export const listAllModels = () => http.get<Array<{ id: string }>>('/api/channel/models');

export const fetchSavedChannelModels = (id: number) => http.get<string[]>(`/api/channel/fetch_models/${id}`);
export const fetchUpstreamModels = (query: UpstreamModelQuery) => http.post<string[]>('/api/channel/fetch_models', query);

/**
 * Runs a call whose failure the channel pages report with their own words plus the reason
 * (spec 2 §8: channel copy failed with reason, failed to get model list). HTTP failures go to the
 * generic handler. Returns the reply when it succeeded.
 */
export async function callWithReason<T>(promise: Promise<ApiReply<T>>, failure: string): Promise<ApiReply<T> | undefined> {
  try {
    const reply = await promise;
    if (reply.success) return reply;
    Message.error(reply.message ? `${failure}：${reply.message}` : failure);
  } catch (error) {
    showError(error);
  }
  return undefined;
}
