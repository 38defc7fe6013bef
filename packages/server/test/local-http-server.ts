import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 at a free port: the base of the tests' stand-ins for what lies
 * outside the product (upstream providers, billing APIs, webhooks). Subclasses answer in `handle`.
 */
export abstract class LocalHttpServer {
  url = '';
  private server?: Server;

  protected abstract handle(request: IncomingMessage, response: ServerResponse): void | Promise<void>;

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
