import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HttpDrain } from './http-drain';

describe('HttpDrain', () => {
  it('stops taking connections and waits for the requests in flight before shutdown goes on', async () => {
    const events: string[] = [];
    const server = createServer((_request, response) => {
      setTimeout(() => {
        events.push('answered');
        response.end('done');
      }, 300);
    });
    const drain = new HttpDrain();
    drain.install(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    const inFlight = fetch(url).then((reply) => reply.text());
    await new Promise((done) => setTimeout(done, 50));
    await drain.onModuleDestroy();
    events.push('drained');

    expect(events).toEqual(['answered', 'drained']);
    expect(await inFlight).toBe('done');
    await expect(fetch(url)).rejects.toThrow();
  });

  it('returns at once when nothing is running, and without a server', async () => {
    await new HttpDrain().onModuleDestroy();
    const server = createServer((_request, response) => response.end());
    const drain = new HttpDrain();
    drain.install(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    // With nothing running it must not sit out its 20 s drain limit (the test's own limit is 5 s).
    await drain.onModuleDestroy();
    expect(server.listening).toBe(false);
  });
});
