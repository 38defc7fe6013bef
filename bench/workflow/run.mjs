// bench/workflow: a whole-dataset workflow run against the relay alone (issue 16). A dataset of
// SAMPLES question records (default 10,000) is asked by a workflow of three llm nodes — SAMPLES × 3
// answers — by the built server's `workflow-run` job (ROLE all: the gateway process is the worker),
// against the instant mock upstream of bench/relay, so what is measured is the gateway. The same
// number of streamed chat completions (stream_options.include_usage, as the engine asks them) also
// go to the plain relay with an sk- token, from this process, at the same concurrency as the run
// (WORKFLOW_RUN_CONCURRENCY). Prints, for both: wall time, answers/s, the gateway's CPU ms per
// answer and its RSS (before → peak, sampled every 100 ms); then the engine's added time and CPU per
// answer; then the export of the run as xlsx and as jsonl (seconds, size, RSS before → peak), and
// whether the run stored exactly SAMPLES × 3 answers, all done. With a list of concurrencies the
// gateway is started once for each (the concurrency is an environment variable of the server).
//
//   pnpm build && pnpm --filter @gw/bench workflow      (needs PostgreSQL and Redis on 127.0.0.1)
//   SAMPLES=2000 pnpm --filter @gw/bench workflow
//   WORKFLOW_RUN_CONCURRENCY=8,32 pnpm --filter @gw/bench workflow
//   PROFILE=/tmp/prof pnpm --filter @gw/bench workflow  (V8 CPU profile of each gateway process)
//   WARMUP=200 pnpm --filter @gw/bench workflow          (samples of the warm-up run; relay warm-up too)
//   EVAL=0 pnpm --filter @gw/bench workflow              (skip the evaluation run below)
//
// Then (issue 30) an evaluation run: the same SAMPLES asked by two llm nodes and graded by three
// scorers — a regex, a json check and an LLM judge (a fourth model of the mock) — so SAMPLES × 2
// answers and SAMPLES × 2 verdicts, against as many plain relay calls; the same figures, plus the
// scores stored.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool, request } from 'undici';
import { benchEnvironment, cpuMs, forkReady, freePort, rssMb, signInRoot, startGateway } from '../lib/gateway.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SAMPLES = Number(process.env.SAMPLES ?? 10_000);
const CONCURRENCIES = (process.env.WORKFLOW_RUN_CONCURRENCY ?? '8').split(',').map(Number);
const WARMUP = Number(process.env.WARMUP ?? 200);
const MODELS = ['bench-a', 'bench-b', 'bench-c'];
const EVAL = process.env.EVAL !== '0';
const EVAL_MODELS = MODELS.slice(0, 2);
const JUDGE_MODEL = 'bench-judge';
/** The mock streams "w0 w1 … w9": the regex passes, the json check fails (it is no JSON), the judge's reply is unreadable (a failed verdict, billed). */
const EVAL_SCORERS = [
  { name: '开头', type: 'regex', pattern: '^w0\\b' },
  { name: 'JSON', type: 'json' },
  { name: '评审', type: 'llm_judge', model: JUDGE_MODEL, rubric: '问题：{{question}}\n参考答案：{{reference}}\n回答：{{answer}}' },
];
const INSERT_BATCH = 5000;
const POLL_MS = 100;
const RUN_TIMEOUT_MS = 30 * 60_000;

const fmt = (value, digits = 2) => value.toFixed(digits);
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A question of about 60 characters, different for each record. */
const questionOf = (index) => `第 ${index + 1} 题：请用十个词说明为什么天空在晴朗的白天看起来是蓝色的，并给出一个例子。`;

/** The graph the editor saves for a dataset asked by one llm node per model (shared/src/workflow.ts defaults). */
function graphOf(datasetId, models = MODELS) {
  return {
    nodes: [
      { id: 'start-1', type: 'start', position: { x: 100, y: 200 }, data: { type: 'start', title: 'start', desc: '', variables: [], selected: false }, targetPosition: 'left', sourcePosition: 'right' },
      {
        id: 'input-1',
        type: 'input',
        position: { x: 500, y: 300 },
        data: {
          type: 'input',
          title: 'input',
          desc: '',
          selected: false,
          variables: [{ variable: 'data_market_id', label: 'data_market_id', type: 'data-market-sample', max_length: 48, required: true, default: datasetId, options: [{ label: 'data_source_key', value: 'question' }] }],
        },
      },
      ...models.map((name, index) => ({
        id: `llm-${index + 1}`,
        type: 'llm',
        position: { x: 800, y: 100 + index * 150 },
        data: { type: 'llm', title: 'llm', desc: '', selected: false, model: { provider: '', name, mode: 'chat', completion_params: { temperature: 0.7 } }, prompt_template: [] },
      })),
    ],
    edges: [{ id: 'e-start', source: 'start-1', target: 'input-1', type: 'custom' }, ...models.map((_, index) => ({ id: `e-${index + 1}`, source: 'input-1', target: `llm-${index + 1}`, type: 'custom' }))],
  };
}

