// The gateway the relay benchmarks call (run.mjs, fixed-rate.mjs): its channels on the mock
// upstream, the bench models' prices, a token; the request body of each inbound format; and the
// processes around it (startRelayBench).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchEnvironment, forkReady, freePort, signInRoot, startGateway } from '../lib/gateway.mjs';

const here = dirname(fileURLToPath(import.meta.url));

export const MODEL = 'bench-model';
/** Served by the gateway's Anthropic channel (type 14) on the same mock. */
export const CLAUDE_MODEL = 'bench-claude';
/** Served by a multi-key channel of five keys taken in turn (polling: turns leased from Redis in blocks, one INCRBY per block). */
export const MULTI_KEY_MODEL = 'bench-multi';

/** Signs in as root, prices the bench model, adds a channel to the mock, returns an sk- key. */
export async function prepareGateway(gatewayUrl, upstreamUrl, database) {
  const { call } = await signInRoot(gatewayUrl);
  await call('PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ [MODEL]: 1, [CLAUDE_MODEL]: 1, [MULTI_KEY_MODEL]: 1 }) });
  await call('POST', '/api/channel/', { type: 1, name: 'bench', key: 'sk-upstream', base_url: upstreamUrl, models: MODEL, groups: ['default'] });
  const keys = Array.from({ length: 5 }, (_, index) => `sk-upstream-key-${index + 1}`).join('\n');
  await call('POST', '/api/channel/', { type: 1, name: 'bench-multi', key: keys, mode: 'multi_to_single', multi_key_mode: 'polling', base_url: upstreamUrl, models: MULTI_KEY_MODEL, groups: ['default'] });
  await call('POST', '/api/channel/', { type: 14, name: 'bench-anthropic', key: 'sk-ant-upstream', base_url: upstreamUrl, models: CLAUDE_MODEL, groups: ['default'] });
  await database.query('UPDATE users SET quota = 1000000000000 WHERE id = 1');
  // Experiments: GATEWAY_OPTIONS='{"LogConsumeEnabled":"false"}' sets console options before the load.
  for (const [key, value] of Object.entries(JSON.parse(process.env.GATEWAY_OPTIONS ?? '{}'))) await call('PUT', '/api/option/', { key, value: String(value) });
  const [token] = await call('POST', '/api/token/', { name: 'bench', unlimited_quota: true });
  return token.key;
}

/** The inbound formats benched, each at its path (FORMATS=chat,responses,messages). */
export const FORMAT_PATHS = { chat: '/v1/chat/completions', responses: '/v1/responses', messages: '/v1/messages' };

/**
 * The same short question in the format of the endpoint. `chat` overrides a chat completion's
 * fields (the multi-key targets: their model, and a prompt_cache_key for sticky routing).
 */
export function requestBody(path, stream, chat = {}) {
  if (path === FORMAT_PATHS.responses) return { model: MODEL, stream, input: 'Say ten words.' };
  if (path === FORMAT_PATHS.messages) return { model: CLAUDE_MODEL, max_tokens: 64, stream, messages: [{ role: 'user', content: 'Say ten words.' }] };
  return { model: MODEL, stream, messages: [{ role: 'user', content: 'Say ten words.' }], ...chat };
}

/**
 * The relay benchmarks' processes: the mock upstream, the bare undici proxy in front of it, and the
 * built gateway (node `flags`) on a fresh database, prepared with its channels and a token. Also
 * sets PROFILE's flags: PROFILE=dir makes the gateway write a V8 CPU profile there when it stops.
 * `stop()` ends them all and drops the database.
 */
export async function startRelayBench(name, flags = []) {
  const environment = await benchEnvironment(name);
  const children = [];
  let database;
  const stop = async () => {
    await database?.end();
    for (const child of children) child.kill('SIGTERM');
    await new Promise((done) => setTimeout(done, 1500));
    await environment.cleanup();
  };
  try {
    const upstreamPort = await freePort();
    const upstream = await forkReady(join(here, 'mock-upstream.mjs'), { PORT: String(upstreamPort) });
    children.push(upstream);
    const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
    const proxyPort = await freePort();
    const proxy = await forkReady(join(here, 'bare-proxy.mjs'), { PORT: String(proxyPort), UPSTREAM: upstreamUrl });
    children.push(proxy);
    const profile = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}`] : [];
    const gateway = await startGateway(environment.env, [...profile, ...flags]);
    children.push(gateway.child);
    database = new pg.Client({ connectionString: environment.databaseUrl });
    await database.connect();
    const key = await prepareGateway(gateway.url, upstreamUrl, database);
    return { upstream: { url: upstreamUrl, pid: upstream.pid }, proxy: { url: `http://127.0.0.1:${proxyPort}`, pid: proxy.pid }, gateway, key, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
