import type { RelayChannel } from '../relay-context';
import type { UpstreamCall } from '../upstream.client';

const DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** The API version the OpenAI → Messages conversion (anthropic-request.ts) writes for. */
const ANTHROPIC_VERSION = '2023-06-01';

/**
 * A call to the channel's Messages API (`path` under /v1). `forwarded` holds the client's own
 * anthropic-version and anthropic-beta when it speaks the Messages API itself; without them the
 * version the converter writes for is sent.
 */
export function anthropicCall(channel: RelayChannel, path: string, body: string, forwarded: Readonly<Record<string, string>> = {}): UpstreamCall {
  return {
    url: `${channel.baseUrl || DEFAULT_BASE_URL}/v1/${path}`,
    headers: { 'content-type': 'application/json', 'x-api-key': channel.key, 'anthropic-version': ANTHROPIC_VERSION, ...forwarded },
    body,
  };
}
