// bench/chat: the compare chat against the relay alone. SENDS compare sends (default 100) of three
// models each — 300 streams at once — go to the gateway's console chat call (conversation_id,
// persisted rows, history built by the server), ROUNDS times in a row so that later rounds carry
// history; the same 300 streams also go to the plain relay with an sk- token. The mock upstream
// answers at once, so what is measured is the gateway. Prints the first-token time (request sent →
// first content chunk received) at p50 and p99 for both, the difference (what the compare chat
// adds), and the gateway's CPU per answer. Then the same for SINGLE sends one after another (three
// streams at once, default 50): the added time of the path itself, without 300 streams queueing
// for the CPU.
//
// Runs differ by ±20 ms at p50 and ±60 ms at p99 on a 2-core machine (the bench, the gateway,
// PostgreSQL and the mock share it): RUNS=12 repeats the whole measurement on a fresh gateway and
// database and prints the mean and range of the added times.
//
//   pnpm build && pnpm --filter @gw/bench chat          (needs PostgreSQL and Redis on 127.0.0.1)
//   SENDS=50 ROUNDS=5 pnpm --filter @gw/bench chat
//   RUNS=12 pnpm --filter @gw/bench chat
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool } from 'undici';
import { benchEnvironment, cpuMs, forkReady, freePort, signInRoot, startGateway } from '../lib/gateway.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SENDS = Number(process.env.SENDS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SINGLE = Number(process.env.SINGLE ?? 50);
const RUNS = Number(process.env.RUNS ?? 1);
const MODELS = ['bench-a', 'bench-b', 'bench-c'];
const CONTENT = '"content":"';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (value, digits = 2) => value.toFixed(digits);

