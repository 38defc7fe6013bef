import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBuiltServer } from './built-server';

/** The last step of `npm run serve`, which runs the built server as its child. */
const START_SERVER = resolve(__dirname, '../../../scripts/start-server.mjs');

const isListening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });

describe('scripts/start-server.mjs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-serve-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs the server with the node flags it is measured with (a 64 MB young generation)', async () => {
    const server = await startBuiltServer({ DATA_DIR: dataDir }, undefined, START_SERVER);
    try {
      const [serverPid] = readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, 'utf8').trim().split(' ');
      const argv = readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0');
      expect(argv).toContain('--max-semi-space-size=64');
      expect(argv.at(-2)).toMatch(/dist\/main\.js$/);
    } finally {
      const exited = new Promise((done) => server.child.once('exit', done));
      server.child.kill('SIGTERM');
      await exited;
    }
  }, 240_000);

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'passes %s on to the server, which stops and frees its port; the script exits 0',
    async (signal) => {
      const server = await startBuiltServer({ DATA_DIR: dataDir }, undefined, START_SERVER);
      const exited = new Promise<[number | null, string | null]>((done) => server.child.once('exit', (code, by) => done([code, by])));
      server.child.kill(signal);
      expect(await exited).toEqual([0, null]);
      // The script exits only after the server has: nothing is left on the port.
      expect(await isListening(server.port)).toBe(false);
    },
    240_000,
  );
});
