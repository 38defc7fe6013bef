import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockMidjourneyProxy } from '../../packages/server/test/mock-midjourney-proxy';
import { MockSunoApi } from '../../packages/server/test/mock-suno-api';
import { type RunningProduct, rootApi, signInAsRoot, startProduct } from './harness';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const CLIPS = [{ id: 'c1', title: '夏日之歌', audio_url: 'https://cdn.example/1.mp3', image_url: 'https://cdn.example/1.jpg', video_url: 'https://cdn.example/1.mp4', duration: 121 }];

/** The page is no wider than the screen (tables scroll inside their own box). */
const fitsWidth = async (product: RunningProduct) => product.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('drawing and music task pages over tasks submitted through the relay, in every status', () => {
  let product: RunningProduct;
  let mj: MockMidjourneyProxy;
  let suno: MockSunoApi;

  beforeAll(async () => {
    mj = await new MockMidjourneyProxy().start();
    suno = await new MockSunoApi().start();
    product = await startProduct('tasks', { TASK_POLL_SECONDS: '1' });
    await signInAsRoot(product);
    const { page, url } = product;
    const ok = (reply: { success: boolean; message: string }) => {
      if (!reply.success) throw new Error(reply.message);
    };
    for (const [key, value] of [
      ['ChannelPrivateAddressEnabled', 'true'],
      ['DrawingEnabled', 'true'],
    ]) {
      ok(await rootApi(page, 'PUT', '/api/option/', { key, value }));
    }
    ok(await rootApi(page, 'POST', '/api/channel/', { type: 2, name: 'mj', key: 'mj-secret', base_url: mj.url, models: 'mj_imagine,mj_inpaint', groups: ['default'] }));
    ok(await rootApi(page, 'POST', '/api/channel/', { type: 36, name: 'suno', key: 'suno-key', base_url: suno.url, models: 'suno_music,suno_lyrics', groups: ['default'] }));
    const self = await rootApi(page, 'GET', '/api/user/1');
    ok(await rootApi(page, 'PUT', '/api/user/', { ...self.data, quota: 100_000_000 }));
    ok(await rootApi(page, 'POST', '/api/token/', { name: 'tasks', unlimited_quota: true }));
    const tokens = await rootApi(page, 'GET', '/api/token/?p=0&size=10');
    const key = tokens.data.items.find((item: { name: string }) => item.name === 'tasks').key as string;
    const post = async (path: string, body: unknown) => {
      const reply = await fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await reply.json()) as { result?: string; data?: string; code: number | string };
    };

    // Drawings: one per status of spec 2 §4, moved upstream as Discord would.
    const imagine = async (prompt: string) => {
      await post('/mj/submit/imagine', { prompt });
      return mj.lastTaskId();
    };
    const done = await imagine('一只戴帽子的猫，水彩风格 '.repeat(6));
    mj.succeed(done);
    mj.update(await imagine('失败的任务'), { status: 'FAILURE', failReason: 'Banned prompt: 违禁词' });
    mj.update(await imagine('画到一半'), { status: 'IN_PROGRESS', progress: '45%', startTime: Date.now() });
    await imagine('排队中');
    mj.update(await imagine('尚未开始'), { status: 'NOT_START' });
    mj.nextSubmits.push({ code: 4, description: '提示词不合规' });
    await post('/mj/submit/imagine', { prompt: '被拒绝' });
    mj.nextSubmits.push({ code: 22, description: '任务已存在', result: done });
    await post('/mj/submit/imagine', { prompt: '重复' });
    // An inpaint waits for its dialog (21, MODAL) once the picture it works on is done.
    for (let tries = 0; (await rootApi(page, 'GET', '/api/mj/?p=0&page_size=20')).data.items.every((item: { status: string }) => item.status !== 'SUCCESS'); tries++) {
      if (tries === 100) throw new Error('the drawing was not polled to success');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const doneId = (await rootApi(page, 'GET', '/api/mj/?p=0&page_size=20')).data.items.find((item: { status: string }) => item.status === 'SUCCESS').mj_id;
    mj.nextSubmits.push({ code: 21, description: 'Waiting for window confirm', result: '555000111' });
    expect((await post('/mj/submit/action', { taskId: doneId, customId: 'MJ::Inpaint::1::abc::SOLO' })).code).toBe(21);

    // Music: a song, lyrics, a failure, and the waiting states.
    const music = async (action: 'music' | 'lyrics', prompt: string) => {
      const id = (await post(`/suno/submit/${action}`, { prompt })).data as string;
      expect(id).toBeTruthy();
      return [...suno.tasks.keys()].at(-1)!;
    };
    suno.update(await music('music', '夏天的海'), { status: 'SUCCESS', progress: '100%', start_time: Math.floor(Date.now() / 1000) - 75, finish_time: Math.floor(Date.now() / 1000), data: CLIPS });
    suno.update(await music('lyrics', '关于海的歌词'), { status: 'SUCCESS', progress: '100%', data: { title: '海', text: '[Verse]\n海浪轻轻拍岸' } });
    suno.update(await music('music', '不会成功'), { status: 'FAILURE', fail_reason: 'Unable to generate: 版权限制' });
    suno.update(await music('music', '排队'), { status: 'QUEUED' });
    suno.update(await music('music', '生成中'), { status: 'IN_PROGRESS', progress: '30%' });
    suno.update(await music('music', '未知'), { status: 'UNKNOWN' });

    // Wait until the poller has seen every change.
    const settled = async () => {
      const drawings = (await rootApi(page, 'GET', '/api/mj/?p=0&page_size=20')).data.items as Array<{ status: string }>;
      const songs = (await rootApi(page, 'GET', '/api/task/?p=0&page_size=20')).data.items as Array<{ status: string }>;
      const statuses = new Set([...drawings, ...songs].map((item) => item.status));
      return ['SUCCESS', 'FAILURE', 'IN_PROGRESS', 'SUBMITTED', 'NOT_START', 'MODAL', 'QUEUED', 'UNKNOWN'].every((status) => statuses.has(status));
    };
    for (let tries = 0; !(await settled()); tries++) {
      if (tries === 150) throw new Error('the tasks were not polled within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await product?.stop();
    await mj?.stop();
    await suno?.stop();
  });

  it('shows every drawing status, code and action with its channel, picture and fail reason', async () => {
    const { page, url } = product;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${url}/midjourney`);
    const table = page.locator('.arco-table');
    await table.getByText('窗口等待').waitFor();
    const text = await table.innerText();
    for (const label of ['成功', '失败', '执行中', '队列中', '未启动', '窗口等待', '已提交', '等待中', '重复提交', '未提交', '绘图', '局部重绘', '45%', 'Banned prompt: 违禁词', '提示词不合规']) {
      expect(text, label).toContain(label);
    }
    expect(await page.locator('.arco-table-th', { hasText: '渠道' }).count()).toBe(1);
    // The finished drawing's thumbnail, and its preview.
    const thumbnail = table.locator('img').first();
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    await product.screenshot('1-drawings');
    await thumbnail.click();
    await page.locator('.arco-image-preview').waitFor();
    await product.screenshot('2-drawing-preview');
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.goto(`${url}/midjourney`);
    await table.getByText('窗口等待').waitFor();
    expect(await fitsWidth(product)).toBe(true);
    await product.screenshot('3-drawings-phone');
  });

  it('shows every music status, plays a song’s clips and reads the lyrics', async () => {
    const { page, url } = product;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${url}/task`);
    const table = page.locator('.arco-table');
    await table.getByText('排队中').waitFor();
    const text = await table.innerText();
    for (const label of ['成功', '失败', '排队中', '执行中', '未知', '生成音乐', '生成歌词', 'Suno', '30%', 'Unable to generate: 版权限制']) {
      expect(text, label).toContain(label);
    }
    await product.screenshot('4-music');

    await page.locator('.arco-table-tr', { hasText: '生成音乐' }).filter({ hasText: '成功' }).getByRole('button', { name: '查看' }).click();
    const dialog = page.locator('.arco-modal');
    await dialog.getByText('夏日之歌（121 秒）').waitFor();
    expect(await dialog.locator('audio').getAttribute('src')).toBe('https://cdn.example/1.mp3');
    await product.screenshot('5-music-clips');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.locator('.arco-table-tr', { hasText: '生成歌词' }).getByRole('button', { name: '查看' }).click();
    await page.locator('.arco-modal').getByText('海浪轻轻拍岸').waitFor();
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.goto(`${url}/task`);
    await table.getByText('排队中').waitFor();
    expect(await fitsWidth(product)).toBe(true);
    await product.screenshot('6-music-phone');
  });
});
