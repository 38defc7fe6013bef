// What every benchmark needs: free ports, CPU time of a process, forked helpers, the built server
// started on a fresh PostgreSQL database, and a root session to call the console API with.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../../scripts/start-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = resolve(here, '../../packages/server/dist/main.js');
export const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const ROOT_PASSWORD = 'bench-root-pass';
const CLOCK_TICKS = 100; // Linux USER_HZ

export const freePort = () =>
  new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** utime + stime of a process, in milliseconds. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** VmRSS of a process in MB. */
export const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Forks a helper script that sends a message once it listens. */
export async function forkReady(script, env) {
  const child = fork(script, { env: { ...process.env, ...env }, stdio: 'inherit' });
  await new Promise((done) => child.once('message', done));
  return child;
}

/** Starts the built server with `env`, with the node flags it ships with; `flags` are more node flags for it. */
export async function startGateway(env, flags = []) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "pnpm build" first`);
  const port = await freePort();
  // LOG_FORMAT=json measures the gateway with its request-scoped JSON logs (docs/observability.md).
  const logFormat = process.env.LOG_FORMAT ? { LOG_FORMAT: process.env.LOG_FORMAT } : {};
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags, MAIN], { env: { PATH: process.env.PATH, ...env, ...logFormat, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (await fetch(`${url}/api/status`).then((reply) => reply.ok, () => false)) return { child, url };
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the gateway did not start');
}

/**
 * A fresh database, a data directory and the environment of a server using them (with Redis);
 * `cleanup()` drops and removes both (the database stays with KEEP_DATABASE=1).
 */
export async function benchEnvironment(name) {
  const id = randomBytes(4).toString('hex');
  const database = `gw_bench_${name}_${id}`;
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const dataDir = mkdtempSync(join(tmpdir(), `gw-bench-${name}-`));
  return {
    dataDir,
    databaseUrl: `${PG_URL}/${database}`,
    env: { DATABASE_URL: `${PG_URL}/${database}`, REDIS_URL, REDIS_PREFIX: `gwbench:${id}`, DATA_DIR: dataDir, INITIAL_ROOT_PASSWORD: ROOT_PASSWORD },
    async cleanup() {
      // KEEP_DATABASE=1 leaves the database for a closer look (EXPLAIN, psql); drop it by hand.
      if (process.env.KEEP_DATABASE) console.log(`Database kept: ${PG_URL}/${database}`);
      else await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in as root and lets channels reach loopback: every bench's mock upstream listens on
 * 127.0.0.1, and ChannelPrivateAddressEnabled is off in the product (docs/security.md). Returns
 * the session headers and `call(method, path, body)` resolving to the envelope's data.
 */
export async function signInRoot(url) {
  const login = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }) });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const headers = { cookie, 'new-api-user': '1' };
  const call = async (method, path, body) => {
    const raw = body instanceof FormData || body === undefined;
    const reply = await fetch(`${url}${path}`, { method, headers: raw ? headers : { ...headers, 'content-type': 'application/json' }, body: raw ? body : JSON.stringify(body) });
    const envelope = await reply.json();
    if (!envelope.success) throw new Error(`${path}: ${envelope.message}`);
    return envelope.data;
  };
  await call('PUT', '/api/option/', { key: 'ChannelPrivateAddressEnabled', value: 'true' });
  return { headers, call };
}
