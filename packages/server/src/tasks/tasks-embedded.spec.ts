import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogWriterService } from '../logs/log-writer.service';
import { type EmbeddedApp, startEmbeddedApp } from '../../test/embedded-app';
import { MockMidjourneyProxy } from '../../test/mock-midjourney-proxy';
import { TaskPoller } from './task-poller';

/** The embedded default (DESIGN.md §3): a task reserved, followed and charged on PGlite with in-process jobs. */
describe('async tasks on the embedded database (integration)', () => {
  let embedded: EmbeddedApp;
  let mj: MockMidjourneyProxy;
  let root: TestAgent;

  beforeAll(async () => {
    mj = await new MockMidjourneyProxy().start();
    embedded = await startEmbeddedApp('tasks');
    root = await embedded.signInRoot();
    await root.put('/api/option/').send({ key: 'DrawingEnabled', value: 'true' }).expect(200);
    const channel = await root.post('/api/channel/').send({ name: 'mj', type: 2, key: 'mj-secret', base_url: mj.url, models: 'mj_imagine', groups: ['default'] });
    expect(channel.body.success).toBe(true);
    await embedded.db.query('UPDATE users SET quota = 1000000 WHERE id = 1');
  }, 120_000);
  afterAll(async () => {
    await embedded?.close();
    await mj?.stop();
  });

  it('reserves at submit, charges once at success and refunds a failure', async () => {
    const token = await root.post('/api/token/').send({ name: 'mj', unlimited_quota: true });
    const key = token.body.data[0].key as string;
    const server = embedded.app.getHttpServer();
    const submit = () => request(server).post('/mj/submit/imagine').set('authorization', `Bearer ${key}`).send({ prompt: 'embedded' }).expect(200);
    const ok = (await submit()).body.result as string;
    const bad = (await submit()).body.result as string;
    const quota = async () => Number((await embedded.db.query('SELECT quota FROM users WHERE id = 1'))[0].quota);
    expect(await quota()).toBe(1_000_000 - 100_000);
    const upstream = async (id: string) => (await embedded.db.query('SELECT upstream_id FROM tasks WHERE public_id = $1', [id]))[0].upstream_id as string;
    mj.succeed(await upstream(ok));
    mj.update(await upstream(bad), { status: 'FAILURE', failReason: 'no' });
    const poller = embedded.app.get(TaskPoller);
    await Promise.all([poller.pollAll(), poller.pollAll()]);
    await poller.pollAll();
    expect(await quota()).toBe(1_000_000 - 50_000);
    await embedded.app.get(LogWriterService).flush();
    const logs = await embedded.db.query('SELECT type, quota FROM logs WHERE user_id = 1 AND type IN (2, 4) ORDER BY id');
    expect(logs.map((log: { type: number; quota: string }) => [log.type, Number(log.quota)])).toEqual([
      [2, 50_000],
      [4, 0],
    ]);
  });
});
