import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CLEANUP_JOB } from '../../src/auth/session-cleanup.job';
import { JobsService } from '../../src/jobs/jobs.service';
import { LogWriterService } from '../../src/logs/log-writer.service';
import { QuotaLedgerService } from '../../src/relay/billing/quota-ledger.service';
import { MockOpenAiUpstream } from '../mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../relay-fixture';
import { type SecondInstance, startSecondInstance } from '../test-app';
import { type PrivateRedis, startPrivateRedis } from './private-services';

/**
 * Issue 19, fault 3: Redis is killed while the relay serves, and later started again (empty, as
 * after a crash without persistence). Every relay call keeps being answered, the limits that count
 * in Redis count in memory meanwhile, and once Redis is back the application uses it again by
 * itself: no restart.
 */

const MODEL = 'mock-a';
/** A mock answer: 11 prompt tokens + 7 completion tokens at ratio 1, completion ratio 2. */
const COST = 25;
const UNIT = 500_000;
/** The limited token's requests per minute. */
const RATE = 3;

interface Reply {
  status: number;
  body: string;
  stream: boolean;
}

interface Customer {
  userId: number;
  tokenId: number;
  key: string;
  quota: number;
}

describe('Redis restarts while the relay serves', () => {
  let redis: PrivateRedis;
  let upstream: MockOpenAiUpstream;
  let f: RelayFixture;
  let prefix: string;
  /** Billed from an in-memory hold, and billed directly in the database: both paths. */
  let held: Customer;
  let direct: Customer;
  /** A token with a rate limit, to see it enforced while its counter cannot be in Redis. */
  let limited: Customer;
  let channelId: number;
  /** Another instance on the same database and Redis: it misses what is announced while Redis is down. */
  let second: SecondInstance;

  /** One relay call, streamed or not; answers the status and the whole body. */
  const call = async (key: string, stream: boolean): Promise<Omit<Reply, 'stream'>> => {
    const reply = await fetch(`${f.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, stream, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }),
    });
    return { status: reply.status, body: await reply.text() };
  };

  /** Calls from four clients per customer, each calling again as soon as it has its answer, half of them streamed, until stopped. */
  const startTraffic = (customers: Customer[]) => {
    const replies: Reply[] = [];
    let stopped = false;
    const client = async (key: string, first: number) => {
      for (let i = first; !stopped; i += 4) {
        const stream = i % 2 === 0;
        replies.push({ ...(await call(key, stream)), stream });
      }
    };
    const done = Promise.all(customers.flatMap((customer) => [0, 1, 2, 3].map((first) => client(customer.key, first))));
    return {
      replies,
      /** Resolves once `count` replies have come in, in all. */
      answered: async (count: number) => {
        while (replies.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
      },
      stop: async () => {
        stopped = true;
        await done;
        return replies;
      },
    };
  };
  let traffic: ReturnType<typeof startTraffic>;

  const expectAllServed = (replies: Reply[]) => {
    const failed = replies.filter((reply) => reply.status !== 200 || (reply.stream ? !reply.body.trimEnd().endsWith('data: [DONE]') : !reply.body.includes(`Hello from ${MODEL}`)));
    expect(failed).toEqual([]);
  };

  const customer = async (name: string, quota: number, tokenFields: Record<string, unknown>): Promise<Customer> => {
    const { userId, key } = await f.customer(name, quota, tokenFields);
    const [token] = await f.t.db.query('SELECT id FROM tokens WHERE user_id = $1', [userId]);
    return { userId, tokenId: token.id, key, quota };
  };

  const redisKeys = (pattern: string) => redis.client.keys(`${prefix}:${pattern}`);

  beforeAll(async () => {
    redis = await startPrivateRedis();
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({
      models: [MODEL],
      completionRatio: 2,
      channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url },
      env: { REDIS_URL: redis.url },
    });
    prefix = f.t.config.redisPrefix;
    // A channel request limit far above the test's traffic: counted (in Redis, or in memory), never reached.
    channelId = await f.channel({ models: MODEL, model_req_limit: JSON.stringify({ rpm: 100_000 }) });
    // Held: room for many holds. Direct: a hold of one unit does not fit four times.
    held = await customer('held', 400 * UNIT, { rate_limit_enabled: true, rate_per_minute: 100_000 });
    direct = await customer('direct', 3 * UNIT, { rate_limit_enabled: true, rate_per_minute: 100_000 });
    limited = await customer('limited', 10 * UNIT, { rate_limit_enabled: true, rate_per_minute: RATE });
    second = await startSecondInstance(f.t);
  });
  afterAll(async () => {
    await traffic?.stop();
    await second?.close();
    await f?.t.close();
    await upstream?.stop();
    await redis?.stop();
  });

  it('with Redis up, counts token rate limits and channel request limits in Redis', async () => {
    traffic = startTraffic([held, direct]);
    await traffic.answered(20);
    expect(await redisKeys(`rate:token:${held.tokenId}`)).toHaveLength(1);
    expect(await redisKeys(`chlimit:${channelId}`)).toHaveLength(1);
  });

  it('killed while calls are in flight: keeps answering every call, streamed or not, and the console API', async () => {
    await redis.kill();
    const atKill = traffic.replies.length;
    await traffic.answered(atKill + 80);
    // The console API counts its rate limit in Redis too.
    const status = await f.t.http().get('/api/status');
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ database: 'ok', redis: 'unreachable' });
    const self = await f.admin.get('/api/user/self');
    expect(self.status).toBe(200);
    expect(self.body.success).toBe(true);
    expectAllServed(traffic.replies);
  });

  it('while Redis is down, an option saved on one instance cannot be announced to the other', async () => {
    expect((await f.admin.put('/api/option/').send({ key: 'SystemName', value: '停机期间改的名字' })).body.success).toBe(true);
    expect((await f.t.http().get('/api/status')).body.data.system_name).toBe('停机期间改的名字');
    expect((await second.http().get('/api/status')).body.data.system_name).not.toBe('停机期间改的名字');
  });

  it('while Redis is down, still limits a token to its rate per minute (counted in memory)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= RATE; i++) statuses.push((await call(limited.key, false)).status);
    expect(statuses).toEqual([...Array(RATE).fill(200), 429]);
  });

  it('started again while calls go on: uses Redis again without a restart, for limits and for jobs', async () => {
    await redis.restart();
    // Redis started empty (no persistence): whenever the application has reconnected, the next calls count there again.
    while ((await redisKeys(`rate:token:${held.tokenId}`)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    while ((await redisKeys(`chlimit:${channelId}`)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await f.t.http().get('/api/status')).body.data).toMatchObject({ database: 'ok', redis: 'ok' });
    // The other instance heard nothing while Redis was down: back on the bus, it reads the options again.
    await expect.poll(async () => (await second.http().get('/api/status')).body.data.system_name, { timeout: 10_000 }).toBe('停机期间改的名字');
    // A job goes through BullMQ on the restarted Redis, and a worker of this application runs it.
    await f.t.app.get(JobsService).run(SESSION_CLEANUP_JOB, {}, 20_000);
    expect(await redisKeys(`bull:${SESSION_CLEANUP_JOB}:*`)).not.toEqual([]);
    const replies = await traffic.stop();
    expectAllServed(replies);
  });

  it('charged every customer exactly what was logged, and left nothing reserved or held', async () => {
    await f.t.app.get(QuotaLedgerService).flush(true);
    await f.t.app.get(LogWriterService).flush();
    const db = f.t.db;
    for (const customer of [held, direct, limited]) {
      const [user] = await db.query('SELECT quota, used_quota, request_count FROM users WHERE id = $1', [customer.userId]);
      const [logs] = await db.query('SELECT COALESCE(sum(quota), 0) AS charged, count(*) AS n FROM logs WHERE user_id = $1 AND type = 2', [customer.userId]);
      expect({ moved: customer.quota - Number(user.quota), used: Number(user.used_quota), requests: user.request_count }).toEqual({
        moved: Number(logs.charged),
        used: Number(logs.charged),
        requests: Number(logs.n),
      });
    }
    const [logs] = await db.query('SELECT count(*) AS n, COALESCE(sum(quota), 0) AS charged FROM logs WHERE type = 2');
    // Every call answered was charged once, COST each: the traffic's and RATE of the limited token.
    expect(Number(logs.n)).toBe(traffic.replies.length + RATE);
    expect(Number(logs.charged)).toBe(Number(logs.n) * COST);
    const [left] = await db.query('SELECT (SELECT count(*) FROM quota_reservations) AS reservations, (SELECT count(*) FROM quota_holds) AS holds');
    expect({ reservations: Number(left.reservations), holds: Number(left.holds) }).toEqual({ reservations: 0, holds: 0 });
  });
});
