import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on 127.0.0.1 that records the JSON bodies POSTed to it (alert webhooks). */
export class MockWebhook {
  readonly received: any[] = [];
  url = '';
  private server?: Server;

  async start(): Promise<this> {
    this.server = createServer(async (request, response) => {
      const pieces: Buffer[] = [];
      for await (const piece of request) pieces.push(piece as Buffer);
      if (request.method === 'POST') this.received.push(JSON.parse(Buffer.concat(pieces).toString('utf8')));
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
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

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
