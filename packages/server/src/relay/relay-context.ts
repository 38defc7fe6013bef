import type { RequestLimits } from '../channel-limits/request-limits';
import type { Usage } from './billing/usage';

/** The kinds of call the relay serves, one per OpenAI endpoint. */
export type RelayMode = 'chat' | 'completions' | 'embeddings' | 'images' | 'moderations' | 'rerank' | 'speech' | 'transcriptions' | 'translations' | 'image-edits';

/** A channel as the relay uses it: parsed once when the channel cache loads, key in clear in memory only. */
export interface RelayChannel {
  id: number;
  type: number;
  name: string;
  baseUrl: string;
  key: string;
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
  firstTokenAt?: number;
  clientIp: string;
  /** For the request details of the log (LogReqInfoEnabled). */
  requestPath: string;
  userAgent: string;
  usage?: Usage;
  /** A finished stream is left open for the caller's own last events (RelayObserver). */
  holdStreamEnd?: boolean;
}