/** Samples the VmRSS of `pid` every 100 ms; `stop()` gives the peak (MB). */
function rssSampler(pid) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, POLL_MS);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/** The dataset: SAMPLES question records, inserted a batch at a time. */
async function seedDataset(database) {
  const { rows } = await database.query(`INSERT INTO data_library_info (name, data_type, data_num, data_update_time, created_at) VALUES ('bench', '问答', $1, 1, 1) RETURNING id`, [SAMPLES]);
  const id = rows[0].id;
  for (let start = 0; start < SAMPLES; start += INSERT_BATCH) {
    const bodies = [];
    for (let index = start; index < Math.min(SAMPLES, start + INSERT_BATCH); index++) bodies.push(JSON.stringify({ question: questionOf(index), answer: '因为瑞利散射。' }));
    await database.query('INSERT INTO data_library_source (belong_id, body) SELECT $1, unnest($2::text[])', [id, bodies]);
  }
  return id;
}

/** `count` streamed chat completions through the relay, `concurrency` at a time, models in the run's order. */
async function relayDirect(pool, token, count, concurrency, pid) {
  let next = 0;
  let errors = 0;
  const one = async (index) => {
    const body = { model: MODELS[index % MODELS.length], stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: questionOf(Math.floor(index / MODELS.length)) }] };
    const reply = await pool.request({ path: '/v1/chat/completions', method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    let text = '';
    for await (const piece of reply.body) text += piece;
    if (reply.statusCode !== 200 || !text.includes('[DONE]')) errors += 1;
  };
  const worker = async () => {
    while (next < count) await one(next++).catch(() => (errors += 1));
  };
  const rssBefore = rssMb(pid);
  const sampler = rssSampler(pid);
  const cpuBefore = cpuMs(pid);
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wall = (performance.now() - start) / 1000;
  return { answers: count, wall, cpuPerAnswer: (cpuMs(pid) - cpuBefore) / count, rssBefore, rssPeak: sampler.stop(), errors };
}

/** Starts a whole-data run (of the first `limit` samples when given) and waits for its end, watching the database. */
async function workflowRun(call, database, appId, pid, limit, extra = {}) {
  const rssBefore = rssMb(pid);
  const sampler = rssSampler(pid);
  const cpuBefore = cpuMs(pid);
  const start = performance.now();
  const started = await call('POST', '/api/workflow/chat-messages', { app_id: appId, response_mode: 'direct', run_whole_data: true, ...(limit ? { inputs: { limit } } : {}), ...extra });
  const runId = started.run_id;
  let prepared;
  let run;
  for (;;) {
    ({ rows: [run] } = await database.query('SELECT status, prepared, done, failed, total, judged FROM workflow_runs WHERE id = $1', [runId]));
    if (prepared === undefined && run.prepared) prepared = performance.now() - start;
    if (run.status !== 'running') break;
    if (performance.now() - start > RUN_TIMEOUT_MS) throw new Error(`run ${runId} did not finish in ${RUN_TIMEOUT_MS / 60_000} minutes (${run.done} done)`);
    await sleep(POLL_MS);
  }
  const wall = (performance.now() - start) / 1000;
  const cpu = cpuMs(pid) - cpuBefore;
  const rssPeak = sampler.stop();
  // Calls the run made: its answers and its judges' verdicts.
  const answers = run.done + run.failed + run.judged;
  return { runId, status: run.status, answers, done: run.done, failed: run.failed, total: run.total, wall, prepare: (prepared ?? wall * 1000) / 1000, cpuPerAnswer: cpu / Math.max(1, answers), rssBefore, rssPeak, rssAfter: rssMb(pid), errors: run.failed };
}

/** Downloads the run's export in full: seconds, bytes, lines (jsonl) and the gateway's RSS before → peak. */
async function exportRun(url, headers, runId, format, pid) {
  const rssBefore = rssMb(pid);
  const sampler = rssSampler(pid);
  const cpuBefore = cpuMs(pid);
  const start = performance.now();
  const reply = await request(`${url}/api/workflow/export/runs/${runId}?format=${format}`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const piece of reply.body) {
    bytes += piece.length;
    if (format === 'jsonl') for (let at = piece.indexOf(10); at !== -1; at = piece.indexOf(10, at + 1)) lines += 1;
  }
  const seconds = (performance.now() - start) / 1000;
  if (reply.statusCode !== 200) throw new Error(`export ${format}: HTTP ${reply.statusCode}`);
  return { format, seconds, bytes, lines, cpu: cpuMs(pid) - cpuBefore, rssBefore, rssPeak: sampler.stop() };
}

