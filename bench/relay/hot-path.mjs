// bench/relay/hot-path: what three per-request steps of the relay cost, each beside the way it was
// done before issue 32's last round (the old way written out here), in ns per call. The relay runs
// each once per request; at 0.2–0.3 ms of CPU per request, 1 µs is 0.3–0.5 %.
//
//   pnpm build && node bench/relay/hot-path.mjs
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

const require = createRequire(import.meta.url);
const dist = new URL('../../packages/server/dist/', import.meta.url).pathname;
const { hashToken } = require(`${dist}auth/hash-token.js`);
const { inputProblem } = require(`${dist}common/input-rules.js`);
const { readJsonBody } = require(`${dist}relay/relay-request.js`);

const KEY = `sk-${'a1b2c3d4'.repeat(6)}`;
const BODY = {
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You are a helpful assistant.' },
    { role: 'user', content: 'Say hello in one short sentence, please, and nothing more.' },
  ],
  max_tokens: 64,
  temperature: 0.2,
  stream: false,
};
const RAW = Buffer.from(JSON.stringify(BODY));

/** The old walk: one object per node on the stack, Object.entries per object. */
function objectStackWalk(value) {
  const pending = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop();
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return 'nul';
    } else if (typeof current === 'object' && current !== null) {
      if (depth >= 128) return 'deep';
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return 'nul';
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** The old read: the stream's async iterator. */
async function iteratorRead(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const request = () => Object.assign(Readable.from([RAW], { objectMode: false }), { headers: { 'content-length': String(RAW.length) } });

async function time(label, calls, work) {
  for (let i = 0; i < calls / 5; i++) await work(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) await work();
  const ns = Number(process.hrtime.bigint() - start) / calls;
  console.log(`${label.padEnd(44)} ${ns.toFixed(0).padStart(7)} ns`);
}

console.log(`bench/relay/hot-path — Node ${process.version}`);
await time('token hash: crypto.hash (now)', 300_000, () => hashToken(KEY));
await time('token hash: createHash().update().digest()', 300_000, () => createHash('sha256').update(KEY, 'utf8').digest('hex'));
await time('body check: two-array walk (now)', 300_000, () => inputProblem(BODY));
await time('body check: object-per-node walk', 300_000, () => objectStackWalk(BODY));
await time('body read + parse: listeners (now)', 100_000, () => readJsonBody(request()));
await time('body read + parse: for await', 100_000, () => iteratorRead(request()));
