import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JobsService } from '../jobs/jobs.service';
import { LogWriterService } from '../logs/log-writer.service';
import { MockMidjourneyProxy, MOCK_PNG } from '../../test/mock-midjourney-proxy';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { TASK_POLL_JOB } from './task-poll.job';
import { TaskPoller } from './task-poller';
import { TaskStore } from './task-store';

const MJ_MODELS = 'mj_imagine,mj_upscale,mj_variation,mj_reroll,mj_describe,mj_blend,mj_shorten,mj_modal,mj_inpaint,mj_upload';
/** ModelPrice defaults × 500,000 quota per dollar × group ratio 1. */
const IMAGINE_PRICE = 50_000;
const UPSCALE_PRICE = 25_000;

describe('Midjourney tasks through the relay (issue 18)', () => {
  let mj: MockMidjourneyProxy;
  let f: RelayFixture;
  let server: ReturnType<RelayFixture['t']['app']['getHttpServer']>;
  let channelId: number;
  const poll = () => f.t.app.get(TaskPoller).pollAll();

  beforeAll(async () => {
    mj = await new MockMidjourneyProxy().start();
    // Polled by hand (and once through the job): the schedule's own passes would race the assertions.
    f = await startRelayFixture({ models: [], completionRatio: 1, channelDefaults: { type: 2, key: 'mj-secret', base_url: mj.url }, env: { TASK_POLL_SECONDS: '3600' } });
    server = f.t.app.getHttpServer();
    channelId = await f.channel({ name: 'mj-proxy', models: MJ_MODELS });
  });
  afterAll(async () => {
    await f.t.close();
    await mj.stop();
  });
  beforeEach(async () => {
    for (const [key, value] of Object.entries({ DrawingEnabled: 'true', MjNotifyEnabled: 'false', MjModeClearEnabled: 'false', MjForwardUrlEnabled: 'false', MjAccountFilterEnabled: 'false', MjActionCheckSuccessEnabled: 'true' })) {
      await f.admin.put('/api/option/').send({ key, value }).expect(200);
    }
  });

  const submit = (key: string, route: string, body: unknown) => request(server).post(`/mj/submit/${route}`).set('authorization', `Bearer ${key}`).send(body as object);
  const fetchTask = (key: string, id: string) => request(server).get(`/mj/task/${id}/fetch`).set('authorization', `Bearer ${key}`);
  const upstreamIdOf = async (publicId: string) => ((await f.t.db.query('SELECT upstream_id FROM tasks WHERE public_id = $1', [publicId])) as Array<{ upstream_id: string }>)[0].upstream_id;
  const logsOf = async (userId: number) => {
    await f.t.app.get(LogWriterService).flush();
    return (await f.t.db.query('SELECT type, quota::integer AS quota, model_name, content, channel_name FROM logs WHERE user_id = $1 ORDER BY id', [userId])) as Array<{ type: number; quota: number; model_name: string; content: string; channel_name: string }>;
  };
  const usedQuotaOf = async (userId: number) => Number(((await f.t.db.query('SELECT used_quota FROM users WHERE id = $1', [userId])) as Array<{ used_quota: string }>)[0].used_quota);

  it('submits an imagine, reserves its price at once, and charges it once when the task succeeds however often it is polled', async () => {
    const alice = await f.customer('mj-alice', 1_000_000);
    const submitted = await submit(alice.key, 'imagine', { prompt: 'a red fox --v 6', state: 'mine' }).expect(200);
    expect(submitted.body).toMatchObject({ code: 1, description: '提交成功' });
    const id = submitted.body.result as string;
    expect(id).toMatch(/^[1-9]\d{18}$/);
    const upstreamId = await upstreamIdOf(id);
    expect(upstreamId).not.toBe(id);
    expect(mj.callsTo('/mj/submit/imagine').at(-1)).toMatchObject({ secret: 'mj-secret', body: { prompt: 'a red fox --v 6', state: 'mine' } });
    // Reserved, not yet charged: no usage, no log row.
    expect(await f.quotaOf(alice.userId)).toBe(1_000_000 - IMAGINE_PRICE);
    expect(await usedQuotaOf(alice.userId)).toBe(0);

    mj.update(upstreamId, { status: 'IN_PROGRESS', progress: '45%', startTime: Date.now() });
    await poll();
    expect((await fetchTask(alice.key, id).expect(200)).body).toMatchObject({ id, action: 'IMAGINE', status: 'IN_PROGRESS', progress: '45%', prompt: 'a red fox --v 6', state: 'mine' });

    mj.succeed(upstreamId);
    // Three passes at once, then the job's own pass: one change to SUCCESS, one charge.
    await Promise.all([poll(), poll(), poll()]);
    await f.t.app.get(JobsService).run(TASK_POLL_JOB);
    const done = (await fetchTask(alice.key, id).expect(200)).body;
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%', imageUrl: `${mj.url}/image/${upstreamId}.png`, failReason: '' });
    expect(done.buttons).toEqual([{ customId: `MJ::JOB::upsample::1::${upstreamId}`, emoji: '', label: 'U1', type: 2, style: 2 }]);
    expect(done.finishTime).toBeGreaterThan(0);
    expect(await f.quotaOf(alice.userId)).toBe(1_000_000 - IMAGINE_PRICE);
    expect(await usedQuotaOf(alice.userId)).toBe(IMAGINE_PRICE);
    const logs = await logsOf(alice.userId);
    expect(logs).toEqual([{ type: 2, quota: IMAGINE_PRICE, model_name: 'mj_imagine', content: `绘图任务 ${id}`, channel_name: 'mj-proxy' }]);
    expect(Number(((await f.t.db.query(`SELECT count(*) FROM quota_reservations WHERE instance_id = 'tasks'`)) as Array<{ count: string }>)[0].count)).toBe(0);
  });

  it('refunds a task that fails upstream, in full, once, and tells why', async () => {
    const bob = await f.customer('mj-bob', 1_000_000);
    const id = (await submit(bob.key, 'imagine', { prompt: 'forbidden' }).expect(200)).body.result as string;
    expect(await f.quotaOf(bob.userId)).toBe(1_000_000 - IMAGINE_PRICE);
    mj.update(await upstreamIdOf(id), { status: 'FAILURE', failReason: 'Banned prompt detected', finishTime: Date.now() });
    await Promise.all([poll(), poll()]);
    await poll();
    expect((await fetchTask(bob.key, id).expect(200)).body).toMatchObject({ status: 'FAILURE', failReason: 'Banned prompt detected' });
    expect(await f.quotaOf(bob.userId)).toBe(1_000_000);
    expect(await usedQuotaOf(bob.userId)).toBe(0);
    const logs = await logsOf(bob.userId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: 4, quota: 0 });
    expect(logs[0].content).toContain(`绘图任务 ${id} 失败：Banned prompt detected，已退还 ${IMAGINE_PRICE} 额度`);
  });

  it('fails and refunds a task that outlives the timeout, and one whose submit never heard back', async () => {
    const carol = await f.customer('mj-carol', 1_000_000);
    const id = (await submit(carol.key, 'imagine', { prompt: 'slow' }).expect(200)).body.result as string;
    mj.update(await upstreamIdOf(id), { status: 'IN_PROGRESS', progress: '10%' });
    // Two hours ago (TASK_TIMEOUT_MINUTES is 60 by default).
    await f.t.db.query('UPDATE tasks SET submit_time = submit_time - 7200000 WHERE public_id = $1', [id]);
    // A submit whose process died before the upstream answered: a row still "submitting", its price reserved.
    const lost = await f.t.app.get(TaskStore).create({
      publicId: '1000000000000000001', platform: 'midjourney', userId: carol.userId, username: 'mj-carol', tokenId: (await f.t.db.query('SELECT id FROM tokens WHERE user_id = $1', [carol.userId]))[0].id,
      tokenName: 'relay', group: 'default', channelId, keyId: 0, model: 'mj_imagine', action: 'IMAGINE', prompt: 'lost', notifyHook: '', state: '', quota: IMAGINE_PRICE,
    });
    expect(typeof lost).toBe('object');
    expect(await f.quotaOf(carol.userId)).toBe(1_000_000 - 2 * IMAGINE_PRICE);
    await poll();
    // Not yet: a submit may still be waiting for its upstream.
    expect((await fetchTask(carol.key, '1000000000000000001').expect(200)).body.status).toBe('NOT_START');
    await f.t.db.query('UPDATE tasks SET submit_time = submit_time - 900000 WHERE public_id = $1', ['1000000000000000001']);
    await Promise.all([poll(), poll()]);
    expect((await fetchTask(carol.key, id).expect(200)).body).toMatchObject({ status: 'FAILURE', failReason: '任务超时（超过 60 分钟未完成），已退还' });
    expect((await fetchTask(carol.key, '1000000000000000001').expect(200)).body).toMatchObject({ status: 'FAILURE', failReason: '提交中断，未收到上游的任务 ID，已退还' });
    expect(await f.quotaOf(carol.userId)).toBe(1_000_000);
  });

  it('passes on the upstream refusing a submission, refunds it, and never passes on an upstream 401', async () => {
    const dave = await f.customer('mj-dave', 1_000_000);
    mj.nextSubmits.push({ code: 4, description: 'prompt 含有违禁词' });
    const refused = await submit(dave.key, 'imagine', { prompt: 'bad words' }).expect(200);
    expect(refused.body).toEqual({ code: 4, description: 'prompt 含有违禁词', result: null, properties: {} });
    mj.nextSubmits.push({ status: 401, code: 9, description: 'bad secret' });
    const unauthorized = await submit(dave.key, 'imagine', { prompt: 'fine' }).expect(502);
    expect(unauthorized.body.description).toBe('上游返回 HTTP 401：bad secret');
    expect(await f.quotaOf(dave.userId)).toBe(1_000_000);
    const rows = (await f.t.db.query('SELECT code, status, fail_reason FROM tasks WHERE user_id = $1 ORDER BY id', [dave.userId])) as unknown[];
    expect(rows).toEqual([
      { code: 0, status: 'FAILURE', fail_reason: 'prompt 含有违禁词' },
      { code: 0, status: 'FAILURE', fail_reason: '上游返回 HTTP 401：bad secret' },
    ]);
    // The console shows them as not submitted.
    const listed = await dave.agent.get('/api/mj/self/').expect(200);
    expect(listed.body.data.items.map((item: { code: number; status: string }) => [item.code, item.status])).toEqual([
      [0, 'FAILURE'],
      [0, 'FAILURE'],
    ]);
  });

  it('answers a duplicate (22) with the earlier task and refunds the new one; a waiting (21) inpaint takes its modal', async () => {
    const erin = await f.customer('mj-erin', 1_000_000);
    const first = (await submit(erin.key, 'imagine', { prompt: 'same' }).expect(200)).body.result as string;
    mj.nextSubmits.push({ code: 22, description: '任务已存在', result: await upstreamIdOf(first) });
    const again = await submit(erin.key, 'imagine', { prompt: 'same' }).expect(200);
    expect(again.body).toEqual({ code: 22, description: '重复提交', result: first, properties: {} });
    expect(await f.quotaOf(erin.userId)).toBe(1_000_000 - IMAGINE_PRICE);
    const duplicate = (await f.t.db.query(`SELECT code, status FROM tasks WHERE user_id = $1 AND public_id <> $2`, [erin.userId, first])) as unknown[];
    expect(duplicate).toEqual([{ code: 22, status: 'FAILURE' }]);

    mj.succeed(await upstreamIdOf(first));
    await poll();
    const inpaintUpstream = '777000111';
    mj.nextSubmits.push({ code: 21, description: 'Waiting for window confirm', result: inpaintUpstream });
    const inpaint = await submit(erin.key, 'action', { taskId: first, customId: `MJ::Inpaint::1::${first}::SOLO` }).expect(200);
    expect(inpaint.body.code).toBe(21);
    const inpaintId = inpaint.body.result as string;
    expect(mj.callsTo('/mj/submit/action').at(-1)!.body.taskId).toBe(await upstreamIdOf(first));
    expect((await fetchTask(erin.key, inpaintId).expect(200)).body).toMatchObject({ action: 'INPAINT', status: 'MODAL' });
    // A modal answers only a task waiting for it.
    expect((await submit(erin.key, 'modal', { taskId: first, prompt: 'x' }).expect(400)).body.description).toBe('该任务不在等待窗口确认（MODAL）状态');
    mj.nextSubmits.push({ code: 1, result: inpaintUpstream });
    const modal = await submit(erin.key, 'modal', { taskId: inpaintId, prompt: 'a hat', maskBase64: 'data:image/png;base64,AAAA' }).expect(200);
    expect(modal.body.code).toBe(1);
    expect(mj.callsTo('/mj/submit/modal').at(-1)!.body).toMatchObject({ taskId: inpaintUpstream, prompt: 'a hat' });
  });

  it('keeps every task to its owner', async () => {
    const owner = await f.customer('mj-owner', 1_000_000);
    const thief = await f.customer('mj-thief', 1_000_000);
    const id = (await submit(owner.key, 'imagine', { prompt: 'mine' }).expect(200)).body.result as string;
    mj.succeed(await upstreamIdOf(id));
    await poll();
    expect((await fetchTask(thief.key, id).expect(404)).body).toMatchObject({ code: 3, description: '任务不存在', error: { message: '任务不存在' } });
    expect((await request(server).post('/mj/task/list-by-condition').set('authorization', `Bearer ${thief.key}`).send({ ids: [id] }).expect(200)).body).toEqual([]);
    expect((await submit(thief.key, 'change', { taskId: id, action: 'UPSCALE', index: 1 }).expect(404)).body.description).toBe(`任务 ${id} 不存在`);
    expect((await submit(thief.key, 'simple-change', { content: `${id} U1` }).expect(404)).body.code).toBe(3);
    expect(await f.quotaOf(thief.userId)).toBe(1_000_000);
    expect((await thief.agent.get('/api/mj/self/').expect(200)).body.data).toMatchObject({ items: [], total: 0 });
    expect((await thief.agent.get('/api/mj/').expect(403)).body.success).toBe(false);
    expect((await thief.agent.get('/api/task/').expect(403)).body.success).toBe(false);
    const own = (await owner.agent.get('/api/mj/self/').expect(200)).body.data;
    expect(own.items).toHaveLength(1);
    expect(own.items[0]).not.toHaveProperty('channel_id');
    const all = (await f.admin.get('/api/mj/').query({ mj_id: id }).expect(200)).body.data;
    expect(all.items).toHaveLength(1);
    expect(all.items[0]).toMatchObject({ mj_id: id, channel_id: channelId, username: 'mj-owner', user_id: owner.userId, status: 'SUCCESS', quota: IMAGINE_PRICE });
    expect(all.items[0].image_url).toContain('/image/');
    // No token at all.
    expect((await request(server).post('/mj/submit/imagine').send({ prompt: 'x' }).expect(401)).body.error.message).toContain('未提供令牌');
  });

  it('acts on a finished task only (MjActionCheckSuccessEnabled), on its channel, at the action price', async () => {
    const fay = await f.customer('mj-fay', 1_000_000);
    const id = (await submit(fay.key, 'imagine', { prompt: 'grid' }).expect(200)).body.result as string;
    expect((await submit(fay.key, 'change', { taskId: id, action: 'UPSCALE', index: 2 }).expect(400)).body.description).toBe('任务尚未成功，不能对其执行操作');
    await f.admin.put('/api/option/').send({ key: 'MjActionCheckSuccessEnabled', value: 'false' }).expect(200);
    const early = await submit(fay.key, 'simple-change', { content: `${id} U2` }).expect(200);
    expect(early.body.code).toBe(1);
    expect(mj.callsTo('/mj/submit/simple-change').at(-1)!.body.taskId).toBe(await upstreamIdOf(id));
    expect(await f.quotaOf(fay.userId)).toBe(1_000_000 - IMAGINE_PRICE - UPSCALE_PRICE);
    const row = (await f.t.db.query('SELECT action, model_name, channel_id, origin_id IS NOT NULL AS has_origin FROM tasks WHERE public_id = $1', [early.body.result])) as unknown[];
    expect(row).toEqual([{ action: 'UPSCALE', model_name: 'mj_upscale', channel_id: channelId, has_origin: true }]);
    expect((await submit(fay.key, 'action', { taskId: id, customId: 'MJ::Unknown::1' }).expect(400)).body.description).toBe('不支持的操作：MJ::Unknown::1');
  });

  it('applies the drawing settings: mode flags, account filter, the drawing switch', async () => {
    const gus = await f.customer('mj-gus', 1_000_000);
    await f.admin.put('/api/option/').send({ key: 'MjModeClearEnabled', value: 'true' }).expect(200);
    await submit(gus.key, 'imagine', { prompt: 'a cat --fast --ar 16:9 --RELAX', accountFilter: { channelId: 'x' } }).expect(200);
    expect(mj.callsTo('/mj/submit/imagine').at(-1)!.body).toEqual({ prompt: 'a cat --ar 16:9' });
    await f.admin.put('/api/option/').send({ key: 'MjAccountFilterEnabled', value: 'true' }).expect(200);
    await submit(gus.key, 'imagine', { prompt: 'a dog', accountFilter: { channelId: 'x' } }).expect(200);
    expect(mj.callsTo('/mj/submit/imagine').at(-1)!.body).toEqual({ prompt: 'a dog', accountFilter: { channelId: 'x' } });
    await f.admin.put('/api/option/').send({ key: 'DrawingEnabled', value: 'false' }).expect(200);
    expect((await submit(gus.key, 'imagine', { prompt: 'a bird' }).expect(403)).body.description).toBe('绘图功能未启用，请联系管理员');
  });

  it('serves the picture through the gateway when MjForwardUrlEnabled is on', async () => {
    const hal = await f.customer('mj-hal', 1_000_000);
    await f.admin.put('/api/option/').send({ key: 'MjForwardUrlEnabled', value: 'true' }).expect(200);
    const id = (await submit(hal.key, 'imagine', { prompt: 'pic' }).expect(200)).body.result as string;
    mj.succeed(await upstreamIdOf(id));
    await poll();
    const task = (await fetchTask(hal.key, id).expect(200)).body;
    expect(task.imageUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/mj/image/${id}$`));
    const image = await request(server).get(`/mj/image/${id}`).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, MOCK_PNG)).toBe(0);
    expect((await hal.agent.get('/api/mj/self/').expect(200)).body.data.items[0].image_url).toBe(`/mj/image/${id}`);
    await request(server).get('/mj/image/999999').expect(404);
  });

  it('charges an upload at once; refuses bad input and short balances without charging', async () => {
    const ivy = await f.customer('mj-ivy', 1_000_000);
    const upload = await submit(ivy.key, 'upload-discord-images', { base64Array: ['data:image/png;base64,AAAA'] }).expect(200);
    expect(upload.body).toMatchObject({ code: 1, result: [`${mj.url}/image/upload-1.png`] });
    expect(await f.quotaOf(ivy.userId)).toBe(1_000_000 - 25_000);
    expect(await logsOf(ivy.userId)).toMatchObject([{ type: 2, quota: 25_000, model_name: 'mj_upload' }]);

    const cases: Array<[string, unknown, string]> = [
      ['imagine', {}, '请填写提示词 prompt'],
      ['imagine', { prompt: 42 }, '请填写提示词 prompt'],
      ['imagine', [1, 2], '请求体必须是 JSON 对象'],
      ['blend', { base64Array: ['a'] }, '请提供 2 到 5 张图片（base64Array）'],
      ['change', { taskId: 'x', action: 'ZOOM', index: 1 }, 'action 必须是 UPSCALE、VARIATION 或 REROLL'],
      ['change', { taskId: 'x', action: 'UPSCALE', index: 9 }, 'index 必须是 1 到 4 的整数'],
      ['simple-change', { content: 'x U9' }, 'content 格式应为「任务ID U1」（U/V 加 1–4，或 R）'],
      ['imagine', { prompt: 'x', state: 5 }, 'state 必须是字符串'],
      ['nothing', { prompt: 'x' }, '不支持的提交类型：nothing'],
    ];
    for (const [route, body, message] of cases) {
      const reply = await submit(ivy.key, route, body);
      expect([400, 404]).toContain(reply.status);
      expect(reply.body.description).toBe(message);
    }
    // Caught before any route: NUL characters and nesting no client needs.
    expect((await submit(ivy.key, 'imagine', { prompt: 'a\u0000b' }).expect(400)).body.error.message).toBe('参数中不能包含空字符');
    let nested: unknown = 'x';
    for (let i = 0; i < 200; i++) nested = [nested];
    expect((await submit(ivy.key, 'imagine', { prompt: 'x', base64Array: nested }).expect(400)).body.error.message).toMatch(/嵌套/);
    const poor = await f.customer('mj-poor', 10);
    expect((await submit(poor.key, 'imagine', { prompt: 'x' }).expect(403)).body.description).toBe('用户额度不足，请充值后再试');
    expect(await f.t.db.query('SELECT id FROM tasks WHERE user_id = $1', [poor.userId])).toEqual([]);
    expect(await f.quotaOf(ivy.userId)).toBe(1_000_000 - 25_000);
  });

  it('follows upstream notices at its signed address without believing their bodies', async () => {
    await f.admin.put('/api/option/').send({ key: 'ServerAddress', value: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }).expect(200);
    try {
      const jo = await f.customer('mj-jo', 1_000_000);
      const id = (await submit(jo.key, 'imagine', { prompt: 'notify me' }).expect(200)).body.result as string;
      const upstreamId = await upstreamIdOf(id);
      expect(mj.hooks.get(upstreamId)).toMatch(new RegExp(`/mj/notify/${channelId}/[0-9a-f]{32}$`));
      mj.succeed(upstreamId);
      // The proxy notifies twice and the poller runs meanwhile: one charge.
      expect(await Promise.all([mj.notify(upstreamId), mj.notify(upstreamId), poll()])).toEqual([200, 200, undefined]);
      expect((await fetchTask(jo.key, id).expect(200)).body.status).toBe('SUCCESS');
      expect(await logsOf(jo.userId)).toMatchObject([{ type: 2, quota: IMAGINE_PRICE }]);
      expect(await usedQuotaOf(jo.userId)).toBe(IMAGINE_PRICE);
      // A forged notice (wrong signature) is refused; a notice's body never sets a state.
      await request(server).post(`/mj/notify/${channelId}/${'0'.repeat(32)}`).send({ id: upstreamId, status: 'FAILURE' }).expect(404);
      expect((await fetchTask(jo.key, id).expect(200)).body.status).toBe('SUCCESS');
    } finally {
      await f.admin.put('/api/option/').send({ key: 'ServerAddress', value: '' }).expect(200);
    }
  });

  it('refuses a notifyHook on a loopback or private address before charging anything', async () => {
    const kim = await f.customer('mj-kim', 1_000_000);
    await f.admin.put('/api/option/').send({ key: 'MjNotifyEnabled', value: 'true' }).expect(200);
    for (const hook of ['http://127.0.0.1:9/hook', 'http://[::1]/x', 'http://169.254.169.254/latest', 'http://10.0.0.5/h', 'ftp://example.com/h']) {
      const reply = await submit(kim.key, 'imagine', { prompt: 'x', notifyHook: hook }).expect(400);
      expect(reply.body.description).toMatch(/^notifyHook /);
    }
    expect(await f.quotaOf(kim.userId)).toBe(1_000_000);
    // With notices off the hook is simply not kept.
    await f.admin.put('/api/option/').send({ key: 'MjNotifyEnabled', value: 'false' }).expect(200);
    const id = (await submit(kim.key, 'imagine', { prompt: 'x', notifyHook: 'http://127.0.0.1:9/hook' }).expect(200)).body.result;
    expect(await f.t.db.query('SELECT notify_hook FROM tasks WHERE public_id = $1', [id])).toEqual([{ notify_hook: '' }]);
  });
});

describe('Midjourney notices forwarded to a caller allowed to use private hooks (OUTBOUND_ALLOW_PRIVATE=webhook)', () => {
  let mj: MockMidjourneyProxy;
  let f: RelayFixture;
  let hook: Server;
  const received: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    mj = await new MockMidjourneyProxy().start();
    hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    f = await startRelayFixture({ models: [], completionRatio: 1, channelDefaults: { type: 2, key: 'mj-secret', base_url: mj.url }, env: { TASK_POLL_SECONDS: '3600', OUTBOUND_ALLOW_PRIVATE: 'webhook' } });
    await f.channel({ name: 'mj-proxy', models: 'mj_imagine' });
    for (const key of ['DrawingEnabled', 'MjNotifyEnabled']) await f.admin.put('/api/option/').send({ key, value: 'true' }).expect(200);
  });
  afterAll(async () => {
    await f.t.close();
    await mj.stop();
    hook.close();
  });

  it('posts each change of the task, with the gateway id, to the notifyHook', async () => {
    const lee = await f.customer('mj-lee', 1_000_000);
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/done`;
    const id = (await request(f.t.app.getHttpServer()).post('/mj/submit/imagine').set('authorization', `Bearer ${lee.key}`).send({ prompt: 'tell me', notifyHook: hookUrl }).expect(200)).body.result;
    const upstreamId = ((await f.t.db.query('SELECT upstream_id FROM tasks WHERE public_id = $1', [id])) as Array<{ upstream_id: string }>)[0].upstream_id;
    // The upstream never sees the caller's hook.
    expect(mj.callsTo('/mj/submit/imagine').at(-1)!.body).not.toHaveProperty('notifyHook');
    mj.succeed(upstreamId);
    await f.t.app.get(TaskPoller).pollAll();
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ id, status: 'SUCCESS', progress: '100%', prompt: 'tell me' });
  });
});
