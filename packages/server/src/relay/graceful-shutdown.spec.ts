import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';

/** QuotaPerUnit 500 000: a customer with 20 units is billed from a quota hold, in memory. */
const WELL_FUNDED = 10_000_000;

describe('graceful shutdown with relay calls in flight (integration)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['slow-stream'], completionRatio: 1, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    await f.channel({ name: 'slow', models: 'slow-stream' });
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  it('lets a streaming answer finish, then writes its charge and its log row before stopping', async () => {
    const { client, userId } = await f.customer('at-shutdown', WELL_FUNDED);
    const stream = await client.chat.completions.create({ model: 'slow-stream', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    const parts: string[] = [];
    const reading = (async () => {
      for await (const chunk of stream) parts.push(chunk.choices[0]?.delta?.content ?? '');
    })();
    // The answer takes about two seconds; stop the application while it is under way.
    await new Promise((done) => setTimeout(done, 300));
    const stopping = f.t.stopApp();
    await reading;
    await stopping;
    expect(parts.join('')).toBe(Array.from({ length: 40 }, (_, index) => `w${index} `).join(''));
    const [log] = await f.t.db.query('SELECT quota, completion_tokens FROM logs WHERE user_id = $1 AND type = 2', [userId]);
    expect(log).toBeDefined();
    const [user] = await f.t.db.query('SELECT quota, used_quota, request_count FROM users WHERE id = $1', [userId]);
    expect({ quota: Number(user.quota), used: Number(user.used_quota), requests: user.request_count }).toEqual({
      quota: WELL_FUNDED - Number(log.quota),
      used: Number(log.quota),
      requests: 1,
    });
    expect(Number(log.quota)).toBeGreaterThan(0);
    expect(Number((await f.t.db.query('SELECT count(*) AS n FROM quota_holds'))[0].n)).toBe(0);
  });
});
