import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { type Agent, type FormData, request, type RequestInit, type Response } from 'undici';
import type { Dispatcher } from 'undici';
import { createGuardedAgent } from '../outbound/guarded-agent';
import { OutboundPolicy } from '../outbound/outbound-policy.service';
import type { ClientDisconnect } from './client-disconnect';
import type { UpstreamFraming } from './stream/upstream-framing';

/** A request body: JSON text, bytes, or a multipart form (undici sets its content type). */
export type UpstreamBody = string | Buffer | FormData;

/** fetch through the outbound-address policy for channels: what credential exchanges use (token endpoints). */
export type ChannelFetch = (url: string, init?: Omit<RequestInit, 'dispatcher'>) => Promise<Response>;

/** What an adaptor asks the relay to send upstream. */
export interface UpstreamCall {
  url: string;
  method?: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: UpstreamBody;
  /**
   * Credentials obtained just before sending (an OAuth access token exchanged for the channel's
   * key, an AWS SigV4 signature over the call): headers added to the call. A failure is a failure to reach the channel.
   */
  authorize?: (fetch: ChannelFetch) => Promise<Record<string, string>>;
  /** The URL completed just before sending, for credentials that travel in the query (Baidu's v1 access_token). */
  authorizeUrl?: (fetch: ChannelFetch) => Promise<string>;
  /** How the upstream frames a streamed reply, when not as server-sent events (AWS event stream). */
  streamFraming?: UpstreamFraming;
}

export type UpstreamResponse = Dispatcher.ResponseData;

/** Default upstream timeout when the channel's model_req_config names none (seconds). */
export const DEFAULT_TIMEOUT_SECONDS = 300;

/**
 * Upstream HTTP with keep-alive connection pools per origin (DESIGN.md §5.4). The timeout covers
 * the wait for response headers and every gap between body chunks, so a stream may run long
 * while it keeps producing.
 */
@Injectable()
export class UpstreamClient implements OnModuleDestroy {
  /**
   * Channel addresses pass the outbound-address policy when a connection opens (docs/security.md);
   * one pool per setting of ChannelPrivateAddressEnabled, so turning it off never reuses a
   * connection to a private address. Redirects are not followed.
   */
  private readonly agents = new Map<boolean, Agent>();

  private readonly channelFetch: ChannelFetch = (url, init) => this.outbound.fetch('channel', url, init);

  constructor(private readonly outbound: OutboundPolicy) {}

  private agent(): Agent {
    const allowPrivate = this.outbound.allowsPrivate('channel');
    let agent = this.agents.get(allowPrivate);
    if (!agent) {
      // No cap on connections per upstream: answers stream for minutes, and a cap (it was 256) made
      // the 257th concurrent call to one provider wait for a whole answer to end (bench/soak found it).
      // Channels' own request limits are the way to hold back.
      agent = createGuardedAgent(allowPrivate, { keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, pipelining: 1 });
      this.agents.set(allowPrivate, agent);
    }
    return agent;
  }

  send(call: UpstreamCall, timeoutSeconds: number, signal: AbortSignal | ClientDisconnect): Promise<UpstreamResponse> {
    const { authorize, authorizeUrl } = call;
    if (authorize) {
      return authorize(this.channelFetch).then((headers) => this.send({ ...call, headers: { ...call.headers, ...headers }, authorize: undefined }, timeoutSeconds, signal));
    }
    if (authorizeUrl) return authorizeUrl(this.channelFetch).then((url) => this.send({ ...call, url, authorizeUrl: undefined }, timeoutSeconds, signal));
    const timeoutMs = timeoutSeconds * 1000;
    return request(call.url, {
      method: call.method ?? 'POST',
      headers: call.headers,
      body: call.body,
      dispatcher: this.agent(),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.agents.values()].map((agent) => agent.close()));
  }
}
