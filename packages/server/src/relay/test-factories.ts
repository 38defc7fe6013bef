import type { RelayChannel, RelayContext } from './relay-context';

/** A relay channel for adaptor unit tests; fields override the OpenAI defaults. */
export const relayChannel = (fields: Partial<RelayChannel> = {}): RelayChannel => ({
  id: 1,
  type: 1,
  name: 'channel',
  baseUrl: '',
  key: 'sk-test',
  multiKeyMode: '',
  keys: [],
  organization: '',
  other: '',
  modelMapping: {},
  statusCodeMapping: {},
  modelTimeouts: {},
  priority: 0,
  weight: 0,
  autoBan: false,
  costRatio: 1,
  ...fields,
});

/** A relay context for adaptor unit tests: a non-streamed chat on `relayChannel()`. */
export const relayContext = (fields: Partial<RelayContext> = {}): RelayContext => ({
  requestId: 'r1',
  mode: 'chat',
  nativeHeaders: {},
  promptTokens: 0,
  caller: { tokenId: 1, tokenName: 't', userId: 1, username: 'u', group: 'default', unlimitedQuota: false },
  requestModel: 'gpt-4o',
  upstreamModel: 'gpt-4o',
  stream: false,
  clientWantsUsage: false,
  channel: relayChannel(),
  startedAt: 0,
  upstreamWaitMs: 0,
  clientIp: '127.0.0.1',
  requestPath: '/v1/chat/completions',
  userAgent: 'test',
  ...fields,
});
