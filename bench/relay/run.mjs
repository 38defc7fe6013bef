// bench/relay: the relay against the same mock upstream called directly and through a bare
// undici pass-through proxy, non-streamed and streamed, at 1 and 50 connections. Prints
// throughput, p50/p99 latency, time to first byte and CPU per request of each, and the ratios.
//
//   pnpm build && pnpm --filter @gw/bench relay          (needs PostgreSQL and Redis on 127.0.0.1)
//   DURATION=10 CONNECTIONS=1,50 pnpm --filter @gw/bench relay
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool } from 'undici';

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = resolve(here, '../../packages/server/dist/main.js');
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DURATION_S = Number(process.env.DURATION ?? 8);
const WARMUP_S = 2;
const CONNECTIONS = (process.env.CONNECTIONS ?? '1,50').split(',').map(Number);
const CLOCK_TICKS = 100; // Linux USER_HZ
const MODEL = 'bench-model';

const freePort = () =>
  new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

/** utime + stime of a process, in milliseconds. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

async function forkReady(script, env) {
  const child = fork(script, { env: { ...process.env, ...env }, stdio: 'inherit' });
  await new Promise((done) => child.once('message', done));
  return child;
}

async function startGateway(env) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "pnpm build" first`);
  const port = await freePort();
  // PROFILE=dir writes a V8 CPU profile of the gateway there when it stops.
  const flags = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}`] : [];
  const child = spawn(process.execPath, [...flags, MAIN], { env: { PATH: process.env.PATH, ...env, PORT: String(port), LOG_LEVEL: 'warn' }, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    if (await fetch(`${url}/api/status`).then((reply) => reply.ok, () => false)) return { child, url };
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('the gateway did not start');
}

/** Signs in as root, prices the bench model, adds a channel to the mock, returns an sk- key. */
async function prepareGateway(gatewayUrl, upstreamUrl, database) {
  const login = await fetch(`${gatewayUrl}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: 'bench-root-pass' }) });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const call = async (method, path, body) => {
    const reply = await fetch(`${gatewayUrl}${path}`, { method, headers: { cookie, 'new-api-user': '1', 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await reply.json();
    if (!json.success) throw new Error(`${path}: ${json.message}`);
    return json.data;
  };
  await call('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ [MODEL]: 1 }) });
  await call('POST', '/api/channel/', { type: 1, name: 'bench', key: 'sk-upstream', base_url: upstreamUrl, models: MODEL, groups: ['default'] });
  await database.query('UPDATE users SET quota = 1000000000000 WHERE id = 1');
  const [token] = await call('POST', '/api/token/', { name: 'bench', unlimited_quota: true });
  return token.key;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** `connections` clients sending requests back to back for the duration; latencies in ms. */
async function load(url, path, headers, stream, connections, seconds) {
  const pool = new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  const body = JSON.stringify({ model: MODEL, stream, messages: [{ role: 'user', content: 'Say ten words.' }] });
  const latencies = [];
  const firstBytes = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const reply = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
        let first = true;
        for await (const piece of reply.body) {
          if (first) {
            firstBytes.push(performance.now() - start);
            first = false;
          }
          void piece;
        }
        if (reply.statusCode !== 200) errors += 1;
        latencies.push(performance.now() - start);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  await pool.close();
  latencies.sort((a, b) => a - b);
  firstBytes.sort((a, b) => a - b);
  return { count: latencies.length, errors, latencies, firstBytes };
}

async function scenario(target, stream, connections) {
  await load(target.url, target.path, target.headers, stream, connections, WARMUP_S);
  const cpuBefore = cpuMs(target.pid);
  const result = await load(target.url, target.path, target.headers, stream, connections, DURATION_S);
  const cpu = cpuMs(target.pid) - cpuBefore;
  return {
    rps: result.count / DURATION_S,
    p50: percentile(result.latencies, 50),
    p99: percentile(result.latencies, 99),
    ttfb50: percentile(result.firstBytes, 50),
    cpuPerRequest: cpu / Math.max(1, result.count),
    errors: result.errors,
  };
}

const fmt = (value, digits = 2) => (value === undefined ? '-' : value.toFixed(digits));

async function main() {
  const id = randomBytes(4).toString('hex');
  const database = `gw_bench_${id}`;
  const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-'));
  const children = [];
  let gatewayDb;
  try {
    const upstreamPort = await freePort();
    const upstream = await forkReady(join(here, 'mock-upstream.mjs'), { PORT: String(upstreamPort) });
    children.push(upstream);
    const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
    const proxyPort = await freePort();
    const proxy = await forkReady(join(here, 'bare-proxy.mjs'), { PORT: String(proxyPort), UPSTREAM: upstreamUrl });
    children.push(proxy);
    const gateway = await startGateway({
      DATABASE_URL: `${PG_URL}/${database}`,
      REDIS_URL,
      REDIS_PREFIX: `gwbench:${id}`,
      DATA_DIR: dataDir,
      INITIAL_ROOT_PASSWORD: 'bench-root-pass',
    });
    children.push(gateway.child);
    gatewayDb = new pg.Client({ connectionString: `${PG_URL}/${database}` });
    await gatewayDb.connect();
    const key = await prepareGateway(gateway.url, upstreamUrl, gatewayDb);

    const targets = [
      { name: 'direct (mock upstream)', url: upstreamUrl, path: '/v1/chat/completions', headers: {}, pid: upstream.pid },
      { name: 'bare undici proxy', url: `http://127.0.0.1:${proxyPort}`, path: '/v1/chat/completions', headers: {}, pid: proxy.pid },
      { name: 'gateway relay', url: gateway.url, path: '/v1/chat/completions', headers: { authorization: `Bearer ${key}` }, pid: gateway.child.pid },
    ];
    console.log(`bench/relay — ${DURATION_S} s per scenario after ${WARMUP_S} s warm-up; CPU is the serving process's user+system time.`);
    // Every process warms up on both kinds of request first (JIT, pools, holds), as a gateway in
    // service is warm; each scenario then has its own short warm-up too.
    for (const target of targets) for (const stream of [false, true]) await load(target.url, target.path, target.headers, stream, 10, WARMUP_S);
    const rows = [];
    const kinds = (process.env.KINDS ?? 'plain,stream').split(',').map((kind) => kind === 'stream');
    for (const stream of kinds) {
      for (const connections of CONNECTIONS) {
        const results = {};
        for (const target of targets) results[target.name] = await scenario(target, stream, connections);
        rows.push({ stream, connections, results });
        const proxyResult = results['bare undici proxy'];
        const relayResult = results['gateway relay'];
        const directResult = results['direct (mock upstream)'];
        console.log(`\n${stream ? 'streamed' : 'non-streamed'}, ${connections} connection(s)`);
        console.log('target                    req/s    p50 ms   p99 ms   ttfb p50 ms  CPU ms/req  errors');
        for (const target of targets) {
          const r = results[target.name];
          console.log(`${target.name.padEnd(24)} ${fmt(r.rps, 0).padStart(7)} ${fmt(r.p50).padStart(8)} ${fmt(r.p99).padStart(8)} ${fmt(r.ttfb50).padStart(12)} ${fmt(r.cpuPerRequest, 3).padStart(11)} ${String(r.errors).padStart(7)}`);
        }
        console.log(
          `relay / proxy throughput ${fmt(relayResult.rps / proxyResult.rps)}; added p50 vs proxy ${fmt(relayResult.p50 - proxyResult.p50)} ms; ` +
            `added ttfb p50 vs proxy ${fmt(relayResult.ttfb50 - proxyResult.ttfb50)} ms; relay vs direct p50 +${fmt(relayResult.p50 - directResult.p50)} ms`,
        );
      }
    }
  } finally {
    await gatewayDb?.end();
    for (const child of children) child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 1500));
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
