import { Logger } from '@nestjs/common';
import TestAgent from 'supertest/lib/agent';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Everything the process writes to stdout and stderr while it runs. */
class OutputCapture {
  private text = '';
  private restore: Array<() => void> = [];

  start(): void {
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write;
      stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        this.text += chunk.toString();
        return (write as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
      }) as typeof stream.write;
      this.restore.push(() => (stream.write = write));
    }
  }

  stop(): void {
    for (const restore of this.restore.splice(0)) restore();
    this.text = '';
  }

  /** The lines written so far that mention `needle`. */
  linesWith(needle: string): string[] {
    return this.text.split('\n').filter((line) => line.includes(needle));
  }
}

describe('request ids and LOG_FORMAT=json (integration)', () => {
  let f: RelayFixture;
  let admin: TestAgent;
  let upstream: MockOpenAiUpstream;
  const output = new OutputCapture();

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({
      models: ['fail-401', 'mock-j'],
      completionRatio: 1,
      channelDefaults: { type: 1, key: 'sk-upstream', base_url: upstream.url, auto_ban: 1 },
      env: { LOG_FORMAT: 'json', LOG_LEVEL: 'log' },
    });
    admin = f.admin;
    await admin.put('/api/option/').send({ key: 'AutomaticDisableChannelEnabled', value: 'true' });
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });
  beforeEach(() => output.start());
  afterEach(() => output.stop());

  /** The JSON log line that mentions `needle`; every line mentioning it must be JSON. */
  const logLineWith = (needle: string): Record<string, unknown> => {
    const lines = output.linesWith(needle);
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]) as Record<string, unknown>;
  };

  const relayCall = (key: string, model: string, requestId: string) =>
    fetch(`${f.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });

  it('writes the relay request id on the log lines of that request, echoes it and keeps it in the log row', async () => {
    const channelId = await f.channel({ name: 'dead-relay', models: 'fail-401' });
    const { key, userId } = await f.customer('json-relay', 1_000_000);
    const reply = await relayCall(key, 'fail-401', 'trace-relay.1_A-z');
    expect(reply.status).toBe(502);
    expect(reply.headers.get('x-request-id')).toBe('trace-relay.1_A-z');

    const line = logLineWith(`Channel ${channelId} (dead-relay) disabled`);
    expect(line).toMatchObject({ level: 'warn', context: 'AutoDisableService', requestId: 'trace-relay.1_A-z' });
    expect(typeof line.timestamp).toBe('number');
    const [log] = await f.logsOf(userId);
    expect(log.request_id).toBe('trace-relay.1_A-z');
    // The key the client sent is on no line.
    expect(output.linesWith(key)).toEqual([]);
  });

  it('does the same for a console call through Express', async () => {
    const channelId = await f.channel({ name: 'dead-console', models: 'fail-401' });
    const reply = await admin.get(`/api/channel/test/${channelId}`).set('X-Request-Id', 'console-trace-7');
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(false);
    expect(reply.headers['x-request-id']).toBe('console-trace-7');
    expect(logLineWith(`Channel ${channelId} (dead-console) disabled`)).toMatchObject({ level: 'warn', requestId: 'console-trace-7' });
  });

  it('replaces an X-Request-Id that is too long or not a plain token with a new UUID', async () => {
    const { key, userId } = await f.customer('json-bad-id', 1_000_000);
    const given = ['x'.repeat(65), 'has spaces in it', 'quote"and{brace}', 'slash/and:colon'];
    const echoed: string[] = [];
    for (const requestId of given) {
      const channelId = await f.channel({ name: `dead-${echoed.length}`, models: 'fail-401', priority: 100 + echoed.length });
      const reply = await relayCall(key, 'fail-401', requestId);
      const id = reply.headers.get('x-request-id')!;
      expect(id).toMatch(UUID);
      expect(logLineWith(`Channel ${channelId} (dead-${echoed.length}) disabled`).requestId).toBe(id);
      echoed.push(id);
    }
    expect(new Set(echoed).size).toBe(given.length);
    const logs = await f.logsOf(userId, given.length);
    expect(logs.map((log) => log.request_id)).toEqual(echoed);
    // 64 characters are still a sane id.
    const longest = 'y'.repeat(64);
    expect((await f.t.http().get('/api/status').set('X-Request-Id', longest)).headers['x-request-id']).toBe(longest);
  });

  it('writes no request id on lines written outside any request, even after requests ran', async () => {
    expect((await f.t.http().get('/api/status').set('X-Request-Id', 'earlier-request')).status).toBe(200);
    new Logger('OutsideProbe').log('written by no request');
    expect(logLineWith('written by no request')).toMatchObject({ level: 'log', context: 'OutsideProbe' });
    expect(logLineWith('written by no request').requestId).toBeUndefined();
  });
});