async function stopGateway(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function row(label, result) {
  const rss = `${fmt(result.rssBefore, 0)} → ${fmt(result.rssPeak, 0)}`;
  console.log(
    `${label.padEnd(28)} ${String(result.answers).padStart(7)} ${fmt(result.wall).padStart(8)} ${fmt(result.answers / result.wall, 0).padStart(10)} ${fmt(result.cpuPerAnswer, 3).padStart(14)} ${rss.padStart(14)} ${String(result.errors).padStart(7)}`,
  );
}

async function main() {
  const environment = await benchEnvironment('workflow');
  const children = [];
  let database;
  try {
    const upstreamPort = await freePort();
    const upstream = await forkReady(join(here, '../relay/mock-upstream.mjs'), { PORT: String(upstreamPort) });
    children.push(upstream);
    database = new pg.Client({ connectionString: environment.databaseUrl });
    await database.connect();

    let setup;
    const results = [];
    for (const concurrency of CONCURRENCIES) {
      // PROFILE=dir writes a V8 CPU profile of each gateway process there when it stops.
      const gateway = await startGateway({ ...environment.env, WORKFLOW_RUN_CONCURRENCY: String(concurrency) }, process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}`] : []);
      children.push(gateway.child);
      const pid = gateway.child.pid;
      const { headers, call } = await signInRoot(gateway.url);

      if (!setup) {
        const priced = [...MODELS, JUDGE_MODEL];
        await call('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify(Object.fromEntries(priced.map((model) => [model, 1]))) });
        await call('POST', '/api/channel/', { type: 1, name: 'bench', key: 'sk-upstream', base_url: `http://127.0.0.1:${upstreamPort}`, models: priced.join(','), groups: ['default'] });
        await database.query('UPDATE users SET quota = 1000000000000 WHERE id = 1');
        const [token] = await call('POST', '/api/token/', { name: 'bench', unlimited_quota: true });
        const seedStart = performance.now();
        const datasetId = await seedDataset(database);
        const seeded = (performance.now() - seedStart) / 1000;
        const project = await call('POST', '/api/apps/', { title: '基准评测' });
        await call('POST', `/api/workflow/${project.id}`, { graph: graphOf(datasetId) });
        const evalProject = await call('POST', '/api/apps/', { title: '基准评测（评分）' });
        await call('POST', `/api/workflow/${evalProject.id}`, { graph: graphOf(datasetId, EVAL_MODELS) });
        setup = { token: token.key, appId: project.id, evalAppId: evalProject.id };
        console.log(`dataset of ${SAMPLES} records seeded in ${fmt(seeded)} s; project ${project.id} with ${MODELS.length} llm nodes`);
      }

      const pool = new Pool(gateway.url, { connections: concurrency, pipelining: 1, keepAliveTimeout: 60_000 });
      // Warm-up: JIT, pools, caches on both paths — a gateway in service is warm.
      if (WARMUP > 0) {
        await relayDirect(pool, setup.token, WARMUP * MODELS.length, concurrency, pid);
        await workflowRun(call, database, setup.appId, pid, WARMUP);
      }
      const relay = await relayDirect(pool, setup.token, SAMPLES * MODELS.length, concurrency, pid);
      await pool.close();
      const idle = rssMb(pid);
      const run = await workflowRun(call, database, setup.appId, pid, 0);
      const xlsx = await exportRun(gateway.url, headers, run.runId, 'excel', pid);
      const jsonl = await exportRun(gateway.url, headers, run.runId, 'jsonl', pid);
      const { rows: [stored] } = await database.query(`SELECT count(*)::int AS rows, count(*) FILTER (WHERE status = 'done')::int AS done FROM workflow_run_answers WHERE run_id = $1`, [run.runId]);
      let evaluation;
      if (EVAL) {
        // As many plain relay calls as the evaluation run makes (answers and verdicts), then the run.
        const evalPool = new Pool(gateway.url, { connections: concurrency, pipelining: 1, keepAliveTimeout: 60_000 });
        if (WARMUP > 0) await workflowRun(call, database, setup.evalAppId, pid, WARMUP, { scorers: EVAL_SCORERS });
        const evalRelay = await relayDirect(evalPool, setup.token, SAMPLES * EVAL_MODELS.length * 2, concurrency, pid);
        await evalPool.close();
        const evalRun = await workflowRun(call, database, setup.evalAppId, pid, 0, { scorers: EVAL_SCORERS });
        const {
          rows: [scores],
        } = await database.query(
          `SELECT count(*)::int AS rows, count(*) FILTER (WHERE scorer = 0 AND passed)::int AS regex_passed, count(*) FILTER (WHERE scorer = 1 AND passed = false)::int AS json_failed,
                  count(*) FILTER (WHERE scorer = 2 AND status IN ('done', 'failed'))::int AS judged FROM workflow_run_scores WHERE run_id = $1`,
          [evalRun.runId],
        );
        evaluation = { relay: evalRelay, run: evalRun, scores };
      }
      const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
      await stopGateway(gateway.child);
      results.push({ concurrency, relay, run, idle, xlsx, jsonl, stored, hwm, evaluation });
    }

    for (const { concurrency, relay, run, idle, xlsx, jsonl, stored, hwm, evaluation } of results) {
      const expected = SAMPLES * MODELS.length;
      console.log(`\nbench/workflow — ${SAMPLES} samples × ${MODELS.length} models = ${expected} answers, WORKFLOW_RUN_CONCURRENCY ${concurrency}; mock upstream answers at once.`);
      console.log('path                         answers   wall s  answers/s  CPU ms/answer  RSS MB before → peak  errors');
      row('relay directly (sk- token)', relay);
      row('workflow run (whole data)', run);
      const askWall = run.wall - run.prepare;
      const added = ((run.wall - relay.wall) * 1000 * concurrency) / run.answers;
      const addedAsking = ((askWall - relay.wall) * 1000 * concurrency) / run.answers;
      console.log(`run status ${run.status}; preparation (samples and answer rows written) ${fmt(run.prepare)} s, asking ${fmt(askWall)} s (${fmt(run.answers / askWall, 0)} answers/s)`);
      console.log(`added time per answer (wall difference ÷ answers × concurrency): ${fmt(added, 3)} ms over the whole run, ${fmt(addedAsking, 3)} ms while asking`);
      console.log(`added CPU per answer: ${fmt(run.cpuPerAnswer - relay.cpuPerAnswer, 3)} ms (${fmt(run.cpuPerAnswer, 3)} against ${fmt(relay.cpuPerAnswer, 3)})`);
      console.log(`gateway RSS: ${fmt(idle, 0)} MB before the run, peak ${fmt(run.rssPeak, 0)} MB during it, ${fmt(run.rssAfter, 0)} MB after; VmHWM over the process's life ${fmt(hwm, 0)} MB`);
      console.log('export        seconds        MB   rows/s  CPU s  RSS MB before → peak');
      for (const file of [xlsx, jsonl]) {
        console.log(
          `${(file.format === 'excel' ? 'xlsx' : file.format).padEnd(12)} ${fmt(file.seconds).padStart(8)} ${fmt(file.bytes / 1048576, 1).padStart(9)} ${fmt(expected / file.seconds, 0).padStart(8)} ${fmt(file.cpu / 1000).padStart(6)} ${`${fmt(file.rssBefore, 0)} → ${fmt(file.rssPeak, 0)}`.padStart(21)}`,
        );
      }
      console.log(`jsonl lines ${jsonl.lines}, expected ${expected}`);
      console.log(`answer rows stored ${stored.rows} (done ${stored.done}), expected ${expected}: ${stored.rows === expected && stored.done === expected ? 'ok' : 'MISMATCH'}`);
      if (evaluation) {
        const { relay: plain, run: graded, scores } = evaluation;
        const answersExpected = SAMPLES * EVAL_MODELS.length;
        console.log(`\nevaluation run — ${SAMPLES} samples × ${EVAL_MODELS.length} models, scorers regex + json + llm_judge: ${answersExpected} answers and ${answersExpected} verdicts`);
        console.log('path                           calls   wall s    calls/s  CPU ms/call    RSS MB before → peak  errors');
        row('relay directly (sk- token)', plain);
        row('evaluation run (whole data)', graded);
        const addedPerCall = ((graded.wall - plain.wall) * 1000 * concurrency) / graded.answers;
        console.log(`run status ${graded.status}; preparation ${fmt(graded.prepare)} s`);
        console.log(`added time per call (answers and verdicts, scoring included): ${fmt(addedPerCall, 3)} ms; added CPU per call ${fmt(graded.cpuPerAnswer - plain.cpuPerAnswer, 3)} ms`);
        console.log(`gateway RSS ${fmt(graded.rssBefore, 0)} → peak ${fmt(graded.rssPeak, 0)} MB, ${fmt(graded.rssAfter, 0)} after`);
        const ok = scores.rows === answersExpected * EVAL_SCORERS.length && scores.regex_passed === answersExpected && scores.json_failed === answersExpected && scores.judged === answersExpected;
        console.log(`score rows ${scores.rows} (regex passed ${scores.regex_passed}, json failed ${scores.json_failed}, judged ${scores.judged}), expected ${answersExpected * EVAL_SCORERS.length}: ${ok ? 'ok' : 'MISMATCH'}`);
      }
    }
  } finally {
    await database?.end();
    for (const child of children) child.kill('SIGTERM');
    await sleep(1500);
    await environment.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
