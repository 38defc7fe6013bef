// bench/relay fixed-rate mode (issue 32): the relay's latency tail at a fixed arrival rate, against
// a bare undici proxy to the same mock upstream, in the same run. For each repetition, rate
// (RATES, default 1000,3000 req/s) and kind (KINDS: json, stream), each target gets WARMUP s at that
// rate, then DURATION s measured by a constant-arrival generator in its own process
// (fixed-rate-load.mjs: HDR histogram, latency from each request's due time). The targets' order
// alternates between repetitions. For the relay, the same window's event-loop delay (p50, p99, max
// of prom-client's monitorEventLoopDelay beyond its 10 ms sampling period; a scrape of /metrics
// resets it) and GC pauses (the nodejs_gc_duration_seconds sums) are read from its /metrics.
// Prints every run, then the median of the repetitions and the relay's added p99 and p99.9 against
// the targets (+2 ms, +5 ms).
//
//   pnpm build && pnpm --filter @gw/bench relay:rate          (needs PostgreSQL and Redis on 127.0.0.1)
//   RATES=1000 KINDS=json REPEATS=1 DURATION=10 pnpm --filter @gw/bench relay:rate
//   PROFILE=/tmp/prof RATES=3000 KINDS=json REPEATS=1 TARGETS=relay pnpm --filter @gw/bench relay:rate
//   GATEWAY_FLAGS=--trace-gc RATES=3000 KINDS=json REPEATS=1 TARGETS=relay pnpm --filter @gw/bench relay:rate > gc.txt
//   TARGETS=mock,proxy,relay …   (mock: the generator straight at the mock upstream, the noise floor)
//   PIN=1 …   (taskset: the measured target alone on CPU 1; the generator, the mock and this script on CPU 0)
//   LONG_PROMPT_CHARS=100000 LONG_EVERY=100 …   (every 100th request carries a prompt of 100,000 characters)
import { execFileSync, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, signInRoot } from '../lib/gateway.mjs';
import { FORMAT_PATHS, requestBody, startRelayBench } from './gateway-setup.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const RATES = (process.env.RATES ?? '1000,3000').split(',').map(Number);
const KINDS = (process.env.KINDS ?? 'json,stream').split(',');
const DURATION_S = Number(process.env.DURATION ?? 20);
const WARMUP_S = Number(process.env.WARMUP ?? 5);
const REPEATS = Number(process.env.REPEATS ?? 3);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const METRICS_TOKEN = 'bench-metrics-token';
/**
 * On a 2-core machine the generator, the mock, the target, PostgreSQL and Redis share both cores,
 * and a request that waits for the scheduler shows in the tail as if the target had stalled.
 * PIN=1 gives the target (all its threads) CPU 1 and puts the load side on CPU 0; PostgreSQL and
 * Redis are left where the system put them.
 */
const PIN = process.env.PIN === '1';
const pin = (pid, cpu) => PIN && execFileSync('taskset', ['-a', '-c', '-p', String(cpu), String(pid)], { stdio: 'ignore' });
/** Long-context requests among the short ones: every LONG_EVERY-th request has a prompt of LONG_PROMPT_CHARS characters. */
const LONG_PROMPT_CHARS = Number(process.env.LONG_PROMPT_CHARS ?? 0);
const LONG_EVERY = Number(process.env.LONG_EVERY ?? 100);
/** English prose with some Chinese, like a retrieval prompt: words, not one repeated character. */
const longPrompt = (chars) => {
  const paragraph = 'Context document: the gateway reserves quota before each call and settles what the answer cost. 网关在调用上游之前预留额度，收到回答后结算。 ';
  return paragraph.repeat(Math.ceil(chars / paragraph.length)).slice(0, chars);
};
const LOAD_CPU = 0;
const TARGET_CPU = 1;
/**
 * prom-client samples the event loop every 10 ms (its eventLoopMonitoringPrecision) and Node's
 * histogram records the whole interval between samples: the delay is what exceeds those 10 ms.
 */
const LOOP_SAMPLE_MS = 10;

/**
 * One run of the generator against a target: `warmup` s unrecorded, then `seconds` s measured.
 * `onWindow` runs when the measured window starts (the target's counters are read then); the
 * parent waits for the generator's summary.
 */
