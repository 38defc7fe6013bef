// A constant-arrival load generator in its own process (forked by fixed-rate.mjs): request i is
// due at start + i / rate, whatever happened to the earlier ones, and its latency is counted from
// that due time, so a slow answer that holds up the requests behind it shows in their latencies
// too (no coordinated omission). At most CONNECTIONS requests are in flight on keep-alive
// connections; the rest wait in undici's queue, their wait counted. Latencies go into an HDR
// histogram (µs, 3 significant digits); the summary goes back to the parent over IPC.
import { performance } from 'node:perf_hooks';
import * as hdr from 'hdr-histogram-js';
import { Pool } from 'undici';

const { origin, path, headers, body, rate, seconds, connections } = JSON.parse(process.env.LOAD);
const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
const histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: 3 });
const requestHeaders = { 'content-type': 'application/json', ...headers };
const total = Math.round(rate * seconds);
const intervalMs = 1000 / rate;
let errors = 0;
/** What went wrong, by HTTP status or error code: the parent prints it beside the run. */
const errorKinds = {};
const failed = (kind) => {
  errors += 1;
  errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
};
let done = 0;
let allDone;
const finished = new Promise((resolve) => (allDone = resolve));

async function send(due) {
  try {
    const reply = await pool.request({ path, method: 'POST', headers: requestHeaders, body });
    for await (const piece of reply.body) void piece;
    if (reply.statusCode !== 200) failed(`HTTP ${reply.statusCode}`);
  } catch (error) {
    failed(error.code ?? error.name ?? 'error');
  }
  histogram.recordValue(Math.max(1, Math.round((performance.now() - due) * 1000)));
  if (++done === total) allDone();
}

const start = performance.now() + 20;
let next = 0;
/** Sends every request that is due, then sleeps until the next one is. */
function tick() {
  const now = performance.now();
  while (next < total && start + next * intervalMs <= now) {
    void send(start + next * intervalMs);
    next += 1;
  }
  if (next < total) setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
}
setTimeout(tick, 20);
await finished;
const elapsedS = (performance.now() - start) / 1000;
const ms = (value) => value / 1000;
process.send({
  sent: total,
  achieved: total / elapsedS,
  errors,
  errorKinds,
  p50: ms(histogram.getValueAtPercentile(50)),
  p99: ms(histogram.getValueAtPercentile(99)),
  p999: ms(histogram.getValueAtPercentile(99.9)),
  max: ms(histogram.maxValue),
});
await pool.close();
