// A constant-arrival load generator in its own process (forked by fixed-rate.mjs): request i is
// due at start + i / rate, whatever happened to the earlier ones, and its latency is counted from
// that due time, so a slow answer that holds up the requests behind it shows in their latencies
// too (no coordinated omission). At most CONNECTIONS requests are in flight on keep-alive
// connections; the rest wait in undici's queue, their wait counted. The first `warmup` seconds are
// sent at the same rate but not recorded: the generator's own code, its connections and the
// target are warm when the window starts (a fresh generator's first requests take tens of ms). It
// tells the parent when the window starts, so that the parent can read the target's counters then.
// Latencies go into an HDR histogram (µs, 3 significant digits); the summary goes back to the
// parent over IPC.
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import * as hdr from 'hdr-histogram-js';
import { Pool } from 'undici';

// The load arrives over IPC (a long prompt is more than an environment variable may hold).
const { origin, path, headers, body, longBody, longEvery, rate, seconds, warmup, connections } = await new Promise((given) => process.once('message', given));
const pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
const histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: 3 });
/** The gateway's own X-Gateway-Overhead-Ms, when it sends it (OVERHEAD=1 in fixed-rate.mjs). */
const overhead = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: 3 });
const requestHeaders = { 'content-type': 'application/json', ...headers };
const warmupCount = Math.round(rate * warmup);
const total = warmupCount + Math.round(rate * seconds);
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

/** Every `longEvery`-th request carries the long prompt, when there is one. */
const bodyOf = (index) => (longBody && index % longEvery === longEvery - 1 ? longBody : body);

async function send(due, recorded, index) {
  try {
    const reply = await pool.request({ path, method: 'POST', headers: requestHeaders, body: bodyOf(index) });
    const overheadMs = reply.headers['x-gateway-overhead-ms'];
    if (overheadMs !== undefined && recorded) overhead.recordValue(Math.max(1, Math.round(Number(overheadMs) * 1000)));
    for await (const piece of reply.body) void piece;
    if (reply.statusCode !== 200 && recorded) failed(`HTTP ${reply.statusCode}`);
  } catch (error) {
    if (recorded) failed(error.code ?? error.name ?? 'error');
  }
  if (recorded) histogram.recordValue(Math.max(1, Math.round((performance.now() - due) * 1000)));
  if (++done === total) allDone();
}

/** The generator's own stalls: a late generator looks like a slow target, so the parent prints them. */
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
const gc = { ms: 0, count: 0, window: false };
new PerformanceObserver((list) => {
  if (!gc.window) return;
  for (const entry of list.getEntries()) {
    gc.ms += entry.duration;
    gc.count += 1;
  }
}).observe({ entryTypes: ['gc'] });
let windowStart;
function startWindow() {
  windowStart = start + warmupCount * intervalMs;
  loopDelay.enable();
  gc.window = true;
  process.send({ measuring: true });
}
const start = performance.now() + 20;
let next = 0;
/** Sends every request that is due, then sleeps until the next one is. */
function tick() {
  const now = performance.now();
  while (next < total && start + next * intervalMs <= now) {
    if (next === warmupCount) startWindow();
    void send(start + next * intervalMs, next >= warmupCount, next);
    next += 1;
  }
  if (next < total) setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
}
setTimeout(tick, 20);
await finished;
const elapsedS = (performance.now() - windowStart) / 1000;
const ms = (value) => value / 1000;
process.send({
  sent: total - warmupCount,
  achieved: (total - warmupCount) / elapsedS,
  errors,
  errorKinds,
  p50: ms(histogram.getValueAtPercentile(50)),
  p99: ms(histogram.getValueAtPercentile(99)),
  p999: ms(histogram.getValueAtPercentile(99.9)),
  max: ms(histogram.maxValue),
  overhead: overhead.totalCount > 0 ? { p50: ms(overhead.getValueAtPercentile(50)), p99: ms(overhead.getValueAtPercentile(99)), max: ms(overhead.maxValue) } : undefined,
  generator: { loopP99: loopDelay.percentile(99) / 1e6, loopMax: loopDelay.max / 1e6, gcMs: gc.ms, gcCount: gc.count },
});
await pool.close();
