import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';

const UPSTREAM_MS = 300;

describe('X-Gateway-Overhead-Ms: the gateway’s own time before the answer’s headers', () => {
  let f: RelayFixture;
  let openai: MockOpenAiUpstream;
  let key: string;

  const setOption = async (name: string, value: string) => expect((await f.admin.put('/api/option/').send({ key: name, value })).body).toMatchObject({ success: true });
  /** A chat call timed by the client: its status, the header, and the milliseconds until the headers came. */
  const call = async (model: string, stream: boolean) => {
    const sent = performance.now();
    const reply = await fetch(`${f.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const headersAfter = performance.now() - sent;
    await reply.text();
    return { status: reply.status, overhead: reply.headers.get('x-gateway-overhead-ms'), headersAfter };
  };

  beforeAll(async () => {
    openai = await new MockOpenAiUpstream().start();
    // The upstream takes 300 ms before its headers (whole and streamed), or between a stream's headers and its first chunk.
    openai.delays.set('overhead-slow', UPSTREAM_MS);
    openai.firstChunkDelays.set('overhead-late-token', UPSTREAM_MS);
    f = await startRelayFixture({ models: ['overhead-slow', 'overhead-late-token'], completionRatio: 1, channelDefaults: { type: 1, key: 'sk-overhead', base_url: openai.url } });
    await f.channel({ name: 'overhead', models: 'overhead-slow,overhead-late-token' });
    ({ key } = await f.customer('overhead-user', 1_000_000));
  });
  afterAll(async () => {
    await f?.t.close();
    await openai?.stop();
  });

  it('is not sent while OverheadHeaderEnabled is off (the default)', async () => {
    for (const stream of [false, true]) {
      const reply = await call('overhead-slow', stream);
      expect(reply.status).toBe(200);
      expect(reply.overhead).toBeNull();
    }
  });

  it('counts neither the upstream’s wait for its answer nor for a stream’s first chunk, on whole and streamed answers', async () => {
    await setOption('OverheadHeaderEnabled', 'true');
    try {
      for (const [model, stream] of [
        ['overhead-slow', false],
        ['overhead-slow', true],
        ['overhead-late-token', true],
      ] as const) {
        const reply = await call(model, stream);
        expect(reply.status).toBe(200);
        expect(reply.overhead, `${model} ${stream}`).toMatch(/^\d+\.\d{2}$/);
        // The answer's headers came after the upstream's 300 ms, none of which is the gateway's.
        expect(reply.headersAfter).toBeGreaterThanOrEqual(UPSTREAM_MS);
        expect(Number(reply.overhead), `${model} ${stream}`).toBeLessThan(reply.headersAfter - UPSTREAM_MS + 1);
      }
    } finally {
      await setOption('OverheadHeaderEnabled', 'false');
    }
  });
});
