import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { MockWebhook } from '../../test/mock-webhook';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';
import { JobsService } from '../jobs/jobs.service';
import { LogWriterService } from '../logs/log-writer.service';
import { OptionsService } from '../options/options.service';
import { CHANNEL_TEST_JOB, monitorEveryMs } from './channel-test.job';

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const backends: Array<[string, Record<string, string | undefined>]> = [
  ['BullMQ', {}],
  ['in-process', { REDIS_URL: undefined }],
];

describe.each(backends)('channel tests on the %s job backend', (backend, env) => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockOpenAiUpstream;
  let webhook: MockWebhook;

  const setOption = async (key: string, value: string) => expect((await admin.put('/api/option/').send({ key, value })).body.success).toBe(true);
  const row = async (id: number) => (await t.db.query('SELECT status, test_time, response_time FROM channels WHERE id = $1', [id]))[0];
  const tested = async (id: number) => Number((await row(id)).test_time) > 0;
  const probesOf = (model: string) => upstream.seen.filter((request) => request.body.model === model).length;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    webhook = await new MockWebhook().start();
    f = await startRelayFixture({ models: ['mock-a'], completionRatio: 1, channelDefaults: { type: 1, name: 'queued', key: 'sk-q', base_url: upstream.url }, env: { ...env, OUTBOUND_ALLOW_PRIVATE: 'webhook' } });
    ({ t, admin } = f);
    await setOption('AlertEnabled', 'true');
    await setOption('AlertWebHookUrl', webhook.url);
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
    await webhook.stop();
  });

  it('"test all" answers at once and tests enabled and auto-disabled channels through the queue, never manually disabled ones', async () => {
    const enabled = await f.channel({ name: 'on', models: 'mock-a' });
    const auto = await f.channel({ name: 'auto', models: 'mock-a' });
    const manual = await f.channel({ name: 'manual', models: 'mock-a', status: 2 });
    await t.db.query('UPDATE channels SET status = 3 WHERE id = $1', [auto]);

    const reply = await admin.get('/api/channel/test');
    expect(reply.body).toMatchObject({ success: true, message: '已开始测试所有渠道，请稍后刷新查看结果' });

    await waitUntil(async () => (await tested(enabled)) && (await tested(auto)));
    expect(await row(auto)).toMatchObject({ status: 3 });
    await t.app.get(LogWriterService).flush();
    const logs = await t.db.query(`SELECT channel, user_id, quota FROM logs WHERE content = '渠道测试' ORDER BY channel`);
    expect(logs.map((log: { channel: number }) => log.channel)).toEqual([enabled, auto]);
    expect(logs.every((log: { user_id: number; quota: string }) => log.user_id === 1 && log.quota === '0')).toBe(true);
    expect(await tested(manual)).toBe(false);
  });

  it('queues a channel once per run: the same job id twice tests once', async () => {
    const model = `once-${backend}`;
    const id = await f.channel({ name: 'once', models: model });
    const jobs = t.app.get(JobsService);
    const data = { channelId: id, runId: 'r-once' };
    await Promise.all([jobs.enqueue(CHANNEL_TEST_JOB, data, { jobId: `r-once-${id}` }), jobs.enqueue(CHANNEL_TEST_JOB, data, { jobId: `r-once-${id}` })]);
    await waitUntil(() => tested(id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(probesOf(model)).toBe(1);
  });

  it('a job delivered twice is harmless: the channel is disabled once and one alert is sent', async () => {
    await setOption('AutomaticDisableChannelEnabled', 'true');
    const id = await f.channel({ name: 'twice', models: 'fail-401', auto_ban: 1 });
    const jobs = t.app.get(JobsService);
    await jobs.run(CHANNEL_TEST_JOB, { channelId: id, runId: 'r-twice' });
    await jobs.run(CHANNEL_TEST_JOB, { channelId: id, runId: 'r-twice' });
    expect((await row(id)).status).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(webhook.received.filter((alert) => alert.title === `渠道「twice」（#${id}）已被自动禁用`)).toHaveLength(1);
    await setOption('AutomaticDisableChannelEnabled', 'false');
  });

  it('schedules the monitoring sweep every MonitorInterval minutes only while automatic disable or enable is on', async () => {
    const options = t.app.get(OptionsService);
    await setOption('MonitorInterval', '3');
    expect(monitorEveryMs(options)).toBe(0);
    await setOption('AutomaticEnableChannelEnabled', 'true');
    expect(monitorEveryMs(options)).toBe(180_000);
    await setOption('AutomaticEnableChannelEnabled', 'false');
    await setOption('AutomaticDisableChannelEnabled', 'true');
    expect(monitorEveryMs(options)).toBe(180_000);
    await setOption('AutomaticDisableChannelEnabled', 'false');
  });

  it('turning monitoring on sweeps at once and brings back a working auto-disabled channel', async () => {
    const id = await f.channel({ name: 'revived', models: 'mock-a' });
    await t.db.query('UPDATE channels SET status = 3 WHERE id = $1', [id]);
    await setOption('AutomaticEnableChannelEnabled', 'true');
    await waitUntil(async () => (await row(id)).status === 1);
    await setOption('AutomaticEnableChannelEnabled', 'false');
  });
});
