import { vi } from 'vitest';
import type { Channel, ChannelKeyInfo } from '@/api/channels';
import type { ChannelKey } from '@/api/channel-keys';
import { jsonResponse } from '@/test/factories';

/** Test support for the channel pages: a stand-in console API and channel factories. */
export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export type Reply = { success: boolean; message: string; data?: unknown };
export type Route = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

export const ok = (data: unknown = null): Reply => ({ success: true, message: '', data });
export const fail = (message: string): Reply => ({ success: false, message });

/** Answers "METHOD /path" from the routes and records every call; anything unknown is a 404. */
export function fakeApi(routes: Record<string, Route>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      if (!route) return jsonResponse({ success: false, message: 'not found' }, 404);
      return jsonResponse(typeof route === 'function' ? await route(call) : route);
    }),
  );
  return calls;
}

export function makeChannel(fields: Partial<Channel> = {}): Channel {
  return {
    id: 1,
    name: 'openai-main',
    type: 1,
    status: 1,
    group: 'default',
    models: 'gpt-4o,gpt-4o-mini',
    base_url: '',
    other: '',
    key: '',
    model_mapping: '',
    status_code_mapping: '',
    model_req_config: '',
    model_req_limit: '',
    tag: '',
    priority: 0,
    weight: 0,
    test_model: '',
    auto_ban: 1,
    openai_organization: '',
    max_input_tokens: 0,
    cost_ratio: 1,
    balance: 0,
    used_quota: 0,
    response_time: 0,
    created_time: 1_700_000_000,
    balance_updated_time: 0,
    test_time: 0,
    other_info: null,
    multi_key_mode: '',
    channel_info: {
      is_multi_key: false,
      multi_key_size: 0,
      multi_key_mode: '',
      multi_key_enabled: 0,
      multi_key_auto_disabled: 0,
      multi_key_manual_disabled: 0,
    },
    ...fields,
  };
}

/** A multi-key channel: `keys` gives its counts by status, the mode defaults to random. */
export function makeMultiKeyChannel(fields: Partial<Channel> = {}, keys: Partial<ChannelKeyInfo> = {}): Channel {
  const mode = fields.multi_key_mode || 'random';
  const counts = { multi_key_enabled: 3, multi_key_auto_disabled: 0, multi_key_manual_disabled: 0, ...keys };
  const size = counts.multi_key_enabled + counts.multi_key_auto_disabled + counts.multi_key_manual_disabled;
  return makeChannel({
    ...fields,
    multi_key_mode: mode,
    channel_info: { is_multi_key: true, multi_key_size: size, multi_key_mode: mode, ...counts },
  });
}

export function makeKey(fields: Partial<ChannelKey> = {}): ChannelKey {
  return {
    id: 1,
    masked: 'sk-a****0001',
    status: 1,
    status_reason: '',
    status_time: 0,
    last_error: '',
    request_count: 0,
    token_count: 0,
    used_time: 0,
    created_time: 1_700_000_000,
    ...fields,
  };
}
