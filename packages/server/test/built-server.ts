import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** The built server entry, as operators run it. Used by the embedded test and the browser tests. */
export const BUILT_MAIN = resolve(__dirname, '../dist/main.js');
const STARTUP_TIMEOUT_MS = 120_000;

export interface BuiltServer {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** A port nobody listens on right now (the OS picks it), so parallel runs never meet. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * Runs `node dist/main.js` (or `entry`, a script that starts it) with exactly the given environment
 * (plus PATH/HOME) and waits until it answers /api/status on its own port. `stop()` sends SIGTERM,
 * as an orchestrator would.
 */
export async function startBuiltServer(env: Record<string, string>, knownPort?: number, entry = BUILT_MAIN): Promise<BuiltServer> {
  if (!existsSync(BUILT_MAIN)) throw new Error(`${BUILT_MAIN} is missing: run "pnpm build" first`);
  const port = knownPort ?? (await freePort());
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const child = spawn(process.execPath, [entry], { env: { ...base, LOG_LEVEL: 'log', ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (hasExited(child)) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    // Ours answered (and not something else that took the port meanwhile).
    const answered = await fetch(`${url}/api/status`).then((reply) => reply.ok, () => false);
    if (answered && output.includes(`Listening on port ${port}`)) break;
    if (Date.now() - started > STARTUP_TIMEOUT_MS) throw new Error(`server did not start:\n${output}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    child,
    url,
    port,
    output: () => output,
    stop: async () => {
      if (hasExited(child)) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
