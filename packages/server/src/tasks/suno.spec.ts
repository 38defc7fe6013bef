import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogWriterService } from '../logs/log-writer.service';
import { LocalHttpServer } from '../../test/local-http-server';
import { MockSunoApi } from '../../test/mock-suno-api';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { TaskPoller } from './task-poller';
import { MSG_TASK_UPSTREAM_UNREACHABLE } from './task-relay';

/** ModelPrice defaults × 500,000 quota per dollar. */
const MUSIC_PRICE = 50_000;
const LYRICS_PRICE = 5_000;
const CLIPS = [
  { id: 'clip-1', title: '夏日', audio_url: 'https://cdn.example/1.mp3', image_url: 'https://cdn.example/1.jpg', video_url: 'https://cdn.example/1.mp4', duration: 120.5 },
  { id: 'clip-2', title: '夏日', audio_url: 'https://cdn.example/2.mp3', image_url: 'https://cdn.example/2.jpg', video_url: '', duration: 98 },
];

/** A Suno API that accepts every song and reports it done with its clips nested 100,000 levels deep. */
class DeepSunoApi extends LocalHttpServer {
  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for await (const _piece of request);
    response.writeHead(200, { 'content-type': 'application/json' });
    if (request.url === '/suno/submit/music') return void response.end('{"code":"success","data":"deep-1"}');
    const clips = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    response.end(`{"code":"success","data":[{"task_id":"deep-1","status":"SUCCESS","progress":"100%","data":${clips}}]}`);
  }
}

