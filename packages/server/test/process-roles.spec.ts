import type { INestApplicationContext } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerContext } from '../src/app.factory';
import { SESSION_CLEANUP_JOB } from '../src/auth/session-cleanup.job';
import { loadConfig } from '../src/config/app-config';
import { JobsService } from '../src/jobs/jobs.service';
import { MockOpenAiUpstream } from './mock-openai-upstream';
import { ROOT_PASSWORD, startTestApp, TestApp } from './test-app';

describe('ROLE=api with a ROLE=worker process', () => {
  let api: TestApp;
  let worker: INestApplicationContext;
  let upstream: MockOpenAiUpstream;
  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    api = await startTestApp({ ROLE: 'api' });
    const config = api.config;
    worker = await createWorkerContext(
      loadConfig({
        ROLE: 'worker',
        DATABASE_URL: config.databaseUrl,
        REDIS_URL: config.redisUrl,
        REDIS_PREFIX: config.redisPrefix,
        DATA_DIR: config.dataDir,
        LOG_LEVEL: 'error',
      }),
    );
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
    await upstream.stop();
  });

  it('the API process only enqueues; the worker process runs the job', async () => {
    expect(api.app.get(JobsService).processesJobs).toBe(false);
    expect(worker.get(JobsService).processesJobs).toBe(true);
    await api.signUp('stale');
    await api.db.query('UPDATE sessions SET expires_at = 1');
    await api.app.get(JobsService).run(SESSION_CLEANUP_JOB, {}, 20_000);
    const [{ count }] = await api.db.query('SELECT count(*)::int AS count FROM sessions');
    expect(count).toBe(0);
  });

  it('"test all channels" asked of the API process is run by the worker process', async () => {
    const { agent } = await api.login('root', ROOT_PASSWORD);
    const created = await agent.post('/api/channel/').send({ type: 1, name: 'tested-by-worker', key: 'sk-w', base_url: upstream.url, models: 'mock-a', groups: ['default'] });
    const id = created.body.data.ids[0];
    expect((await agent.get('/api/channel/test')).body.success).toBe(true);
    for (let i = 0; i < 200; i++) {
      const [row] = await api.db.query('SELECT test_time, response_time FROM channels WHERE id = $1', [id]);
      if (Number(row.test_time) > 0) return expect(upstream.seen.some((seen) => seen.authorization === 'Bearer sk-w')).toBe(true);
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error('the worker did not test the channel within 20 s');
  });

  it('the worker process serves no HTTP and creates no root user of its own', async () => {
    expect('getHttpServer' in worker).toBe(false);
    const [{ count }] = await api.db.query(`SELECT count(*)::int AS count FROM users WHERE username = 'root'`);
    expect(count).toBe(1);
  });
});
