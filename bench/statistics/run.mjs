// bench/statistics: statistics, monitor and dashboard over LOGS generated log rows (default
// 10,000,000) spread over the last 30 days in PostgreSQL (issue 17). The rows are written straight
// into `logs` by SQL (generate_series), as the relay's writer would have: 200 users with two tokens
// each, 20 models, 10 channels, 3 instances, 5 % errors. Then, against the built server:
//   1. the roll-up of every row (POST /api/statistics/refresh): seconds and log rows per second;
//   2. each statistics, monitor and dashboard call over a 30-day range (and the monitor's minutes
//      over the last day), ROUNDS times each: p50 and p95 in ms;
//   3. each export of the 30-day range: seconds and size;
//   4. the roll-up of a further batch of fresh logs (the steady state: rows per second);
//   5. DELETE /api/log/ of one month of logs (MONTH_LOGS rows, default 1,000,000): seconds.
//
//   pnpm build && pnpm --filter @gw/bench statistics     (needs PostgreSQL and Redis on 127.0.0.1)
//   LOGS=1000000 ROUNDS=20 pnpm --filter @gw/bench statistics
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Agent, fetch as undiciFetch } from 'undici';
import { benchEnvironment, signInRoot, startGateway } from '../lib/gateway.mjs';

const LOGS = Number(process.env.LOGS ?? 10_000_000);
const MONTH_LOGS = Number(process.env.MONTH_LOGS ?? 1_000_000);
const FRESH_LOGS = Number(process.env.FRESH_LOGS ?? 300_000);
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const INSERT_BATCH = 1_000_000;
const DAY = 86400;

const fmt = (value, digits = 1) => value.toFixed(digits);
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** `count` log rows from `from` to `to` (unix seconds), numbered from `offset` (the spread of users, models, … follows the number). */
function insertLogs(db, count, offset, from, to) {
  return db.query(
    `INSERT INTO logs (created_at, type, user_id, username, token_id, token_name, channel, channel_name, model_name, resp_model_name, "group",
                       quota, prompt_tokens, completion_tokens, cache_read_input_tokens, use_time, use_time_ms, is_stream, status_code, other, instance)
     SELECT $3::bigint + (n * 7919) % ($4::bigint - $3::bigint),
            CASE WHEN n % 20 = 0 THEN 5 ELSE 2 END,
            1000 + n % 200, 'user' || (n % 200), 10000 + n % 400, 'token' || (n % 400),
            1 + n % 10, 'channel-' || (1 + n % 10), 'model-' || (n % 20), 'model-' || (n % 20), 'default',
            CASE WHEN n % 20 = 0 THEN 0 ELSE 150 + n % 500 END,
            CASE WHEN n % 20 = 0 THEN 0 ELSE 100 + n % 900 END, CASE WHEN n % 20 = 0 THEN 0 ELSE 20 + n % 300 END, 0,
            1 + n % 9, 500 + n % 9000, n % 3 = 0, CASE WHEN n % 20 = 0 THEN 502 ELSE 200 END,
            CASE WHEN n % 20 = 0 THEN '{}' ELSE '{"frt":' || (100 + n % 2000) || ',"model_ratio":0.5,"completion_ratio":2,"group_ratio":1,"cache_ratio":0.1,"cache_creation_ratio":1.25,"audio_ratio":1}' END,
            'gw-' || (n % 3)
       FROM generate_series($1::bigint, $2::bigint) AS n`,
    [offset, offset + count - 1, from, to],
  );
}

async function timed(label, work) {
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  return { label, seconds, result };
}

