// bench/soak: STREAMS clients (default 1000) each streaming slow answers back to back through the
// gateway for SOAK_MINUTES (default 10), against an upstream that sends a word every CHUNK_MS
// (default 500 ms, 20 words: 10 s an answer). Every SAMPLE_S seconds it prints the gateway's RSS,
// the streams open and the answers so far; at the end the statuses, errors, the logged rows (read
// after the gateway stopped, so every batch is written) and whether memory stayed flat: RSS swings
// with each garbage collection, so its floor (lowest sample) over the last three minutes is held
// against its floor over minutes 1–4, within 10%.
//
//   pnpm build && pnpm --filter @gw/bench soak           (needs PostgreSQL and Redis on 127.0.0.1)
//   SOAK_MINUTES=2 STREAMS=200 pnpm --filter @gw/bench soak
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool } from 'undici';
import { benchEnvironment, cpuMs, forkReady, freePort, rssMb, signInRoot, startGateway } from '../lib/gateway.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const STREAMS = Number(process.env.STREAMS ?? 1000);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_S = Number(process.env.SAMPLE_S ?? 15);
const MODEL = 'soak-model';

const environment = await benchEnvironment('soak');
const upstreamPort = await freePort();
const upstream = await forkReady(join(here, 'slow-upstream.mjs'), { PORT: String(upstreamPort) });
// GATEWAY_FLAGS: more node flags for the gateway (e.g. --max-semi-space-size=16, V8's default, to compare).
const gateway = await startGateway({ ...environment.env, RATE_LIMIT_API: '1000000' }, process.env.GATEWAY_FLAGS?.split(' ').filter(Boolean) ?? []);
const database = new pg.Client({ connectionString: environment.databaseUrl });
await database.connect();

const { call } = await signInRoot(gateway.url);
await call('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ [MODEL]: 1 }) });
await call('POST', '/api/channel/', { type: 1, name: 'soak', key: 'sk-upstream', base_url: `http://127.0.0.1:${upstreamPort}`, models: MODEL, groups: ['default'] });
await database.query('UPDATE users SET quota = 1000000000000 WHERE id = 1');
const [token] = await call('POST', '/api/token/', { name: 'soak', unlimited_quota: true });

const pool = new Pool(gateway.url, { connections: STREAMS, pipelining: 1, keepAliveTimeout: 60_000, bodyTimeout: 120_000, headersTimeout: 120_000 });
const body = JSON.stringify({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'Say twenty words.' }] });
const headers = { 'content-type': 'application/json', authorization: `Bearer ${token.key}` };
const statuses = new Map();
let open = 0;
let answers = 0;
let incomplete = 0;
let errors = 0;
const end = performance.now() + MINUTES * 60_000;

const client = async () => {
  while (performance.now() < end) {
    open += 1;
    try {
      const reply = await pool.request({ path: '/v1/chat/completions', method: 'POST', headers, body });
      statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
      const text = await reply.body.text();
      if (reply.statusCode === 200) {
        if (text.trimEnd().endsWith('data: [DONE]')) answers += 1;
        else incomplete += 1;
      }
    } catch {
      errors += 1;
    } finally {
      open -= 1;
    }
  }
};

const samples = [];
const started = performance.now();
const cpuStart = cpuMs(gateway.child.pid);
const sampler = setInterval(() => {
  const sample = { minute: (performance.now() - started) / 60_000, rss: rssMb(gateway.child.pid), open, answers };
  samples.push(sample);
  console.log(`${sample.minute.toFixed(1).padStart(5)} min  RSS ${sample.rss.toFixed(0).padStart(5)} MB  open ${String(open).padStart(5)}  answers ${answers}`);
}, SAMPLE_S * 1000);

console.log(`Soak: ${STREAMS} streams for ${MINUTES} min, a word every ${process.env.CHUNK_MS ?? 500} ms`);
await Promise.all(Array.from({ length: STREAMS }, client));
clearInterval(sampler);
const cpuSeconds = (cpuMs(gateway.child.pid) - cpuStart) / 1000;

await pool.close();
gateway.child.kill('SIGTERM');
await new Promise((done) => gateway.child.once('exit', done));
upstream.kill();
const [books] = (await database.query(`SELECT count(*)::integer AS logs, (SELECT count(*)::integer FROM quota_holds) AS holds FROM logs WHERE type = 2`)).rows;
const floor = (from, to) => Math.min(...samples.filter((sample) => sample.minute >= from && sample.minute < to).map((sample) => sample.rss));
const early = floor(1, 4);
const late = floor(Math.max(4, MINUTES - 3), MINUTES + 1);
const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
const flat = late <= early * 1.1;
const pass = fiveHundreds === 0 && flat && incomplete === 0 && errors === 0 && books.logs === answers && books.holds === 0;

console.log('');
console.log(`Answers whole: ${answers}, cut short: ${incomplete}, client errors: ${errors}`);
console.log(`Statuses: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`);
console.log(`Logged consumption rows: ${books.logs}, holds left: ${books.holds}`);
console.log(`Gateway RSS: floor of minutes 1–4 ${early.toFixed(0)} MB, floor of the last 3 minutes ${late.toFixed(0)} MB, max ${Math.max(...samples.map((s) => s.rss)).toFixed(0)} MB`);
console.log(`Gateway CPU: ${cpuSeconds.toFixed(0)} s over ${MINUTES} min (${((cpuSeconds / (MINUTES * 60)) * 100).toFixed(0)}% of a core), ${((cpuSeconds * 1000) / Math.max(1, answers)).toFixed(1)} ms per answer`);
console.log(`Verdict: ${pass ? 'PASS' : 'FAIL'} (5xx ${fiveHundreds}, memory ${flat ? 'flat' : 'grew'})`);

await database.end();
await environment.cleanup();
process.exit(pass ? 0 : 1);
