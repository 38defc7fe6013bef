import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../relay-fixture';

/**
 * Fault item 2 of issue 19: the application is stopped (SIGTERM's path) while 100 streams are
 * open. Every stream ends as the client expects, and every charge and log row is written before
 * the process is gone. QuotaPerUnit 500 000: customers with 20 units are billed from quota holds
 * in memory, the poorer ones directly in the database; both kinds are here.
 */

const STREAMS = 100;
const CUSTOMERS = [
  { name: 'held-a', quota: 10_000_000 },
  { name: 'held-b', quota: 10_000_000 },
  { name: 'direct-a', quota: 400_000 },
  { name: 'direct-b', quota: 400_000 },
];
/** The mock's "slow-stream": 40 words, 50 ms apart. */
const WHOLE_ANSWER = Array.from({ length: 40 }, (_, index) => `w${index} `).join('');

describe('graceful shutdown with 100 streams open (reliability)', () => {
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

  it('ends every stream whole, then writes every charge and log row before stopping', async () => {
    const customers = await Promise.all(CUSTOMERS.map(async (plan) => ({ ...plan, ...(await f.customer(plan.name, plan.quota)) })));
    let started = 0;
    const read = async (client: OpenAI) => {
      const stream = await client.chat.completions.create({ model: 'slow-stream', stream: true, messages: [{ role: 'user', content: 'hi' }] });
      const parts: string[] = [];
      for await (const chunk of stream) {
        if (parts.length === 0) started += 1;
        parts.push(chunk.choices[0]?.delta?.content ?? '');
      }
      return parts.join('');
    };
    const answers = Promise.all(Array.from({ length: STREAMS }, (_, index) => read(customers[index % customers.length].client)));
    // Stopped once every stream has its first words: all 100 are open, none near its end.
    while (started < STREAMS) await new Promise((resolve) => setImmediate(resolve));
    const stopping = f.t.stopApp();
    expect(await answers).toEqual(Array.from({ length: STREAMS }, () => WHOLE_ANSWER));
    await stopping;

    for (const customer of customers) {
      const logs = await f.t.db.query('SELECT quota::integer AS quota FROM logs WHERE user_id = $1 AND type = 2', [customer.userId]);
      expect(logs).toHaveLength(STREAMS / customers.length);
      const charged = logs.reduce((sum: number, log: { quota: number }) => sum + log.quota, 0);
      expect(charged).toBeGreaterThan(0);
      const [user] = await f.t.db.query('SELECT quota::integer AS quota, used_quota::integer AS used, request_count FROM users WHERE id = $1', [customer.userId]);
      expect({ user: customer.name, quota: user.quota, used: user.used, requests: user.request_count }).toEqual({
        user: customer.name,
        quota: customer.quota - charged,
        used: charged,
        requests: STREAMS / customers.length,
      });
    }
    expect(Number((await f.t.db.query('SELECT count(*) AS n FROM quota_holds'))[0].n)).toBe(0);
  });
});