async function generate(target, kind, rate, seconds, warmup = 0, onWindow = async () => {}) {
  const body = JSON.stringify(requestBody(FORMAT_PATHS.chat, kind === 'stream'));
  const longBody = LONG_PROMPT_CHARS > 0 ? JSON.stringify(requestBody(FORMAT_PATHS.chat, kind === 'stream', { messages: [{ role: 'user', content: longPrompt(LONG_PROMPT_CHARS) }] })) : undefined;
  const load = { origin: target.url, path: FORMAT_PATHS.chat, headers: target.headers, body, longBody, longEvery: LONG_EVERY, rate, seconds, warmup, connections: CONNECTIONS };
  const child = fork(join(here, 'fixed-rate-load.mjs'), { stdio: 'inherit' });
  pin(child.pid, LOAD_CPU);
  child.send(load);
  let atWindow;
  const summary = await new Promise((done, fail) => {
    child.on('message', (message) => (message.measuring ? (atWindow = onWindow()) : done(message)));
    child.once('exit', (code) => fail(new Error(`the load generator exited with ${code}`)));
  });
  child.kill();
  return { summary, atWindow: await atWindow };
}

/** The gateway's event-loop delay since the last scrape (ms) and its GC pause totals so far (ms, count). */
async function scrape(gatewayUrl) {
  const text = await (await fetch(`${gatewayUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const sumOf = (name) => [...text.matchAll(new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, 'gm'))].reduce((sum, match) => sum + Number(match[1]), 0);
  return {
    loop: Object.fromEntries(['p50', 'p99', 'max'].map((figure) => [figure, Math.max(0, value(`nodejs_eventloop_lag_${figure}_seconds`) * 1000 - LOOP_SAMPLE_MS)])),
    gcMs: sumOf('nodejs_gc_duration_seconds_sum') * 1000,
    gcCount: sumOf('nodejs_gc_duration_seconds_count'),
  };
}

async function measure(target, kind, rate, gatewayUrl) {
  const readCounters = async () => ({ cpu: cpuMs(target.pid), relay: target.short === 'relay' ? await scrape(gatewayUrl) : undefined });
  const { summary: result, atWindow: before } = await generate(target, kind, rate, DURATION_S, WARMUP_S, readCounters);
  const cpuPerRequest = (cpuMs(target.pid) - before.cpu) / result.sent;
  if (!before.relay) return { ...result, cpuPerRequest };
  const after = await scrape(gatewayUrl);
  return { ...result, cpuPerRequest, loop: after.loop, gcMs: after.gcMs - before.relay.gcMs, gcCount: after.gcCount - before.relay.gcCount };
}

const fmt = (value, digits = 2) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cpuModel = () => /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU';

function printRun(name, r) {
  const loop = r.loop ? `${fmt(r.loop.p50)} / ${fmt(r.loop.p99)} / ${fmt(r.loop.max)}` : '-';
  const gc = r.gcCount === undefined ? '-' : `${fmt(r.gcMs, 0)} ms in ${r.gcCount}`;
  const generator = `${fmt(r.generator.loopP99)} / ${fmt(r.generator.loopMax)}`;
  console.log(
    `${name.padEnd(18)} ${fmt(r.achieved, 0).padStart(6)} ${fmt(r.p50).padStart(7)} ${fmt(r.p99).padStart(7)} ${fmt(r.p999).padStart(8)} ${fmt(r.max).padStart(8)} ${fmt(r.cpuPerRequest, 3).padStart(7)} ${String(r.errors).padStart(6)}   ${loop.padEnd(20)} ${gc.padEnd(14)} ${generator}`,
  );
  if (r.overhead) console.log(`${' '.repeat(19)}X-Gateway-Overhead-Ms p50 ${fmt(r.overhead.p50)} · p99 ${fmt(r.overhead.p99)} · max ${fmt(r.overhead.max)}`);
  if (r.errors > 0) console.log(`${' '.repeat(19)}errors: ${Object.entries(r.errorKinds).map(([kind, count]) => `${kind} ×${count}`).join(', ')}`);
}

const HEADER = 'target              req/s  p50 ms  p99 ms  p99.9 ms   max ms  CPU ms  errors   loop p50/p99/max ms  GC pauses      generator loop p99/max ms';

async function main() {
  // GATEWAY_FLAGS: more node flags for the gateway, e.g. --trace-gc for a GC trace on stdout.
  const bench = await startRelayBench('relay-rate', process.env.GATEWAY_FLAGS?.split(' ').filter(Boolean) ?? []);
  try {
    const { upstream, proxy, gateway, key } = bench;
    for (const pid of [process.pid, upstream.pid]) pin(pid, LOAD_CPU);
    for (const pid of [proxy.pid, gateway.child.pid]) pin(pid, TARGET_CPU);
    const { call } = await signInRoot(gateway.url);
    await call('PUT', '/api/option/', { key: 'MetricsToken', value: METRICS_TOKEN });
    // OVERHEAD=1: the relay sends X-Gateway-Overhead-Ms (its time outside the upstream call) and the generator records it.
    if (process.env.OVERHEAD === '1') await call('PUT', '/api/option/', { key: 'OverheadHeaderEnabled', value: 'true' });

    const allTargets = [
      { short: 'mock', name: 'mock upstream', url: upstream.url, headers: {}, pid: upstream.pid },
      { short: 'proxy', name: 'bare undici proxy', url: proxy.url, headers: {}, pid: proxy.pid },
      { short: 'relay', name: 'gateway relay', url: gateway.url, headers: { authorization: `Bearer ${key}` }, pid: gateway.child.pid },
    ];
    const only = process.env.TARGETS?.split(',');
    const targets = allTargets.filter((target) => (only ? only.includes(target.short) : target.short !== 'mock'));
    console.log(`bench/relay fixed rate — ${cpuModel()}, Node ${process.version}; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per run, ${REPEATS} repetition(s)${PIN ? '; target pinned to CPU 1, load to CPU 0' : ''}${LONG_PROMPT_CHARS ? `; every ${LONG_EVERY}th request with a prompt of ${LONG_PROMPT_CHARS} characters` : ''}`);
    console.log('latency from each request\'s due time (constant arrival); CPU: the serving process\'s user+system time per request; loop and GC: the relay\'s own, in the window; generator loop: the load generator\'s own event-loop delay (a late generator looks like a slow target)');
    // Every process warms up on both kinds first (JIT, pools), as a gateway in service is warm.
    for (const target of targets) for (const kind of KINDS) await generate(target, kind, 500, 3);

    const runs = [];
    for (let repetition = 0; repetition < REPEATS; repetition++) {
      const ordered = repetition % 2 === 0 ? targets : [...targets].reverse();
      for (const rate of RATES) {
        for (const kind of KINDS) {
          console.log(`\n#${repetition + 1} ${kind}, ${rate} req/s`);
          console.log(HEADER);
          for (const target of ordered) {
            const result = await measure(target, kind, rate, gateway.url);
            runs.push({ rate, kind, target: target.short, result });
            printRun(target.name, result);
          }
        }
      }
    }

    console.log(`\nmedian of ${REPEATS} repetition(s); added = relay − bare proxy (targets: p99 ≤ +2 ms, p99.9 ≤ +5 ms)`);
    console.log('kind, rate        target              p50 ms  p99 ms  p99.9 ms   max ms  CPU ms   loop p99 ms  GC ms/run');
    for (const rate of RATES) {
      for (const kind of KINDS) {
        const figures = {};
        for (const target of targets) {
          const own = runs.filter((run) => run.rate === rate && run.kind === kind && run.target === target.short).map((run) => run.result);
          const pick = (field) => median(own.map((result) => (typeof field === 'function' ? field(result) : result[field])));
          figures[target.short] = { p50: pick('p50'), p99: pick('p99'), p999: pick('p999'), max: pick('max'), cpu: pick('cpuPerRequest'), loop99: pick((r) => r.loop?.p99), gc: pick((r) => r.gcMs) };
          const f = figures[target.short];
          console.log(
            `${`${kind}, ${rate}`.padEnd(17)} ${target.name.padEnd(18)} ${fmt(f.p50).padStart(7)} ${fmt(f.p99).padStart(7)} ${fmt(f.p999).padStart(8)} ${fmt(f.max).padStart(8)} ${fmt(f.cpu, 3).padStart(7)} ${fmt(f.loop99).padStart(12)} ${fmt(f.gc, 0).padStart(10)}`,
          );
        }
        if (figures.relay && figures.proxy) {
          const p99 = figures.relay.p99 - figures.proxy.p99;
          const p999 = figures.relay.p999 - figures.proxy.p999;
          console.log(`${' '.repeat(17)} added: p50 ${fmt(figures.relay.p50 - figures.proxy.p50)} ms, p99 ${fmt(p99)} ms ${p99 <= 2 ? 'MET' : 'MISSED'}, p99.9 ${fmt(p999)} ms ${p999 <= 5 ? 'MET' : 'MISSED'}`);
        }
      }
    }
  } finally {
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
