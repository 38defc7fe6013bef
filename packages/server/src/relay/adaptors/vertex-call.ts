import type { RelayChannel } from '../relay-context';
import { RelayError } from '../relay-error';
import type { UpstreamCall } from '../upstream.client';
import { parseServiceAccountKey, type ServiceAccountKey } from './vertex-key';
import { vertexRegion } from './vertex-region';
import { VertexTokens } from './vertex-token';

/** The `anthropic_version` Claude on Vertex AI takes in the body (instead of the header). */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

/** Claude models are Anthropic's on Vertex AI's Model Garden; every other model is Google's. */
export const isVertexClaude = (model: string): boolean => model.startsWith('claude');

/** Model names go into the path as they are spelled on Vertex (`claude-sonnet-4@20250514`). */
const pathSegment = (value: string): string => encodeURIComponent(value).replaceAll('%40', '@');

/** What a Vertex call names besides its body: which model of which publisher, by which method. */
export interface VertexTarget {
  publisher: 'anthropic' | 'google';
  /** The model in the path (`count-tokens` for Claude's token counter). */
  model: string;
  /** The model whose region is used (the region map is keyed by models). */
  regionModel: string;
  requestModel: string;
  /** `rawPredict`, `streamGenerateContent?alt=sse`, … */
  method: string;
}

/**
 * Calls to Vertex AI for one provider instance: the model's endpoint in its region
 * (`https://{region}-aiplatform.googleapis.com/v1/projects/{project}/locations/{region}/publishers/…`,
 * `aiplatform.googleapis.com` for the global region, the channel's base URL when set) with an
 * access token exchanged for the channel's service-account key just before sending.
 */
export class VertexCalls {
  private readonly tokens = new VertexTokens();
  /** Keys parsed once per key text. */
  private readonly keys = new Map<string, ServiceAccountKey>();

  call(channel: RelayChannel, target: VertexTarget, body: object, headers: Readonly<Record<string, string>> = {}): UpstreamCall {
    const key = this.key(channel);
    const region = vertexRegion(channel.other, target.regionModel, target.requestModel);
    const host = channel.baseUrl || (region === 'global' ? 'https://aiplatform.googleapis.com' : `https://${region}-aiplatform.googleapis.com`);
    const path = `/v1/projects/${pathSegment(key.project_id)}/locations/${region}/publishers/${target.publisher}/models/${pathSegment(target.model)}:${target.method}`;
    return {
      url: `${host}${path}`,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      authorize: (fetch) => this.tokens.authorization(channel.key, key, fetch),
    };
  }

  private key(channel: RelayChannel): ServiceAccountKey {
    let key = this.keys.get(channel.key);
    if (!key) {
      const parsed = parseServiceAccountKey(channel.key);
      // Keys are checked when a channel is saved; this one was stored some other way.
      if (typeof parsed === 'string') throw new RelayError(500, `渠道「${channel.name}」（#${channel.id}）配置有误：${parsed}`, 'server_error', 'channel_misconfigured');
      this.keys.set(channel.key, (key = parsed));
    }
    return key;
  }
}
