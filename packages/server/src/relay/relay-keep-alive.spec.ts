import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';

/**
 * A client must learn how long the gateway keeps an idle connection, on whole and streamed
 * answers alike: a client that keeps it longer sends its next request as the server closes it and
 * gets ECONNRESET (the relay bench's generator did, on streamed answers only, whose explicit
 * `Connection` header made Node drop the hint).
 */
describe('relay connections: kept alive 65 s, and every answer says so', () => {
  let f: RelayFixture;
  let openai: MockOpenAiUpstream;
  let key: string;
  let pool: Pool;

  beforeAll(async () => {
    openai = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['keep-alive-model'], completionRatio: 1, channelDefaults: { type: 1, key: 'sk-keep-alive', base_url: openai.url } });
    await f.channel({ name: 'keep-alive', models: 'keep-alive-model' });
    ({ key } = await f.customer('keep-alive-user', 1_000_000));
    pool = new Pool(new URL(f.baseURL).origin, { connections: 1 });
  });
  afterAll(async () => {
    await pool?.close();
    await f?.t.close();
    await openai?.stop();
  });

  it('sends Keep-Alive: timeout=65 on whole and streamed answers', async () => {
    for (const stream of [false, true, false, true]) {
      const reply = await pool.request({
        path: '/v1/chat/completions',
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'keep-alive-model', stream, messages: [{ role: 'user', content: 'hi' }] }),
      });
      const text = await reply.body.text();
      expect(reply.statusCode, text).toBe(200);
      expect(reply.headers.connection, `stream ${stream}`).toBe('keep-alive');
      expect(reply.headers['keep-alive'], `stream ${stream}`).toBe('timeout=65');
      if (stream) expect(text).toContain('data: [DONE]');
    }
    const server = f.t.app.getHttpServer();
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBeGreaterThan(65_000);
  });
});
