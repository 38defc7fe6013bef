import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

/**
 * Cloudflare Turnstile's siteverify on 127.0.0.1: POST form `secret`, `response`, `remoteip` →
 * `{ success, error-codes }`. Tokens in `validTokens` pass once each with the right secret, as
 * Cloudflare's do; every call is recorded.
 */
export class MockTurnstile extends LocalHttpServer {
  readonly calls: Array<{ secret: string; response: string; remoteip: string }> = [];
  readonly validTokens = new Set<string>();
  private readonly spent = new Set<string>();

  constructor(readonly secret: string) {
    super();
  }

  async start(): Promise<this> {
    await super.start();
    this.url += '/turnstile/v0/siteverify';
    return this;
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pieces: Buffer[] = [];
    for await (const piece of request) pieces.push(piece as Buffer);
    const form = new URLSearchParams(Buffer.concat(pieces).toString('utf8'));
    const call = { secret: form.get('secret') ?? '', response: form.get('response') ?? '', remoteip: form.get('remoteip') ?? '' };
    this.calls.push(call);
    let errors: string[] = [];
    if (request.method !== 'POST') errors = ['bad-request'];
    else if (call.secret !== this.secret) errors = ['invalid-input-secret'];
    else if (this.spent.has(call.response)) errors = ['timeout-or-duplicate'];
    else if (!this.validTokens.has(call.response)) errors = ['invalid-input-response'];
    if (errors.length === 0) this.spent.add(call.response);
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ success: errors.length === 0, 'error-codes': errors }));
  }
}