const environment = await benchEnvironment('statistics');
const gateway = await startGateway(environment.env);
try {
  const db = new pg.Client({ connectionString: environment.databaseUrl });
  db.on('error', () => undefined); // the database is dropped at the end, with this client in it
  await db.connect();
  const { call, headers } = await signInRoot(gateway.url);
  // Rolling up millions of rows takes longer than fetch's 5-minute wait for response headers.
  const patient = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
  const refresh = async () => {
    const reply = await undiciFetch(`${gateway.url}/api/statistics/refresh`, { method: 'POST', headers, dispatcher: patient });
    const envelope = await reply.json();
    if (!envelope.success) throw new Error(`refresh: ${envelope.message}`);
    return envelope.data;
  };
  const now = Math.floor(Date.now() / 1000);
  const start = now - 30 * DAY;

  // 1. Generation and the first roll-up.
  const generation = await timed('generate', async () => {
    for (let done = 0; done < LOGS; done += INSERT_BATCH) await insertLogs(db, Math.min(INSERT_BATCH, LOGS - done), done, start, now - 60);
    await db.query('ANALYZE logs');
  });
  console.log(`Generated ${LOGS.toLocaleString('en')} log rows over 30 days in ${fmt(generation.seconds)} s`);
  const first = await timed('roll-up', refresh);
  const [{ rollups }] = (await db.query('SELECT count(*)::int AS rollups FROM usage_rollups')).rows;
  console.log(`Roll-up of every row: ${fmt(first.seconds)} s, ${Math.round(LOGS / first.seconds).toLocaleString('en')} log rows/s → ${rollups.toLocaleString('en')} roll-up rows`);
  await db.query('ANALYZE usage_rollups');

  // 2. The calls.
  const range = { startTime: start, endTime: now };
  const monitorRange = { startTime: start, endTime: now, monitorType: 1 };
  const get = (path, query) => () => call('GET', `${path}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`);
  const post = (path, body) => () => call('POST', path, body);
  const calls = [
    ['GET /api/statistics (detail, 30 days by day)', get('/api/statistics', range)],
    ['GET /api/statistics (detail, 30 days by hour)', get('/api/statistics', { ...range, date_type: 'hour' })],
    ['GET /api/statistics (one user, one model)', get('/api/statistics', { ...range, username: 'user7', modelName: 'model-7' })],
    ['GET /api/statistics (abnormal only)', get('/api/statistics', { ...range, abnormal: true })],
    ['GET /api/statistics/groupByUserPage', get('/api/statistics/groupByUserPage', range)],
    ['GET /api/statistics/groupByTokenPage', get('/api/statistics/groupByTokenPage', range)],
    ['GET /api/statistics/instances', get('/api/statistics/instances', {})],
    ['POST /api/monitor/self (upstream, 30 days by hour)', post('/api/monitor/self', { ...monitorRange, timeType: 2 })],
    ['POST /api/monitor/self (upstream, 30 days by day)', post('/api/monitor/self', { ...monitorRange, timeType: 3 })],
    ['POST /api/monitor/self (upstream, last day by minute)', post('/api/monitor/self', { ...monitorRange, startTime: now - DAY + 60, timeType: 1 })],
    ['POST /api/monitor/self (downstream of one user, 30 days by hour)', post('/api/monitor/self', { startTime: start, endTime: now, monitorType: 2, timeType: 2, userId: 1007 })],
    ['GET /api/monitor/channels', get('/api/monitor/channels', { timeType: 2, start_time: start, end_time: now, monitor_type: 1 })],
    ['GET /api/monitor/models', get('/api/monitor/models', { timeType: 2, start_time: start, end_time: now, monitor_type: 1 })],
    ['GET /api/data/ (everyone, 30 days by day)', get('/api/data/', { start_timestamp: start, end_timestamp: now, time_granularity: 'day' })],
    ['GET /api/data/ (everyone, 30 days by hour)', get('/api/data/', { start_timestamp: start, end_timestamp: now, time_granularity: 'hour' })],
    ['GET /api/data/ (everyone, 30 days by week)', get('/api/data/', { start_timestamp: start, end_timestamp: now, time_granularity: 'week' })],
  ];
  console.log(`\nCalls over the 30-day range (${ROUNDS} rounds each, after one warm-up):`);
  console.log('| call | p50 ms | p95 ms | rows |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [label, run] of calls) {
    const first = await run();
    const times = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    const rows = Array.isArray(first) ? first.length : (first.items ?? first.points ?? []).length;
    console.log(`| ${label} | ${fmt(percentile(times, 50))} | ${fmt(percentile(times, 95))} | ${rows} |`);
  }

  // 3. The exports.
  console.log('\nExports of the 30-day range:');
  for (const path of ['/api/statistics/export', '/api/statistics/exportUser', '/api/statistics/exportToken']) {
    const started = performance.now();
    const reply = await fetch(`${gateway.url}${path}?startTime=${start}&endTime=${now}`, { headers });
    const body = Buffer.from(await reply.arrayBuffer());
    console.log(`  ${path}: ${fmt((performance.now() - started) / 1000, 2)} s, ${(body.length / 1024).toFixed(0)} KiB (HTTP ${reply.status})`);
  }

  // 4. Steady state: fresh logs of the last minutes, rolled up.
  await insertLogs(db, FRESH_LOGS, LOGS, now - 600, now);
  const steady = await timed('fresh', refresh);
  console.log(`\nRoll-up of ${FRESH_LOGS.toLocaleString('en')} fresh log rows: ${fmt(steady.seconds, 2)} s, ${Math.round(FRESH_LOGS / steady.seconds).toLocaleString('en')} log rows/s`);

  // 5. One month of logs deleted.
  const date = new Date(now * 1000);
  const monthStart = (back) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1) / 1000;
  await db.query('SELECT gw_ensure_log_partition($1)', [monthStart(3)]);
  await insertLogs(db, MONTH_LOGS, LOGS + FRESH_LOGS, monthStart(3), monthStart(2) - 1);
  await db.query('ANALYZE logs');
  await refresh();
  const deletion = await timed('delete', () => call('DELETE', `/api/log/?target_timestamp=${monthStart(2)}`));
  console.log(`DELETE /api/log/ of one month (${MONTH_LOGS.toLocaleString('en')} rows): ${fmt(deletion.seconds, 3)} s, ${deletion.result.toLocaleString('en')} rows reported`);
  await db.end();
} finally {
  gateway.child.kill('SIGTERM');
  await new Promise((done) => gateway.child.once('exit', done));
  await environment.cleanup();
}
