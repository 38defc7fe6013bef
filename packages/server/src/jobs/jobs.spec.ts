import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG, loadConfig } from '../config/app-config';
import { RedisService } from '../redis/redis.service';
import { SESSION_CLEANUP_JOB } from '../auth/session-cleanup.job';
import { startTestApp, TestApp } from '../../test/test-app';
import { TEST_REDIS_PREFIX, TEST_REDIS_URL } from '../../test/test-env';
import { BullMqBackend } from './bullmq.backend';
import { InProcessBackend } from './in-process.backend';
import type { JobBackend, JobDefinition } from './job.types';
import { JobsService } from './jobs.service';

const waitFor = async (check: () => boolean, timeoutMs = 5000): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

function redisService(prefix: string): RedisService {
  const config = loadConfig({ REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, SESSION_SECRET: 's'.repeat(32), CRYPTO_SECRET: 'c'.repeat(32) });
  return new RedisService(config);
}

const backends: Array<[string, () => { backend: (defs: JobDefinition[]) => JobBackend; cleanup: () => Promise<void> }]> = [
  ['in-process', () => ({ backend: () => new InProcessBackend(), cleanup: async () => undefined })],
  [
    'BullMQ',
    () => {
      const redis = redisService(`${TEST_REDIS_PREFIX}:jobs${Date.now()}${Math.random().toString(36).slice(2, 6)}`);
      return {
        backend: (definitions) => new BullMqBackend(redis, definitions),
        cleanup: async () => {
          const keys = await redis.client.keys(`${redis.prefix}*`);
          if (keys.length > 0) await redis.client.del(...keys);
          await redis.onApplicationShutdown();
        },
      };
    },
  ],
];

describe.each(backends)('%s job backend', (_name, make) => {
  let sut: JobBackend;
  let cleanup: () => Promise<void>;
  const calls: unknown[] = [];
  let failuresLeft = 0;
  const definitions: JobDefinition[] = [
    { name: 'record', handle: async (data) => void calls.push(data) },
    {
      name: 'flaky',
      attempts: 3,
      handle: async (data) => {
        if (failuresLeft-- > 0) throw new Error('transient');
        calls.push(data);
      },
    },
    {
      name: 'slow',
      handle: async (data) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        calls.push(data);
      },
    },
  ];

  beforeAll(async () => {
    const made = make();
    cleanup = made.cleanup;
    sut = made.backend(definitions);
    await sut.startWorkers(definitions);
  });
  afterEach(() => {
    calls.length = 0;
  });
  afterAll(async () => {
    await sut.close();
    await cleanup();
  });

  it('runs an enqueued job with its data', async () => {
    await sut.run('record', { n: 1 }, 10_000);
    expect(calls).toEqual([{ n: 1 }]);
  });

  it('retries a failing job until it succeeds', async () => {
    failuresLeft = 2;
    await sut.run('flaky', { n: 2 }, 15_000);
    expect(calls).toEqual([{ n: 2 }]);
  });

  it('drops a duplicate job id while the first is still pending', async () => {
    await sut.enqueue('slow', { n: 3 }, { jobId: 'same' });
    await sut.enqueue('slow', { n: 3 }, { jobId: 'same' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls).toEqual([{ n: 3 }]);
  });

  it('runs a schedule repeatedly until it is removed', async () => {
    await sut.schedule('record', 200);
    await waitFor(() => calls.length >= 2, 8000);
    await sut.unschedule('record');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const settled = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calls.length).toBe(settled);
  });

  it('gives up waiting for a job that outlasts the timeout', async () => {
    await expect(sut.run('slow', { n: 5 }, 50)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 300));
  });

  it('refuses a job name without a handler', async () => {
    await expect(sut.enqueue('nobody-handles-this', {})).rejects.toThrow(/No handler/);
  });

  it('counts jobs per queue for operators', async () => {
    await sut.run('record', { n: 4 }, 10_000);
    const counts = await sut.counts('record');
    expect(counts.completed).toBeGreaterThanOrEqual(1);
  });
});

describe.each([
  ['Redis (BullMQ)', {}],
  ['in-process', { REDIS_URL: undefined }],
])('session-cleanup job on %s', (_name, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(env);
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes expired sessions and keeps live ones', async () => {
    const live = await t.signUp('keeper');
    await t.signUp('expiring');
    await t.db.query(`UPDATE sessions SET expires_at = 1 WHERE user_id = (SELECT id FROM users WHERE username = 'expiring')`);
    const jobs = t.app.get(JobsService);
    const redisEnabled = Boolean(t.app.get(APP_CONFIG).redisUrl);
    expect(redisEnabled).toBe(_name.startsWith('Redis'));
    await jobs.run(SESSION_CLEANUP_JOB);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'expiring'`);
    expect(count).toBe(0);
    expect((await live.agent.get('/api/user/self')).status).toBe(200);
  });
});
