import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';
import { MSG_CHANNEL_NOT_FOUND } from '../channels/channel-rules';
import { JobsService } from '../jobs/jobs.service';
import { LogWriterService } from '../logs/log-writer.service';
import { CHANNEL_TEST_JOB } from './channel-test.job';

const MODELS = ['mt-a', 'mt-b', 'mt-c', 'text-embedding-3-small', 'gpt-5-codex', 'o3-pro', 'sw-a', 'sw-b', 'dm-a', 'dm-b'];
/** Upstream names the mock answers 404 model_not_found while they are in its goneModels. */
const GONE_B = 'gone-mt-b';
const GONE_SWEEP = 'gone-sw-b';

describe('testing every model of a channel, and the sweep bringing back models (issue 29)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockOpenAiUpstream;

  const setOption = async (key: string, value: string) => expect((await admin.put('/api/option/').send({ key, value })).body.success, key).toBe(true);
  const modelRows = async (channelId: number): Promise<Array<[string, number, boolean]>> =>
    (await t.db.query('SELECT model, status, enabled FROM abilities WHERE channel_id = $1 ORDER BY model, "group"', [channelId])).map(
      (row: { model: string; status: number; enabled: boolean }): [string, number, boolean] => [row.model, row.status, row.enabled],
    );
  const channelStatus = async (id: number) => (await t.db.query('SELECT status FROM channels WHERE id = $1', [id]))[0].status;
  const seenAt = (model: string) => upstream.seen.filter((seen) => seen.body.model === model).map((seen) => seen.path);

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    upstream.goneModels.add(GONE_B);
    // Job workers on, for the sweep. Turning monitoring on also sweeps at once in the background:
    // that sweep tests each channel's default model (healthy here), so it cannot race the assertions.
    f = await startRelayFixture({ models: MODELS, completionRatio: 1, channelDefaults: { type: 1, key: 'sk-model-tests', base_url: upstream.url } });
    ({ t, admin } = f);
    await setOption('MonitorInterval', '60');
    await setOption('AutomaticDisableChannelEnabled', 'true');
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });
  beforeEach(async () => {
    await setOption('AutomaticEnableChannelEnabled', 'false');
  });

  it('tests every model through the endpoint a client would use, disables the one the upstream lacks, and logs each test', async () => {
    const id = await f.channel({ name: 'matrix', models: 'mt-a,mt-b,text-embedding-3-small,gpt-5-codex,o3-pro', model_mapping: JSON.stringify({ 'mt-b': GONE_B }) });

    const reply = await admin.post(`/api/channel/test_models/${id}`);

    expect(reply.body.success).toBe(true);
    const rows = reply.body.data as Array<Record<string, unknown>>;
    expect(rows.map((row) => [row.model, row.success, row.endpoint, row.model_status_change, row.status_change])).toEqual([
      ['mt-a', true, '/v1/chat/completions', null, null],
      ['mt-b', false, '/v1/chat/completions', 'disabled', null],
      ['text-embedding-3-small', true, '/v1/embeddings', null, null],
      ['gpt-5-codex', true, '/v1/responses', null, null],
      ['o3-pro', true, '/v1/responses', null, null],
    ]);
    for (const row of rows) {
      expect(typeof row.time).toBe('number');
      expect(row.time as number).toBeLessThan(10);
    }
    expect(rows[0].message).toBe('');
    expect(rows[1].message).toContain(`The model \`${GONE_B}\` does not exist`);
    expect(rows[1].message).toContain('（模型 mt-b 已在该渠道被自动禁用）');

    expect(new Set(seenAt('gpt-5-codex'))).toEqual(new Set(['/v1/responses']));
    expect(upstream.seen.find((seen) => seen.body.model === 'o3-pro')?.body).toEqual({ model: 'o3-pro', input: 'hi', max_output_tokens: 16, stream: false });
    expect(await channelStatus(id)).toBe(1);
    expect(await modelRows(id)).toEqual([
      ['gpt-5-codex', 1, true],
      ['mt-a', 1, true],
      ['mt-b', 3, false],
      ['o3-pro', 1, true],
      ['text-embedding-3-small', 1, true],
    ]);
    await t.app.get(LogWriterService).flush();
    const logs = await t.db.query(`SELECT model_name, user_id FROM logs WHERE channel = $1 AND content = '渠道测试' ORDER BY model_name`, [id]);
    expect(logs).toEqual(['gpt-5-codex', 'mt-a', 'mt-b', 'o3-pro', 'text-embedding-3-small'].map((model) => ({ model_name: model, user_id: 1 })));

    // Tested again once the upstream has the model, with automatic enable on: it comes back.
    upstream.goneModels.delete(GONE_B);
    await setOption('AutomaticEnableChannelEnabled', 'true');
    const again = await admin.post(`/api/channel/test_models/${id}`);
    expect(again.body.data.find((row: { model: string }) => row.model === 'mt-b')).toMatchObject({ success: true, model_status_change: 'enabled' });
    expect((await modelRows(id)).every(([, status, enabled]) => status === 1 && enabled)).toBe(true);
    upstream.goneModels.add(GONE_B);
  });

  it('tests a Responses-only model through chat on a channel type whose adaptor has no Responses API', async () => {
    // Type 40 (SiliconFlow) is OpenAI-compatible through chat completions only.
    const compatible = await f.channel({ name: 'compatible', type: 40, models: 'gpt-5-codex,mt-a' });
    const single = await admin.get(`/api/channel/test/${compatible}`).query({ model: 'gpt-5-codex' });
    expect(single.body).toMatchObject({ success: false, data: { endpoint: '/v1/chat/completions', upstream_status: 400 } });
    expect(single.body.message).toContain('only supported in v1/responses');

    const openAi = await f.channel({ name: 'openai-codex', models: 'gpt-5-codex' });
    const native = await admin.get(`/api/channel/test/${openAi}`).query({ model: 'gpt-5-codex' });
    expect(native.body).toMatchObject({ success: true, data: { endpoint: '/v1/responses', model_status_change: null } });
  });

  it('with auto_ban off a missing model is reported, not disabled', async () => {
    const id = await f.channel({ name: 'no-ban-matrix', auto_ban: 0, models: 'mt-c,mt-b', model_mapping: JSON.stringify({ 'mt-b': GONE_B }) });
    const reply = await admin.post(`/api/channel/test_models/${id}`);
    expect(reply.body.data.map((row: Record<string, unknown>) => [row.model, row.success, row.model_status_change])).toEqual([
      ['mt-c', true, null],
      ['mt-b', false, null],
    ]);
    expect(reply.body.data[1].message).not.toContain('已在该渠道被自动禁用');
    expect(await modelRows(id)).toEqual([
      ['mt-b', 1, true],
      ['mt-c', 1, true],
    ]);
  });

  it('the monitoring sweep tests each auto-disabled model of an enabled channel and brings back those that answer, when automatic enable is on', async () => {
    upstream.goneModels.add(GONE_SWEEP);
    const id = await f.channel({ name: 'sweep', models: 'sw-a,sw-b', model_mapping: JSON.stringify({ 'sw-b': GONE_SWEEP }) });
    const { client } = await f.customer('sweepcaller', 1_000_000);
    await expect(client.chat.completions.create({ model: 'sw-b', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 502 });
    expect(await modelRows(id)).toEqual([
      ['sw-a', 1, true],
      ['sw-b', 3, false],
    ]);
    const jobs = t.app.get(JobsService);
    const sweepProbes = () => seenAt(GONE_SWEEP).length;

    // Still missing: tested, still disabled.
    await setOption('AutomaticEnableChannelEnabled', 'true');
    let probes = sweepProbes();
    await jobs.run(CHANNEL_TEST_JOB, { channelId: id, runId: 'models-1' });
    expect(sweepProbes()).toBe(probes + 1);
    expect(await modelRows(id)).toEqual([
      ['sw-a', 1, true],
      ['sw-b', 3, false],
    ]);

    // Answering again, but automatic enable off: not tested, not enabled.
    upstream.goneModels.delete(GONE_SWEEP);
    await setOption('AutomaticEnableChannelEnabled', 'false');
    probes = sweepProbes();
    await jobs.run(CHANNEL_TEST_JOB, { channelId: id, runId: 'models-2' });
    expect(sweepProbes()).toBe(probes);
    expect((await modelRows(id))[1]).toEqual(['sw-b', 3, false]);

    // Disabled channel: its models wait for it.
    await setOption('AutomaticEnableChannelEnabled', 'true');
    expect((await admin.put('/api/channel/').send({ id, status: 2 })).body.success).toBe(true);
    await jobs.run(CHANNEL_TEST_JOB, { channelId: id, runId: 'models-3' });
    expect((await modelRows(id))[1]).toEqual(['sw-b', 3, false]);

    expect((await admin.put('/api/channel/').send({ id, status: 1 })).body.success).toBe(true);
    await jobs.run(CHANNEL_TEST_JOB, { channelId: id, runId: 'models-4' });
    expect(await modelRows(id)).toEqual([
      ['sw-a', 1, true],
      ['sw-b', 1, true],
    ]);
    const served = await client.chat.completions.create({ model: 'sw-b', messages: [{ role: 'user', content: 'hi' }] });
    expect(served.choices[0].message.content).toBe(`Hello from ${GONE_SWEEP}`);
  });

  it("a channel's own test passes over its disabled models, so that a missing model does not stand for the channel", async () => {
    const id = await f.channel({ name: 'default-model', models: 'dm-a,dm-b', test_model: 'dm-b' });
    expect((await admin.post('/api/channel/ability').send({ channel_id: id, model: 'dm-b', enabled: false })).body.success).toBe(true);
    const reply = await admin.get(`/api/channel/test/${id}`);
    expect(reply.body).toMatchObject({ success: true, data: { model: 'dm-a' } });
    expect((await admin.get(`/api/channel/test/${id}`).query({ model: 'dm-b' })).body.data.model).toBe('dm-b');
  });

  it('is for administrators only, and names a missing channel', async () => {
    const id = await f.channel({ name: 'guarded-matrix', models: 'mt-a' });
    const { agent } = await t.signUp('matrixuser');
    const probes = seenAt('mt-a').length;
    expect((await agent.post(`/api/channel/test_models/${id}`)).status).toBe(403);
    expect((await t.http().post(`/api/channel/test_models/${id}`)).status).toBe(401);
    for (const bad of ['abc', '0', '99999999']) {
      expect((await admin.post(`/api/channel/test_models/${bad}`)).body).toMatchObject({ success: false, message: MSG_CHANNEL_NOT_FOUND });
    }
    const refusals: Array<[unknown, string]> = [
      [{ models: ['mt-a', 'not-on-channel'] }, '该渠道没有模型 not-on-channel'],
      [{ models: 'mt-a' }, '请指定要测试的模型列表'],
      [{ models: [] }, '请指定要测试的模型列表'],
      [{ models: [5] }, '请指定要测试的模型列表'],
    ];
    for (const [body, message] of refusals) {
      expect((await admin.post(`/api/channel/test_models/${id}`).send(body as object)).body, JSON.stringify(body)).toMatchObject({ success: false, message });
    }
    expect(seenAt('mt-a').length).toBe(probes);
  });

  it('tests only the models asked for, in the order of the channel list', async () => {
    const id = await f.channel({ name: 'subset', models: 'mt-a,mt-c,text-embedding-3-small' });
    const reply = await admin.post(`/api/channel/test_models/${id}`).send({ models: ['text-embedding-3-small', 'mt-a'] });
    expect(reply.body.data.map((row: { model: string; success: boolean }) => [row.model, row.success])).toEqual([
      ['mt-a', true],
      ['text-embedding-3-small', true],
    ]);
  });
});
