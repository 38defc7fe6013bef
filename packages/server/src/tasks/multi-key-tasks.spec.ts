import { CHANNEL_KEY_STATUS, CHANNEL_STATUS } from '@gw/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockMidjourneyProxy } from '../../test/mock-midjourney-proxy';
import { MockSunoApi } from '../../test/mock-suno-api';
import { multiKeyChannel } from '../../test/multi-key-channel';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { TaskPoller } from './task-poller';

const MJ_MODELS = 'mj_imagine,mj_upscale,mj_variation';
const IMAGINE_PRICE = 50_000;

/**
 * Multi-key Midjourney and Suno channels (issue 29): each submit takes a key as the relay does
 * (polling: in turn), a dead key is disabled and the submit moves to the next key, and the task
 * is polled, and acted on, with the key that submitted it: the provider knows it under that
 * account only (the mocks answer a task only to the key that created it).
 */
describe('async tasks on multi-key channels', () => {
  let mj: MockMidjourneyProxy;
  let suno: MockSunoApi;
  let f: RelayFixture;
  let server: ReturnType<RelayFixture['t']['app']['getHttpServer']>;
  const poll = () => f.t.app.get(TaskPoller).pollAll();
  const setOption = async (key: string, value: string) => expect((await f.admin.put('/api/option/').send({ key, value })).body.success).toBe(true);
  const taskOf = async (publicId: string) => (await f.t.db.query('SELECT upstream_id, channel_id, key_id, status, progress FROM tasks WHERE public_id = $1', [publicId]))[0];
  const keyRow = async (id: number) => (await f.t.db.query('SELECT status, status_reason, last_error FROM channel_keys WHERE id = $1', [id]))[0];

  beforeAll(async () => {
    mj = await new MockMidjourneyProxy('mj-a').start();
    mj.secrets.add('mj-b');
    suno = await new MockSunoApi('suno-a').start();
    suno.keys.add('suno-b');
    f = await startRelayFixture({ models: [], completionRatio: 1, channelDefaults: { type: 2, key: 'unused', base_url: mj.url }, env: { TASK_POLL_SECONDS: '3600', ROLE: 'api' } });
    server = f.t.app.getHttpServer();
    await setOption('AutomaticDisableChannelEnabled', 'true');
    await setOption('DrawingEnabled', 'true');
    await setOption('MjNotifyEnabled', 'false');
    await setOption('MjForwardUrlEnabled', 'false');
  });
  afterAll(async () => {
    await f.t.close();
    await mj.stop();
    await suno.stop();
  });

  it('Midjourney: submits take the keys in turn, a dead key is disabled and its submit served by the next key, each task is polled and acted on with its own key', async () => {
    const { id: channelId, keyIds } = await multiKeyChannel(f, [f.t], { name: 'mj-multi', models: MJ_MODELS }, 'polling', ['mj-dead', 'mj-a', 'mj-b']);
    const alice = await f.customer('mk-mj-alice', 1_000_000);
    const submit = (route: string, body: object) => request(server).post(`/mj/submit/${route}`).set('authorization', `Bearer ${alice.key}`).send(body);

    // Turn 1 is the dead key: refused with 401, disabled, and the same submit goes to the next key.
    const first = (await submit('imagine', { prompt: 'one' }).expect(200)).body;
    expect(first).toMatchObject({ code: 1 });
    expect(mj.callsTo('/mj/submit/imagine').map((call) => call.secret)).toEqual(['mj-dead', 'mj-a']);
    expect(await keyRow(keyIds[0])).toMatchObject({ status: CHANNEL_KEY_STATUS.AUTO_DISABLED, status_reason: expect.stringContaining('401') });
    expect((await f.t.db.query('SELECT status FROM channels WHERE id = $1', [channelId]))[0].status).toBe(CHANNEL_STATUS.ENABLED);
    // Charged once, for the task that runs.
    expect(await f.quotaOf(alice.userId)).toBe(1_000_000 - IMAGINE_PRICE);

    // The next submits rotate over the keys left.
    const second = (await submit('imagine', { prompt: 'two' }).expect(200)).body.result as string;
    const third = (await submit('imagine', { prompt: 'three' }).expect(200)).body.result as string;
    const tasks = { first: await taskOf(first.result), second: await taskOf(second), third: await taskOf(third) };
    expect(new Set([tasks.second.key_id, tasks.third.key_id])).toEqual(new Set([keyIds[1], keyIds[2]]));
    expect(tasks.first.key_id).toBe(keyIds[1]);
    for (const task of Object.values(tasks)) expect(mj.owners.get(task.upstream_id)).toBe(task.key_id === keyIds[1] ? 'mj-a' : 'mj-b');

    // Each task is polled with the key that submitted it (another account's key would not find it).
    for (const task of Object.values(tasks)) mj.update(task.upstream_id, { status: 'IN_PROGRESS', progress: '30%' });
    const listCalls = mj.callsTo('/mj/task/list-by-condition').length;
    await poll();
    for (const publicId of [first.result, second, third]) expect(await taskOf(publicId)).toMatchObject({ status: 'IN_PROGRESS', progress: '30%' });
    const polls = mj.callsTo('/mj/task/list-by-condition').slice(listCalls);
    expect(new Set(polls.map((call) => call.secret))).toEqual(new Set(['mj-a', 'mj-b']));

    // An action on a task goes with that task's key, whatever the turn says.
    const onB = tasks.second.key_id === keyIds[2] ? { id: second, task: tasks.second } : { id: third, task: tasks.third };
    mj.succeed(onB.task.upstream_id);
    await poll();
    for (let i = 0; i < 2; i++) {
      const upscale = await submit('action', { taskId: onB.id, customId: `MJ::JOB::upsample::1::${onB.task.upstream_id}` }).expect(200);
      expect(upscale.body.code).toBe(1);
      expect(mj.callsTo('/mj/submit/action').at(-1)!.secret).toBe('mj-b');
      expect((await taskOf(upscale.body.result)).key_id).toBe(keyIds[2]);
    }
  });

  it('Midjourney: an action on a task whose key was disabled since is refused, not sent with another account', async () => {
    // Beside the first test's channel: the task lands on either, and the key disabled is its own.
    await multiKeyChannel(f, [f.t], { name: 'mj-gone-key', models: MJ_MODELS }, 'polling', ['mj-a', 'mj-b']);
    const bob = await f.customer('mk-mj-bob', 1_000_000);
    const id = (await request(server).post('/mj/submit/imagine').set('authorization', `Bearer ${bob.key}`).send({ prompt: 'x' }).expect(200)).body.result as string;
    const task = await taskOf(id);
    mj.succeed(task.upstream_id);
    await poll();
    expect((await f.admin.post('/api/channel/multi_key/manage').send({ channel_id: task.channel_id, action: 'disable_key', key_id: task.key_id })).body).toMatchObject({ success: true });
    const actions = mj.callsTo('/mj/submit/action').length;
    const refused = await request(server).post('/mj/submit/action').set('authorization', `Bearer ${bob.key}`).send({ taskId: id, customId: `MJ::JOB::upsample::1::${task.upstream_id}` });
    expect(refused.status).toBe(503);
    expect(refused.body.description).toBe('原任务所用的渠道密钥已被禁用，请重新提交任务');
    expect(mj.callsTo('/mj/submit/action').length).toBe(actions);
    expect(await f.quotaOf(bob.userId)).toBe(1_000_000 - IMAGINE_PRICE);
  });

  it('Suno: a dead key is disabled and the song submitted with the next key, which every later poll uses', async () => {
    const { keyIds } = await multiKeyChannel(f, [f.t], { name: 'suno-multi', type: 36, base_url: suno.url, models: 'suno_music,suno_lyrics' }, 'polling', ['suno-dead', 'suno-a', 'suno-b']);
    const amy = await f.customer('mk-suno-amy', 1_000_000);
    const submitted = await request(server).post('/suno/submit/music').set('authorization', `Bearer ${amy.key}`).send({ prompt: 'la', tags: 'pop', mv: 'chirp-v3-5' }).expect(200);
    const id = submitted.body.data as string;
    expect(suno.callsTo('/suno/submit/music').map((call) => call.authorization)).toEqual(['Bearer suno-dead', 'Bearer suno-a']);
    expect((await keyRow(keyIds[0])).status).toBe(CHANNEL_KEY_STATUS.AUTO_DISABLED);
    const task = await taskOf(id);
    expect(task.key_id).toBe(keyIds[1]);

    suno.update(task.upstream_id, { status: 'IN_PROGRESS', progress: '50%' });
    await poll();
    expect(await taskOf(id)).toMatchObject({ status: 'IN_PROGRESS', progress: '50%' });
    expect(suno.callsTo('/suno/fetch').at(-1)!.authorization).toBe('Bearer suno-a');
  });
});
