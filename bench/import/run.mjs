// bench/import: a generated JSONL file (ROWS rows, default 1,000,000 of about 500 bytes: ~500 MB)
// imported into a dataset of the built server on a fresh PostgreSQL database (and Redis, so the
// import runs as a BullMQ job in the server process, ROLE=all). Prints the upload speed, the
// import's rows/s (from the job's start to done, as seen by polling), and the server process's
// peak RSS (VmRSS sampled every 200 ms) before, during the upload and during the import.
//
//   pnpm build && pnpm --filter @gw/bench run import        (needs PostgreSQL and Redis on 127.0.0.1)
//   ROWS=100000 pnpm --filter @gw/bench run import
//   KEEP_FILE=/tmp/bench.jsonl pnpm --filter @gw/bench run import   (reuse / keep the generated file)
import { existsSync, openAsBlob, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchEnvironment, rssMb, signInRoot, startGateway } from '../lib/gateway.mjs';
import { generateJsonl } from './generate.mjs';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const SAMPLE_MS = 200;

/** Samples the RSS of `pid` every SAMPLE_MS into the current phase's peak. */
function rssSampler(pid) {
  const peaks = {};
  let phase = 'idle';
  const sample = () => {
    try {
      peaks[phase] = Math.max(peaks[phase] ?? 0, rssMb(pid));
    } catch {
      // The process has exited.
    }
  };
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    peaks,
    enter: (next) => {
      sample();
      phase = next;
      sample();
    },
    stop: () => clearInterval(timer),
  };
}

async function main() {
  const environment = await benchEnvironment('import');
  const file = process.env.KEEP_FILE ?? join(environment.dataDir, 'rows.jsonl');
  let server;
  let sampler;
  try {
    let fileBytes;
    if (process.env.KEEP_FILE && existsSync(file)) {
      fileBytes = statSync(file).size;
      console.log(`bench/import — reusing ${file} (${(fileBytes / 1e6).toFixed(1)} MB)`);
    } else {
      const generated = performance.now();
      fileBytes = await generateJsonl(file, ROWS);
      console.log(`bench/import — generated ${ROWS} rows, ${(fileBytes / 1e6).toFixed(1)} MB in ${((performance.now() - generated) / 1000).toFixed(1)} s`);
    }
    // SERVER_NODE_OPTIONS passes flags to the server only (e.g. --trace-gc while tuning).
    server = await startGateway(environment.env, (process.env.SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean));
    const { call } = await signInRoot(server.url);
    const dataset = await call('POST', '/api/data_library/', {
      name: '导入基准',
      data_type: '问答,选择题',
      data_format: JSON.stringify({ question: 'string', answer: 'string', options: 'array', meta: 'object' }),
    });
    sampler = rssSampler(server.child.pid);
    const idleRss = rssMb(server.child.pid);

    sampler.enter('upload');
    const form = new FormData();
    form.append('file', await openAsBlob(file), 'rows.jsonl');
    const uploadStart = performance.now();
    const started = await call('POST', `/api/data_library/${dataset.id}/import?format=jsonl&mode=skip`, form);
    const uploadSeconds = (performance.now() - uploadStart) / 1000;

    sampler.enter('import');
    let view = started;
    let runningAt;
    while (!['done', 'failed', 'cancelled'].includes(view.status)) {
      await new Promise((done) => setTimeout(done, 100));
      view = await call('GET', `/api/data_library/imports/${started.id}`);
      if (view.status !== 'queued' && runningAt === undefined) runningAt = performance.now();
    }
    const doneAt = performance.now();
    sampler.enter('after');
    await new Promise((done) => setTimeout(done, 2 * SAMPLE_MS));
    sampler.stop();
    if (view.status !== 'done') throw new Error(`import ${view.status}: ${view.message}`);
    const importSeconds = (doneAt - (runningAt ?? uploadStart)) / 1000;
    const info = await call('GET', `/api/data_library_info/${dataset.id}`);

    console.log(`rows imported           ${view.rows_done} (failed ${view.rows_failed}); dataset data_num ${info.data_num}, data_size ${(info.data_size / 1e6).toFixed(1)} MB`);
    console.log(`upload                  ${(fileBytes / 1e6).toFixed(1)} MB in ${uploadSeconds.toFixed(1)} s = ${(fileBytes / 1e6 / uploadSeconds).toFixed(1)} MB/s`);
    console.log(`import (job start→done) ${importSeconds.toFixed(1)} s = ${Math.round(view.rows_done / importSeconds)} rows/s, ${(fileBytes / 1e6 / importSeconds).toFixed(1)} MB/s`);
    console.log(`server RSS MB           idle ${idleRss.toFixed(0)}, peak during upload ${sampler.peaks.upload?.toFixed(0)}, during import ${sampler.peaks.import?.toFixed(0)}, after ${sampler.peaks.after?.toFixed(0)}`);
  } finally {
    sampler?.stop();
    server?.child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 1500));
    await environment.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