/** One streamed request: ms to the first content chunk, and whether it ended well. */
async function stream(pool, headers, body) {
  const start = performance.now();
  const reply = await pool.request({ path: '/v1/chat/completions', method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  let firstToken;
  let text = '';
  for await (const piece of reply.body) {
    if (firstToken === undefined) {
      text += piece.toString();
      if (text.includes(CONTENT)) firstToken = performance.now() - start;
    }
  }
  return { firstToken: firstToken ?? Number.NaN, ok: reply.statusCode === 200 && firstToken !== undefined };
}

/** Every request of `bodies` at once; first-token times sorted, errors counted, gateway CPU per answer. */
async function wave(pool, pid, headers, bodies) {
  const cpuBefore = cpuMs(pid);
  const results = await Promise.all(bodies.map((body) => stream(pool, headers, body).catch(() => ({ firstToken: Number.NaN, ok: false }))));
  const cpu = cpuMs(pid) - cpuBefore;
  const times = results.filter((result) => result.ok).map((result) => result.firstToken).sort((a, b) => a - b);
  return { times, errors: results.length - times.length, cpuPerAnswer: cpu / bodies.length };
}

function summarise(label, waves) {
  const times = waves.flatMap((result) => result.times).sort((a, b) => a - b);
  const errors = waves.reduce((sum, result) => sum + result.errors, 0);
  const cpu = waves.reduce((sum, result) => sum + result.cpuPerAnswer, 0) / waves.length;
  console.log(`${label.padEnd(26)} ${fmt(percentile(times, 50)).padStart(10)} ${fmt(percentile(times, 99)).padStart(10)} ${fmt(cpu, 3).padStart(14)} ${String(errors).padStart(7)}`);
  return { p50: percentile(times, 50), p99: percentile(times, 99), cpu };
}

/** One measurement on a fresh gateway and database: the added first-token times (ms) and CPU per answer. */
async function measure() {
  const environment = await benchEnvironment('chat');
  const children = [];
  let database;
  try {
    const upstreamPort = await freePort();
    const upstream = await forkReady(join(here, '../relay/mock-upstream.mjs'), { PORT: String(upstreamPort) });
    children.push(upstream);
    // PROFILE=dir writes a V8 CPU profile of the gateway there when it stops.
    const gateway = await startGateway(environment.env, process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}`] : []);
    children.push(gateway.child);
    database = new pg.Client({ connectionString: environment.databaseUrl });
    await database.connect();

    const { headers, call } = await signInRoot(gateway.url);
    await call('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify(Object.fromEntries(MODELS.map((model) => [model, 1]))) });
    await call('POST', '/api/channel/', { type: 1, name: 'bench', key: 'sk-upstream', base_url: `http://127.0.0.1:${upstreamPort}`, models: MODELS.join(','), groups: ['default'] });
    await database.query('UPDATE users SET quota = 1000000000000 WHERE id = 1');
    const [token] = await call('POST', '/api/token/', { name: 'bench', unlimited_quota: true });

    const columns = [];
    for (let send = 0; send < SENDS; send++) {
      const talking = await call('POST', '/relay/v1/talking/', { name: `基准 ${send}`, summary: '' });
      const conversations = await call('POST', '/relay/v1/conversation/', MODELS.map((model_name) => ({ talking_id: talking.id, model_name })));
      for (const conversation of conversations) columns.push({ talking_id: talking.id, conversation_id: conversation.id, model: conversation.model_name });
    }

    const pool = new Pool(gateway.url, { connections: columns.length, pipelining: 1, keepAliveTimeout: 60_000 });
    const question = (round) => [{ role: 'user', content: `第 ${round + 1} 轮：用十个词回答。` }];
    const relayBodies = (round) => columns.map((column) => ({ model: column.model, stream: true, messages: question(round) }));
    const compareBodies = (round) => columns.map((column) => ({ ...column, stream: true, stream_options: { include_usage: true }, messages: question(round) }));
    const relayHeaders = { authorization: `Bearer ${token.key}` };

    // Warm-up: JIT, pools, caches — a gateway in service is warm.
    await wave(pool, gateway.child.pid, relayHeaders, relayBodies(0).slice(0, 60));

    const relayWaves = [];
    const compareWaves = [];
    for (let round = 0; round < ROUNDS; round++) {
      relayWaves.push(await wave(pool, gateway.child.pid, relayHeaders, relayBodies(round)));
      compareWaves.push(await wave(pool, gateway.child.pid, headers, compareBodies(round)));
    }
    // One send (its three columns) at a time, on the first talking: later sends carry a long history.
    const singleRelay = [];
    const singleCompare = [];
    for (let send = 0; send < SINGLE; send++) {
      singleRelay.push(await wave(pool, gateway.child.pid, relayHeaders, relayBodies(ROUNDS + send).slice(0, MODELS.length)));
      singleCompare.push(await wave(pool, gateway.child.pid, headers, compareBodies(ROUNDS + send).slice(0, MODELS.length)));
    }
    await pool.close();

    console.log(`bench/chat — ${SENDS} compare sends × ${MODELS.length} models = ${columns.length} streams at once, ${ROUNDS} rounds; mock upstream answers at once.`);
    console.log('path                       ftt p50 ms ftt p99 ms  CPU ms/answer  errors');
    const relay = summarise('relay alone (sk- token)', relayWaves);
    const compare = summarise('compare chat (session)', compareWaves);
    const added = { p50: compare.p50 - relay.p50, p99: compare.p99 - relay.p99, cpu: compare.cpu - relay.cpu };
    console.log(`added first-token time per column: p50 ${fmt(added.p50)} ms, p99 ${fmt(added.p99)} ms; added CPU per answer ${fmt(added.cpu, 3)} ms`);
    let single;
    if (SINGLE > 0) {
      console.log(`\n${SINGLE} single sends one after another (${MODELS.length} streams at once)`);
      console.log('path                       ftt p50 ms ftt p99 ms  CPU ms/answer  errors');
      const lone = summarise('relay alone (sk- token)', singleRelay);
      const chat = summarise('compare chat (session)', singleCompare);
      single = { p50: chat.p50 - lone.p50, p99: chat.p99 - lone.p99 };
      console.log(`added first-token time per column: p50 ${fmt(single.p50)} ms, p99 ${fmt(single.p99)} ms`);
    }
    const stored = await database.query(`SELECT count(*)::int AS rows, count(*) FILTER (WHERE status = 'done')::int AS done FROM chat_messages`);
    const expected = columns.length * ROUNDS + MODELS.length * SINGLE;
    console.log(`message rows stored ${stored.rows[0].rows} (done ${stored.rows[0].done}), expected ${expected}`);
    if (stored.rows[0].done !== expected) throw new Error(`only ${stored.rows[0].done} of ${expected} answers were stored done`);
    return { added, single };
  } finally {
    await database?.end();
    for (const child of children) child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 1500));
    await environment.cleanup();
  }
}

/** "mean (min to max)" of one figure over the runs. */
function spread(values) {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return `${fmt(mean)} (${fmt(Math.min(...values))} to ${fmt(Math.max(...values))})`;
}

async function main() {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    if (RUNS > 1) console.log(`\n— run ${run + 1} of ${RUNS}`);
    runs.push(await measure());
  }
  if (RUNS === 1) return;
  console.log(`\nover ${RUNS} runs, mean (min to max), ms added by the compare chat per column:`);
  console.log(`  ${SENDS * MODELS.length} streams at once: first token p50 ${spread(runs.map((run) => run.added.p50))}, p99 ${spread(runs.map((run) => run.added.p99))}; CPU per answer ${spread(runs.map((run) => run.added.cpu))}`);
  if (SINGLE > 0) console.log(`  one send at a time: first token p50 ${spread(runs.map((run) => run.single.p50))}, p99 ${spread(runs.map((run) => run.single.p99))}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
