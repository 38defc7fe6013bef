import type { MultiKeyMode } from '@gw/shared';
import type { RequestLimits } from '../channel-limits/request-limits';
import type { Usage } from './billing/usage';

/** The kinds of call the relay serves, one per OpenAI endpoint. */
export type RelayMode = 'chat' | 'completions' | 'embeddings' | 'images' | 'moderations' | 'rerank' | 'speech' | 'transcriptions' | 'translations' | 'image-edits';

/** One enabled key of a multi-key channel (channel_keys), opened once by the channel cache. */
export interface RelayKey {
  id: number;
  key: string;
  /** channel_keys.masked: the only form of the key that logs and replies may carry. */
  masked: string;
}

/** A channel as the relay uses it: parsed once when the channel cache loads, key in clear in memory only. */
export interface RelayChannel {
  id: number;
  type: number;
  name: string;
  baseUrl: string;
  /**
   * The key adaptors send. For a multi-key channel the relay sets it on a copy of the channel for
   * each attempt (with `keyId`); the cached channel holds its first enabled key, for callers that
   * do not choose one themselves.
   */
  key: string;
  /** '' for a single-key channel; how a multi-key channel picks its key for each attempt. */
  multiKeyMode: '' | MultiKeyMode;
  /** The enabled keys of a multi-key channel; empty for a single-key channel. */
  keys: readonly RelayKey[];
  /** channel_keys.id of `key` when a multi-key channel's key was chosen for this attempt. */
  keyId?: number;
  organization: string;
  other: string;
  modelMapping: Readonly<Record<string, string>>;
  statusCodeMapping: Readonly<Record<string, string>>;
  /** Per-model timeout in seconds (model_req_config). */
  modelTimeouts: Readonly<Record<string, number>>;
  /** model_req_limit, when the channel sets any (channel-limits/). */
  requestLimits?: RequestLimits;
  priority: number;
  weight: number;
  autoBan: boolean;
  /** What the operator pays the upstream relative to list price (channels.cost_ratio): a call's cost for the margin statistics. */
  costRatio: number;
}

/** The caller, from the sk- token (DESIGN.md §5.1). */
export interface RelayCaller {
  tokenId: number;
  tokenName: string;
  userId: number;
  username: string;
  /** The group billing and channel choice use: the token's group, else the user's. */
  group: string;
  unlimitedQuota: boolean;
  /** Unix seconds: the end of the user's paid subscription time (0: none). A subscriber's reservation asks their plan first. */
  subscribedUntil?: number;
}

/** Everything of one relayed request that adaptors read (typed, not a key-value bag); the pipeline adds the client's format (pipeline-context.ts). */
export interface RelayContext {
  requestId: string;
  mode: RelayMode;
  /** The client's headers that a channel speaking its format natively receives (Anthropic's version and betas). */
  nativeHeaders: Readonly<Record<string, string>>;
  /** The prompt counted locally: the reservation, and the bill when the upstream reports no usage. */
  promptTokens: number;
  caller: RelayCaller;
  /** The model the client asked for (billing and logs use this name). */
  requestModel: string;
  /** The model sent upstream, after the channel's model_mapping. */
  upstreamModel: string;
  stream: boolean;
  /** The client asked for stream_options.include_usage itself (else the usage chunk is hidden). */
  clientWantsUsage: boolean;
  channel: RelayChannel;
  /** performance.now() at arrival, and at the first streamed token. */
  startedAt: number;
  /**
   * Milliseconds spent waiting on upstreams (every attempt) until the answer's headers: the rest of
   * the time before them is the gateway's own (X-Gateway-Overhead-Ms).
   */
  upstreamWaitMs: number;
  firstTokenAt?: number;
  clientIp: string;
  /** For the request details of the log (LogReqInfoEnabled). */
  requestPath: string;
  userAgent: string;
  usage?: Usage;
  /** A finished stream is left open for the caller's own last events (RelayObserver). */
  holdStreamEnd?: boolean;
}
