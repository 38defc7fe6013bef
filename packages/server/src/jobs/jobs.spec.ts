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
    { name: 'broken', attempts: 1, handle: async (data) => Promise.reject(new Error(`broken ${(data as { n: number }).n}`)) },
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

  it('keeps the jobs that failed for good with their reason, newest first', async () => {
    await expect(sut.run('broken', { n: 1 }, 10_000)).rejects.toThrow();
    await expect(sut.run('broken', { n: 2 }, 10_000)).rejects.toThrow();
    const failures = await sut.recentFailures('broken', 10);
    expect(failures.map((failure) => failure.failed_reason)).toEqual(['broken 2', 'broken 1']);
    expect(failures[0]).toEqual({ id: expect.any(String), name: 'broken', failed_reason: 'broken 2', finished_at: expect.any(Number) });
    expect(Math.abs(failures[0].finished_at - Date.now() / 1000)).toBeLessThan(60);
    expect(await sut.recentFailures('broken', 1)).toHaveLength(1);
    expect((await sut.counts('broken')).failed).toBe(2);
    // A job that succeeded on a retry is no failure.
    expect(await sut.recentFailures('flaky', 10)).toEqual([]);
  });
});

describe(InProcessBackend.name, () => {
  it('keeps only the latest 50 failures of a queue, so a long-running process does not grow', async () => {
    const sut = new InProcessBackend();
    const definitions: JobDefinition[] = [{ name: 'broken', attempts: 1, handle: async (data) => Promise.reject(new Error(`broken ${(data as { n: number }).n}`)) }];
    await sut.startWorkers(definitions);
    for (let n = 1; n <= 60; n++) await expect(sut.run('broken', { n }, 5000)).rejects.toThrow();
    const failures = await sut.recentFailures('broken', 1000);
    expect(failures).toHaveLength(50);
    expect(failures[0].failed_reason).toBe('broken 60');
    expect(failures.at(-1)!.failed_reason).toBe('broken 11');
    expect((await sut.counts('broken')).failed).toBe(60);
    await sut.close();
  });

  it('counts a job waiting out its retry delay as delayed', async () => {
    const sut = new InProcessBackend();
    let calls = 0;
    const retrying: JobDefinition = {
      name: 'retrying',
      attempts: 2,
      handle: async () => {
        calls += 1;
        if (calls === 1) throw new Error('first try');
      },
    };
    await sut.startWorkers([retrying]);
    await sut.enqueue('retrying', {});
    await waitFor(() => calls === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await sut.counts('retrying')).toMatchObject({ waiting: 0, active: 0, delayed: 1 });
    await waitFor(() => calls === 2, 5000);
    await sut.close();
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