describe('Suno tasks through the relay (issue 18)', () => {
  let suno: MockSunoApi;
  let f: RelayFixture;
  let server: ReturnType<RelayFixture['t']['app']['getHttpServer']>;
  let channelId: number;
  const poll = () => f.t.app.get(TaskPoller).pollAll();

  beforeAll(async () => {
    suno = await new MockSunoApi().start();
    f = await startRelayFixture({ models: [], completionRatio: 1, channelDefaults: { type: 36, key: 'suno-key', base_url: suno.url }, env: { TASK_POLL_SECONDS: '3600' } });
    server = f.t.app.getHttpServer();
    channelId = await f.channel({ name: 'suno', models: 'suno_music,suno_lyrics' });
  });
  afterAll(async () => {
    await f.t.close();
    await suno.stop();
  });

  const submit = (key: string, action: string, body: unknown) => request(server).post(`/suno/submit/${action}`).set('authorization', `Bearer ${key}`).send(body as object);
  const fetchOne = (key: string, id: string) => request(server).get(`/suno/fetch/${id}`).set('authorization', `Bearer ${key}`);
  const upstreamIdOf = async (publicId: string) => ((await f.t.db.query('SELECT upstream_id FROM tasks WHERE public_id = $1', [publicId])) as Array<{ upstream_id: string }>)[0].upstream_id;
  const logsOf = async (userId: number) => {
    await f.t.app.get(LogWriterService).flush();
    return f.t.db.query('SELECT type, quota::integer AS quota, model_name FROM logs WHERE user_id = $1 ORDER BY id', [userId]);
  };

  it('submits a song, follows it to its clips and charges it once', async () => {
    const amy = await f.customer('suno-amy', 1_000_000);
    const submitted = await submit(amy.key, 'music', { prompt: '[Verse] 夏天的风', tags: 'pop', mv: 'chirp-v3-5', title: '夏日', make_instrumental: false }).expect(200);
    expect(submitted.body).toMatchObject({ code: 'success', message: '' });
    const id = submitted.body.data as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const upstreamId = await upstreamIdOf(id);
    expect(upstreamId).not.toBe(id);
    expect(suno.callsTo('/suno/submit/music').at(-1)).toMatchObject({ authorization: 'Bearer suno-key', body: { prompt: '[Verse] 夏天的风', tags: 'pop', mv: 'chirp-v3-5' } });
    expect(await f.quotaOf(amy.userId)).toBe(1_000_000 - MUSIC_PRICE);
    expect(await logsOf(amy.userId)).toEqual([]);

    suno.update(upstreamId, { status: 'IN_PROGRESS', progress: '60%', start_time: Math.floor(Date.now() / 1000) });
    await poll();
    expect((await fetchOne(amy.key, id).expect(200)).body.data).toMatchObject({ task_id: id, action: 'MUSIC', status: 'IN_PROGRESS', progress: '60%' });

    suno.update(upstreamId, { status: 'SUCCESS', progress: '100%', finish_time: Math.floor(Date.now() / 1000), data: CLIPS });
    await Promise.all([poll(), poll(), poll()]);
    const done = (await request(server).post('/suno/fetch').set('authorization', `Bearer ${amy.key}`).send({ ids: [id] }).expect(200)).body;
    expect(done.code).toBe('success');
    expect(done.data).toHaveLength(1);
    expect(done.data[0]).toMatchObject({ task_id: id, status: 'SUCCESS', progress: '100%', fail_reason: '', data: CLIPS });
    expect(done.data[0].finish_time).toBeGreaterThan(0);
    expect(await logsOf(amy.userId)).toEqual([{ type: 2, quota: MUSIC_PRICE, model_name: 'suno_music' }]);
    expect(await f.quotaOf(amy.userId)).toBe(1_000_000 - MUSIC_PRICE);

    const listed = (await amy.agent.get('/api/task/self').expect(200)).body.data;
    expect(listed).toMatchObject({ total: 1, page: 0, page_size: 10 });
    expect(listed.items[0]).toMatchObject({ task_id: id, platform: 'suno', action: 'MUSIC', status: 'SUCCESS', quota: MUSIC_PRICE, data: CLIPS });
    expect(listed.items[0]).not.toHaveProperty('channel_id');
    const admin = (await f.admin.get('/api/task/').query({ task_id: id, channel_id: channelId }).expect(200)).body.data;
    expect(admin.items[0]).toMatchObject({ task_id: id, channel_id: channelId, username: 'suno-amy' });
  });

  it('writes lyrics, and continues only the caller’s own song', async () => {
    const ben = await f.customer('suno-ben', 1_000_000);
    const lyrics = (await submit(ben.key, 'lyrics', { prompt: '关于海的歌' }).expect(200)).body.data as string;
    suno.update(await upstreamIdOf(lyrics), { status: 'SUCCESS', progress: '100%', data: { title: '海', text: '[Verse]\n海浪' } });
    await poll();
    expect((await fetchOne(ben.key, lyrics).expect(200)).body.data).toMatchObject({ action: 'LYRICS', status: 'SUCCESS', data: { title: '海', text: '[Verse]\n海浪' } });
    expect(await logsOf(ben.userId)).toEqual([{ type: 2, quota: LYRICS_PRICE, model_name: 'suno_lyrics' }]);

    const song = (await submit(ben.key, 'music', { gpt_description_prompt: 'a calm song' }).expect(200)).body.data as string;
    await submit(ben.key, 'music', { prompt: 'more', task_id: song, continue_at: 30, continue_clip_id: 'clip-1' }).expect(200);
    expect(suno.callsTo('/suno/submit/music').at(-1)!.body).toMatchObject({ task_id: await upstreamIdOf(song), continue_at: 30 });

    const other = await f.customer('suno-other', 1_000_000);
    expect((await submit(other.key, 'music', { prompt: 'steal', task_id: song }).expect(404)).body).toMatchObject({ code: 'task_not_found', data: null });
    expect((await fetchOne(other.key, song).expect(404)).body).toMatchObject({ code: 'task_not_exist', message: '任务不存在', error: { message: '任务不存在' } });
    expect((await request(server).post('/suno/fetch').set('authorization', `Bearer ${other.key}`).send({ ids: [song, lyrics] }).expect(200)).body.data).toEqual([]);
    expect(await f.quotaOf(other.userId)).toBe(1_000_000);
  });

  it('refunds a refused submission and a failed song, each once', async () => {
    const cat = await f.customer('suno-cat', 1_000_000);
    suno.nextSubmits.push([200, { code: 'error', message: '提示词违规', data: null }]);
    expect((await submit(cat.key, 'music', { prompt: 'bad' }).expect(400)).body).toEqual({ code: 'error', message: '提示词违规', data: null });
    suno.nextSubmits.push([403, { code: 'forbidden', message: 'account banned' }]);
    expect((await submit(cat.key, 'music', { prompt: 'ok' }).expect(502)).body.message).toBe('上游返回 HTTP 403：account banned');
    expect(await f.quotaOf(cat.userId)).toBe(1_000_000);

    const id = (await submit(cat.key, 'music', { prompt: 'will fail' }).expect(200)).body.data as string;
    suno.update(await upstreamIdOf(id), { status: 'FAILURE', fail_reason: 'Unable to generate' });
    await Promise.all([poll(), poll()]);
    expect((await fetchOne(cat.key, id).expect(200)).body.data).toMatchObject({ status: 'FAILURE', fail_reason: 'Unable to generate' });
    expect(await f.quotaOf(cat.userId)).toBe(1_000_000);
    // One system line per refund (two refused submissions, one failed song), no charge.
    expect(await logsOf(cat.userId)).toEqual([0, 1, 2].map(() => ({ type: 4, quota: 0, model_name: 'suno_music' })));
  });

  it('refuses bad input with a clear message and charges nothing', async () => {
    const dan = await f.customer('suno-dan', 1_000_000);
    const cases: Array<[string, unknown, number, string]> = [
      ['music', {}, 400, '请填写歌词 prompt 或描述 gpt_description_prompt'],
      ['lyrics', { prompt: '  ' }, 400, '请填写歌词提示词 prompt'],
      ['music', { prompt: 'x', tags: ['a'] }, 400, 'tags 必须是字符串'],
      ['music', { prompt: 'x', make_instrumental: 'yes' }, 400, 'make_instrumental 必须是布尔值'],
      ['music', { prompt: 'x', continue_at: -1 }, 400, 'continue_at 必须是不小于 0 的数字（秒）'],
      ['video', { prompt: 'x' }, 404, '不支持的提交类型：video（可用 music、lyrics）'],
    ];
    for (const [action, body, status, message] of cases) {
      expect((await submit(dan.key, action, body).expect(status)).body.message).toBe(message);
    }
    expect((await request(server).post('/suno/fetch').set('authorization', `Bearer ${dan.key}`).send({ ids: 'x' }).expect(400)).body.message).toBe('ids 必须是任务 ID 字符串的数组（最多 100 个）');
    expect((await request(server).post('/suno/submit/music').send({ prompt: 'x' }).expect(401)).body.error.message).toContain('未提供令牌');
    expect(await f.quotaOf(dan.userId)).toBe(1_000_000);
    expect(await f.t.db.query('SELECT id FROM tasks WHERE user_id = $1', [dan.userId])).toEqual([]);
  });

  /** Runs `check` with a channel of `baseUrl` taking every song first (a higher priority), removed after. */
  async function withChannel(baseUrl: string, check: () => Promise<void>): Promise<void> {
    const id = await f.channel({ name: 'suno-first', models: 'suno_music', base_url: baseUrl, priority: 10 });
    try {
      await check();
    } finally {
      await f.admin.delete(`/api/channel/${id}`);
    }
  }

  it('refuses in Chinese, refunded, when the upstream cannot be reached: no address or network words', async () => {
    const gone = await new DeepSunoApi().start();
    await gone.stop();
    const fay = await f.customer('suno-fay', 1_000_000);
    await withChannel(gone.url, async () => {
      const reply = await submit(fay.key, 'music', { prompt: 'x' }).expect(502);
      expect(reply.body).toMatchObject({ code: 'error', message: MSG_TASK_UPSTREAM_UNREACHABLE });
    });
    const [task] = await f.t.db.query('SELECT status, fail_reason FROM tasks WHERE user_id = $1', [fay.userId]);
    expect(task).toEqual({ status: 'FAILURE', fail_reason: MSG_TASK_UPSTREAM_UNREACHABLE });
    expect(await f.quotaOf(fay.userId)).toBe(1_000_000);
  });

  it('fails and refunds a song whose result is nested 100,000 levels deep', async () => {
    const deep = await new DeepSunoApi().start();
    const gus = await f.customer('suno-gus', 1_000_000);
    try {
      await withChannel(deep.url, async () => {
        const id = (await submit(gus.key, 'music', { prompt: 'deep' }).expect(200)).body.data as string;
        await poll();
        expect((await fetchOne(gus.key, id).expect(200)).body.data).toMatchObject({ status: 'FAILURE', fail_reason: '上游返回的任务结果无法保存（JSON 嵌套超过 128 层）' });
      });
    } finally {
      await deep.stop();
    }
    expect(await f.quotaOf(gus.userId)).toBe(1_000_000);
  });

  it('validates the console list filters', async () => {
    const eve = await f.customer('suno-eve', 1_000_000);
    expect((await eve.agent.get('/api/task/self').query({ p: -1 }).expect(200)).body).toMatchObject({ success: false, message: '页码不能小于 0' });
    expect((await eve.agent.get('/api/task/self').query({ start_timestamp: 'soon' }).expect(200)).body).toMatchObject({ success: false, message: '起始时间必须是以秒为单位的时间戳' });
    const now = Math.floor(Date.now() / 1000);
    await submit(eve.key, 'lyrics', { prompt: 'time' }).expect(200);
    expect((await eve.agent.get('/api/task/self').query({ start_timestamp: now - 60, end_timestamp: now + 60 }).expect(200)).body.data.total).toBe(1);
    expect((await eve.agent.get('/api/task/self').query({ start_timestamp: now + 3600 }).expect(200)).body.data.total).toBe(0);
  });
});
