import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

/** A real HTTP server on 127.0.0.1 that records the JSON bodies POSTed to it (alert webhooks). */
export class MockWebhook extends LocalHttpServer {
  readonly received: any[] = [];

  async start(): Promise<this> {
    await super.start();
    this.url += '/hook';
    return this;
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pieces: Buffer[] = [];
    for await (const piece of request) pieces.push(piece as Buffer);
    if (request.method === 'POST') this.received.push(JSON.parse(Buffer.concat(pieces).toString('utf8')));
    response.writeHead(204).end();
  }

  /** Waits until `count` bodies arrived (alerts are sent without blocking the operation). */
  async waitFor(count: number, timeoutMs = 5000): Promise<any[]> {
    const start = Date.now();
    while (this.received.length < count) {
      if (Date.now() - start > timeoutMs) throw new Error(`only ${this.received.length} of ${count} webhook call(s) arrived`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.received;
  }
}
