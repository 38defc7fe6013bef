import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';

/** Longest wait for requests still running at shutdown; compose gives the app 30 s after SIGTERM. */
const DRAIN_TIMEOUT_MS = 20_000;

/**
 * Lets requests in flight finish before the rest of shutdown runs. Nest's shutdown hooks run
 * before it closes the HTTP server, so without this a relay call still streaming at SIGTERM would
 * settle its quota and queue its log row after the ledger and the log writer had written their
 * last batch, and both would be lost. Destroy hooks run first: here the server stops taking new
 * connections and this waits for the running requests (up to DRAIN_TIMEOUT_MS).
 */
@Injectable()
export class HttpDrain implements OnModuleDestroy {
  private readonly logger = new Logger(HttpDrain.name);
  private server?: Server;
  private running = 0;
  private idle?: () => void;

  /** Counts every request of the server, whoever serves it. */
  install(server: Server): void {
    this.server = server;
    const listeners = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.running += 1;
      response.once('close', () => {
        this.running -= 1;
        if (this.running === 0) this.idle?.();
      });
      for (const listener of listeners) listener(request, response);
    });
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.server) return;
    this.server.close(); // no new connections; idle keep-alive ones are closed
    if (this.running === 0) return;
    this.logger.log(`Waiting for ${this.running} request(s) to finish`);
    const drained = await new Promise<boolean>((done) => {
      const timer = setTimeout(() => done(false), DRAIN_TIMEOUT_MS);
      this.idle = () => {
        clearTimeout(timer);
        done(true);
      };
    });
    if (!drained) this.logger.warn(`${this.running} request(s) still running after ${DRAIN_TIMEOUT_MS / 1000} s; shutting down anyway`);
  }
}
