import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, readChatStream, startRelayFixture } from '../../test/relay-fixture';
import { JobsService } from '../jobs/jobs.service';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (format 0.0.4), comments skipped. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

const matching = (samples: Sample[], name: string, labels: Record<string, string>): Sample[] =>
  samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));

/** The one sample with these labels (others may carry more labels). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string>): number | undefined {
  const found = matching(samples, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

const TOKEN = 'metrics-token-for-the-test-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /metrics (integration)', () => {
  let f: RelayFixture;
  let admin: TestAgent;
  let upstream: MockOpenAiUpstream;

  const scrape = (authorization?: string) => {
    const call = f.t.http().get('/metrics');
    return authorization === undefined ? call : call.set('Authorization', authorization);
  };
  const scraped = async (): Promise<Sample[]> => {
    const reply = await scrape(`Bearer ${TOKEN}`);
    expect(reply.status).toBe(200);
    return parseExposition(reply.text);
  };
  const setToken = async (value: string) => expect((await admin.put('/api/option/').send({ key: 'MetricsToken', value })).body.success).toBe(true);

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['mock-m', 'flaky-m'], completionRatio: 2, channelDefaults: { type: 1, key: 'sk-upstream', base_url: upstream.url } });
    admin = f.admin;
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  describe('protection', () => {
    it('does not exist while MetricsToken is empty: the same 404 as an unknown path', async () => {
      const reply = await scrape(`Bearer ${TOKEN}`);
      const unknown = await f.t.http().get('/no-such-path');
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(unknown.body);
    });

    it('refuses a missing or wrong token with 401 once the option is set, and never shows the token', async () => {
      await setToken(TOKEN);
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', TOKEN, `Basic ${TOKEN}`]) {
        const reply = await scrape(authorization);
        expect(reply.status, String(authorization)).toBe(401);
        expect(reply.headers['www-authenticate']).toContain('Bearer');
        expect(reply.text).not.toContain('gw_');
      }
      const options = (await admin.get('/api/option/')).body.data as Array<{ key: string; value: string }>;
      expect(options.find((option) => option.key === 'MetricsToken')?.value).toBe('');
      const [stored] = await f.t.db.query(`SELECT value FROM options WHERE key = 'MetricsToken'`);
      expect(stored.value).not.toContain(TOKEN);
    });

    it('answers the Prometheus text format to the right token, default process metrics included', async () => {
      const reply = await scrape(`bearer ${TOKEN}`);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('no-store');
      // Rate-limited like the console API, so that the token cannot be guessed at line speed.
      expect(reply.headers['x-ratelimit-limit']).toBeDefined();
      expect(reply.text).toContain('# TYPE gw_relay_request_duration_seconds histogram');
      expect(reply.text).toContain('# TYPE gw_http_request_duration_seconds histogram');
      const samples = parseExposition(reply.text);
      expect(valueOf(samples, 'process_cpu_seconds_total', {})).toBeGreaterThan(0);
      expect(valueOf(samples, 'nodejs_heap_size_used_bytes', {})).toBeGreaterThan(0);
    });
  });

  describe('relay', () => {
    let channelId: number;
    let flakyId: number;

    beforeAll(async () => {
      channelId = await f.channel({ name: 'metrics-main', models: 'mock-m' });
      flakyId = await f.channel({ name: 'metrics-flaky', models: 'flaky-m', model_mapping: '{"flaky-m":"fail-500"}' });
    });

    it('times whole requests and first tokens by model and channel, and counts the quota the logs charged', async () => {
      const { client, userId } = await f.customer('metrics-relay', 1_000_000);
      await client.chat.completions.create({ model: 'mock-m', messages: [{ role: 'user', content: 'hi' }] });
      await readChatStream(await client.chat.completions.create({ model: 'mock-m', stream: true, messages: [{ role: 'user', content: 'hi' }] }));
      await client.chat.completions.create({ model: 'mock-m', messages: [{ role: 'user', content: 'again' }] });
      const logs = await f.logsOf(userId, 3);
      const samples = await scraped();

      const labels = { model: 'mock-m', channel: String(channelId) };
      expect(valueOf(samples, 'gw_relay_request_duration_seconds_count', { ...labels, outcome: 'success' })).toBe(3);
      expect(valueOf(samples, 'gw_relay_request_duration_seconds_sum', { ...labels, outcome: 'success' })).toBeGreaterThan(0);
      expect(valueOf(samples, 'gw_relay_request_duration_seconds_bucket', { ...labels, outcome: 'success', le: '+Inf' })).toBe(3);
      expect(valueOf(samples, 'gw_relay_first_token_seconds_count', labels)).toBe(1);
      const logged = logs.reduce((sum, log) => sum + Number(log.quota), 0);
      expect(logged).toBeGreaterThan(0);
      expect(valueOf(samples, 'gw_relay_quota_charged_total', { model: 'mock-m' })).toBe(logged);
    });

    it('counts an upstream 500 by channel and status, and the failed request as an error', async () => {
      const { client } = await f.customer('metrics-fail', 1_000_000);
      await expect(client.chat.completions.create({ model: 'flaky-m', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 502 });
      const samples = await scraped();
      expect(valueOf(samples, 'gw_relay_upstream_errors_total', { channel: String(flakyId), status: '500' })).toBe(1);
      expect(valueOf(samples, 'gw_relay_request_duration_seconds_count', { model: 'flaky-m', channel: String(flakyId), outcome: 'error' })).toBe(1);
      expect(matching(samples, 'gw_relay_quota_charged_total', { model: 'flaky-m' })).toEqual([]);
      expect(matching(samples, 'gw_relay_upstream_errors_total', { channel: String(channelId) })).toEqual([]);
    });

    it('gives a relay call a request id, echoed and kept as the log row request_id', async () => {
      const { key, userId } = await f.customer('metrics-id', 1_000_000);
      const reply = await fetch(`${f.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': 'client-trace-1' },
        body: JSON.stringify({ model: 'mock-m', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-request-id')).toBe('client-trace-1');
      const [log] = await f.logsOf(userId);
      expect(log.request_id).toBe('client-trace-1');
    });
  });

  describe('console API', () => {
    it('labels requests by the route pattern, never by the path with its ids', async () => {
      const { agent } = await f.customer('metrics-http', 0);
      const channelId = await f.channel({ name: 'metrics-http', models: 'mock-m' });
      expect((await agent.get('/api/log/self').query({ p: 0 })).status).toBe(200);
      expect((await admin.get(`/api/channel/${channelId}`)).body.success).toBe(true);
      expect((await f.t.http().get(`/api/channel/${channelId}`)).status).toBe(401);
      const reply = await agent.get('/api/no/such/route');
      expect(reply.status).toBe(404);
      expect(reply.headers['x-request-id']).toMatch(UUID);

      const samples = await scraped();
      const http = 'gw_http_request_duration_seconds_count';
      expect(valueOf(samples, http, { method: 'GET', route: '/api/log/self', status: '200' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, http, { method: 'GET', route: '/api/channel/:id', status: '200' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, http, { method: 'GET', route: '/api/channel/:id', status: '401' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, http, { method: 'GET', route: 'other', status: '404' })).toBeGreaterThanOrEqual(1);
      const routes = new Set(matching(samples, http, {}).map((sample) => sample.labels.route));
      expect([...routes].filter((route) => /\d/.test(route) || route.includes('?') || route.includes('no/such'))).toEqual([]);
    });
  });

  describe('queues', () => {
    it('shows each registered queue by state, as GET /api/jobs/status counts it', async () => {
      const queues = f.t.app.get(JobsService).queueNames();
      expect(queues.length).toBeGreaterThan(3);
      const status = (await admin.get('/api/jobs/status')).body.data as Array<{ queue: string; counts: Record<string, number> }>;
      const samples = await scraped();
      for (const queue of queues) {
        const counts = status.find((entry) => entry.queue === queue)!.counts;
        // Scheduled jobs may have run between the two reads: waiting, active and completed can move.
        for (const state of ['waiting', 'active', 'delayed', 'completed']) {
          expect(valueOf(samples, 'gw_queue_jobs', { queue, state }), `${queue} ${state}`).toBeGreaterThanOrEqual(0);
        }
        expect(valueOf(samples, 'gw_queue_jobs', { queue, state: 'failed' }), `${queue} failed`).toBe(counts.failed);
      }
    });
  });
});
