import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { MODEL_HEARTBEAT_JOB } from '../model-health/model-heartbeat.job';
import { SESSION_CLEANUP_JOB } from '../auth/session-cleanup.job';
import { JobsService } from './jobs.service';

interface QueueStatusRow {
  queue: string;
  counts: Record<string, number>;
  recent_failures: Array<{ id: string; name: string; failed_reason: string; finished_at: number }>;
}

describe.each([
  ['Redis (BullMQ)', {}],
  ['in-process', { REDIS_URL: undefined }],
])('GET /api/jobs/status on %s', (backend, env) => {
  let t: TestApp;
  let root: TestAgent;

  beforeAll(async () => {
    t = await startTestApp(env);
    expect(Boolean(t.config.redisUrl)).toBe(backend.startsWith('Redis'));
    root = (await t.login('root', ROOT_PASSWORD)).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows every registered queue with its counts', async () => {
    await t.app.get(JobsService).run(SESSION_CLEANUP_JOB);
    const reply = await root.get('/api/jobs/status');
    expect(reply.body.success).toBe(true);
    const queues: QueueStatusRow[] = reply.body.data;
    expect(queues.map((queue) => queue.queue).sort()).toEqual(t.app.get(JobsService).queueNames().sort());
    expect(queues.map((queue) => queue.queue)).toEqual(expect.arrayContaining([SESSION_CLEANUP_JOB, MODEL_HEARTBEAT_JOB]));
    const cleanup = queues.find((queue) => queue.queue === SESSION_CLEANUP_JOB)!;
    expect(Object.keys(cleanup.counts).sort()).toEqual(['active', 'completed', 'delayed', 'failed', 'waiting']);
    expect(cleanup.counts.completed).toBeGreaterThanOrEqual(1);
    expect(cleanup.recent_failures).toEqual([]);
  });

  it('shows a job that failed for good with its reason', async () => {
    await expect(t.app.get(JobsService).run(MODEL_HEARTBEAT_JOB, { slot: 'soon' }, 20_000)).rejects.toThrow();
    const reply = await root.get('/api/jobs/status');
    const heartbeat = (reply.body.data as QueueStatusRow[]).find((queue) => queue.queue === MODEL_HEARTBEAT_JOB)!;
    expect(heartbeat.counts.failed).toBe(1);
    expect(heartbeat.recent_failures).toEqual([
      { id: expect.any(String), name: MODEL_HEARTBEAT_JOB, failed_reason: '任务数据无效：slot 必须是以秒为单位的时间戳，收到 "soon"', finished_at: expect.any(Number) },
    ]);
    expect(Math.abs(heartbeat.recent_failures[0].finished_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('is for administrators only', async () => {
    const { agent, userId } = await t.signUp('an-admin');
    expect((await agent.get('/api/jobs/status')).status).toBe(403);
    expect((await t.http().get('/api/jobs/status')).status).toBe(401);
    await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [userId]);
    expect((await agent.get('/api/jobs/status')).body.success).toBe(true);
  });
});
