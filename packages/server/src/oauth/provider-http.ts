import * as https from 'node:https';
import type { OutboundPolicy } from '../outbound/outbound-policy.service';

/** A provider that answers slower than this is treated as down. */
export const PROVIDER_TIMEOUT_MS = 10_000;

type NodeOAuthCallback = (error: { statusCode?: number; data?: string } | Error | null, body?: string, response?: { statusCode: number }) => void;

interface NodeOAuthRequestOptions {
  host: string;
  port?: number | string;
  path: string;
  method: string;
  headers: Record<string, string | number>;
}

/**
 * Sends the requests of passport's OAuth2 client (the `oauth` package: token exchange, profile) through
 * the outbound-address policy instead of its own http/https stack. node-oauth still builds every request
 * (parameters, headers) and parses every answer; only the transport is ours, so a provider address
 * that resolves to a private or metadata address is refused exactly as for every other outbound call.
 */
export function sendThroughPolicy(client: object, outbound: OutboundPolicy): void {
  const target = client as unknown as { _executeRequest: (library: unknown, options: NodeOAuthRequestOptions, body: string | Buffer | undefined, callback: NodeOAuthCallback) => void };
  target._executeRequest = (library, options, body, callback) => {
    const protocol = library === https ? 'https:' : 'http:';
    const port = options.port && !(protocol === 'https:' && Number(options.port) === 443) ? `:${options.port}` : '';
    const url = `${protocol}//${options.host.includes(':') ? `[${options.host}]` : options.host}${port}${options.path}`;
    // undici sets Host and the length itself.
    const headers = Object.fromEntries(
      Object.entries(options.headers)
        .filter(([name]) => !/^(host|content-length)$/i.test(name))
        .map(([name, value]) => [name, String(value)]),
    );
    outbound
      .fetch('oauth', url, { method: options.method, headers, body: options.method === 'GET' ? undefined : body, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), redirect: 'manual' })
      .then(async (response) => {
        const text = await response.text();
        if (response.status >= 200 && response.status <= 299) callback(null, text, { statusCode: response.status });
        else callback({ statusCode: response.status, data: text });
      })
      .catch((error: Error) => callback(error));
  };
}
