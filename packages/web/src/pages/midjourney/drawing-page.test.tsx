import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DrawingTask } from '@/api/tasks';
import { formatTimestamp } from '@/lib/time';
import { fail, fakeApi, ok, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, rowOf, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import DrawingPage from './index';
import { makeDrawingTask } from './test-factories';

const page = (items: DrawingTask[], total = items.length) => ok({ items, total, page: 0, page_size: 10 });

// 2025-06-14 15:30:12 local time: the default window is the 30 days up to that moment.
const NOW = new Date(2025, 5, 14, 15, 30, 12);
const END = String(Math.floor(NOW.getTime() / 1000));
const START = String(Math.floor(NOW.getTime() / 1000) - 30 * 24 * 3600);

const tagOf = (row: HTMLElement, text: string) => within(row).getByText(text).closest('.arco-tag')?.className ?? '';

let messages: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  messages = captureMessages();
  localStorage.setItem('display_in_currency', 'true');
  localStorage.setItem('quota_per_unit', '500000');
});

afterEach(() => {
  cleanup();
  useUserStore.getState().clearUser();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  messages.remove();
});

async function renderPage(routes: Record<string, Route>) {
  const calls = fakeApi(routes);
  render(<DrawingPage />);
  await waitFor(() => expect(calls.length).toBeGreaterThan(0));
  return calls;
}

describe('drawing page as an administrator', () => {
  beforeEach(() => useUserStore.getState().setUser(makeUser({ id: 1, role: 10 })));

  it("asks for every user's tasks of the last 30 days, page 0, and shows the channel and user", async () => {
    const calls = await renderPage({ 'GET /api/mj/': page([makeDrawingTask({ mj_id: 'mj-bob' })]) });
    await screen.findByText('mj-bob');
    const row = rowOf('mj-bob');

    expect(calls.map((call) => call.path)).toEqual(['/api/mj/']);
    expect(calls[0].query).toEqual({ start_timestamp: START, end_timestamp: END, p: '0', page_size: '10' });
    expect(screen.getByRole('columnheader', { name: '渠道' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '用户' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '渠道 ID' })).toBeTruthy();
    expect(within(row).getByText('#5')).toBeTruthy();
    expect(within(row).getByText('bob')).toBeTruthy();
    expect(within(row).getByText(formatTimestamp(1_749_880_000))).toBeTruthy();
    expect(within(row).getByText('$0.100000')).toBeTruthy();
  });

  it('sends the task id and channel filters, trimmed, from page 0 when 查询 is pressed; 重置 drops them', async () => {
    const calls = await renderPage({ 'GET /api/mj/': page([makeDrawingTask({ mj_id: 'mj-bob' })], 40) });
    await screen.findByText('mj-bob');
    const u = user();

    await u.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(calls.at(-1)?.query.p).toBe('1'));

    await u.type(screen.getByRole('textbox', { name: '任务 ID' }), ' 1712345678901 ');
    await u.type(screen.getByRole('textbox', { name: '渠道 ID' }), '5');
    await u.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() =>
      expect(calls.at(-1)?.query).toEqual({ mj_id: '1712345678901', channel_id: '5', start_timestamp: START, end_timestamp: END, p: '0', page_size: '10' }),
    );

    await u.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ start_timestamp: START, end_timestamp: END, p: '0', page_size: '10' }));
    expect((screen.getByRole('textbox', { name: '任务 ID' }) as HTMLInputElement).value).toBe('');
  });

  it('uses the page size of local storage (page-size) and stores the one picked from 10/20/50/100', async () => {
    localStorage.setItem('page-size', '50');
    const calls = await renderPage({ 'GET /api/mj/': page([makeDrawingTask({ mj_id: 'mj-bob' })], 300) });
    await screen.findByText('mj-bob');
    expect(calls[0].query.page_size).toBe('50');

    const u = user();
    await u.click(document.querySelector('.arco-pagination-option .arco-select-view') as HTMLElement);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
    await u.click(screen.getByRole('option', { name: /20/ }));
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ p: '0', page_size: '20' }));
    expect(localStorage.getItem('page-size')).toBe('20');
  });

  it('labels the type, submit result and status in Chinese, and colours the duration', async () => {
    await renderPage({
      'GET /api/mj/': page([
        makeDrawingTask({ id: 1, mj_id: 'mj-fast', action: 'IMAGINE', code: 1, status: 'SUCCESS', submit_time: 1000, finish_time: 1030 }),
        makeDrawingTask({ id: 2, mj_id: 'mj-slow', action: 'UPSCALE', code: 22, status: 'FAILURE', submit_time: 1000, finish_time: 1075, fail_reason: 'banned prompt' }),
        makeDrawingTask({ id: 3, mj_id: 'mj-wait', action: 'SWAP_FACE', code: 21, status: 'SUBMITTED', progress: '', image_url: '', submit_time: 1000, finish_time: 0 }),
        makeDrawingTask({ id: 4, mj_id: 'mj-run', action: 'CUSTOM_ZOOM', code: 0, status: 'IN_PROGRESS', progress: '45%', finish_time: 0 }),
        makeDrawingTask({ id: 5, mj_id: 'mj-modal', action: 'MODAL', code: 1, status: 'MODAL', submit_time: 0, finish_time: 0 }),
        makeDrawingTask({ id: 6, mj_id: 'mj-new', action: 'FUTURE_THING', code: 9, status: '', finish_time: 0 }),
        makeDrawingTask({ id: 7, mj_id: 'mj-odd', action: 'DESCRIBE', status: 'PAUSED', finish_time: 0 }),
      ]),
    });
    await screen.findByText('mj-fast');

    const fast = rowOf('mj-fast');
    expect(tagOf(fast, '绘图')).toContain('arco-tag');
    expect(tagOf(fast, '已提交')).toContain('arco-tag-green');
    expect(tagOf(fast, '成功')).toContain('arco-tag-green');
    expect(tagOf(fast, '30 s')).toContain('arco-tag-green');

    const slow = rowOf('mj-slow');
    expect(within(slow).getByText('放大')).toBeTruthy();
    expect(tagOf(slow, '重复提交')).toContain('arco-tag-orange');
    expect(tagOf(slow, '失败')).toContain('arco-tag-red');
    expect(tagOf(slow, '75 s')).toContain('arco-tag-red');
    expect(within(slow).getByText('banned prompt').closest('.arco-typography-error')).toBeTruthy();

    const waiting = rowOf('mj-wait');
    expect(within(waiting).getByText('换脸')).toBeTruthy();
    expect(tagOf(waiting, '等待中')).toContain('arco-tag-lime');
    expect(within(waiting).getByText('队列中')).toBeTruthy();
    // Unfinished: no duration, no progress, no image.
    expect(within(waiting).getAllByText('-').length).toBeGreaterThanOrEqual(3);
    expect(within(waiting).queryByRole('img')).toBeNull();

    const running = rowOf('mj-run');
    expect(within(running).getByText('自定义变焦')).toBeTruthy();
    expect(within(running).getByText('未提交')).toBeTruthy();
    expect(tagOf(running, '执行中')).toContain('arco-tag-blue');
    expect(within(running).getByText('45%')).toBeTruthy();

    const modal = rowOf('mj-modal');
    expect(within(modal).getByText('窗口处理')).toBeTruthy();
    expect(within(modal).getByText('窗口等待')).toBeTruthy();

    const unknown = rowOf('mj-new');
    expect(within(unknown).getByText('FUTURE_THING')).toBeTruthy();
    expect(within(unknown).getByText('提交中')).toBeTruthy();
    expect(within(unknown).getByText('未知')).toBeTruthy();

    expect(within(rowOf('mj-odd')).getByText('图生文')).toBeTruthy();
    expect(within(rowOf('mj-odd')).getByText('未知')).toBeTruthy();
  });

  it('shows a submit time of 0 as -', async () => {
    await renderPage({ 'GET /api/mj/': page([makeDrawingTask({ mj_id: 'mj-modal', submit_time: 0, finish_time: 0, progress: '0%' })]) });
    await screen.findByText('mj-modal');
    const cells = within(rowOf('mj-modal')).getAllByRole('cell');
    expect(cells[0].textContent).toBe('-');
  });

  it('shows up to 3 thumbnails of the split images in one preview group that still reaches the 4th', async () => {
    const split = [1, 2, 3, 4].map((n) => `https://cdn.example.com/mj/split-${n}.png`);
    await renderPage({ 'GET /api/mj/': page([makeDrawingTask({ mj_id: 'mj-grid', image_urls: split })]) });
    await screen.findByText('mj-grid');
    const row = rowOf('mj-grid');

    const thumbs = within(row).getAllByRole('img');
    expect(thumbs.map((img) => img.getAttribute('src'))).toEqual(split.slice(0, 3));

    await user().click(thumbs[1]);
    const preview = await waitFor(() => {
      const found = document.querySelector('.arco-image-preview-img') as HTMLImageElement | null;
      expect(found).toBeTruthy();
      return found as HTMLImageElement;
    });
    expect(preview.getAttribute('src')).toBe(split[1]);
    await user().click(document.querySelector('.arco-image-preview-arrow-right') as HTMLElement);
    await user().click(document.querySelector('.arco-image-preview-arrow-right') as HTMLElement);
    await waitFor(() => expect(document.querySelector('.arco-image-preview-img')?.getAttribute('src')).toBe(split[3]));
  });

  it('opens the preview of a single result image when it is clicked', async () => {
    await renderPage({ 'GET /api/mj/': page([makeDrawingTask({ mj_id: 'mj-one' })]) });
    await screen.findByText('mj-one');
    const thumb = within(rowOf('mj-one')).getByRole('img', { name: '结果图片' });
    fireEvent.load(thumb);
    await user().click(thumb);
    await waitFor(() => expect(document.querySelector('.arco-image-preview-img')?.getAttribute('src')).toBe('https://cdn.example.com/mj/1.png'));
  });

  it('copies a prompt when it is clicked', async () => {
    await renderPage({ 'GET /api/mj/': page([makeDrawingTask({ mj_id: 'mj-cat', prompt: '一只橘猫 --ar 16:9', prompt_en: 'an orange cat --ar 16:9' })]) });
    await screen.findByText('mj-cat');
    const u = user();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await u.click(within(rowOf('mj-cat')).getByText('an orange cat --ar 16:9'));
    expect(writeText).toHaveBeenCalledWith('an orange cat --ar 16:9');
    expect(await within(messages).findByText('已复制到剪贴板')).toBeTruthy();
  });

  it("shows the server's message when the list fails, and the empty table", async () => {
    await renderPage({ 'GET /api/mj/': fail('无权进行此操作') });
    expect(await within(messages).findByText('无权进行此操作')).toBeTruthy();
    expect(screen.getByText('暂无绘图任务')).toBeTruthy();
  });
});

describe('drawing page as a user', () => {
  beforeEach(() => useUserStore.getState().setUser(makeUser({ id: 7, role: 1 })));

  it('calls the self endpoint without a channel, and offers no channel filter or admin columns', async () => {
    const own = makeDrawingTask({ mj_id: 'mj-mine', channel_id: undefined, user_id: undefined, username: undefined });
    const calls = await renderPage({ 'GET /api/mj/self/': page([own]) });
    await screen.findByText('mj-mine');
    const u = user();

    expect(calls.some((call) => call.path === '/api/mj/')).toBe(false);
    expect(calls[0].query).toEqual({ start_timestamp: START, end_timestamp: END, p: '0', page_size: '10' });
    expect(screen.queryByRole('textbox', { name: '渠道 ID' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '渠道' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '用户' })).toBeNull();

    await u.type(screen.getByRole('textbox', { name: '任务 ID' }), 'mj-mine');
    await u.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ path: '/api/mj/self/', query: { mj_id: 'mj-mine', start_timestamp: START, end_timestamp: END, p: '0', page_size: '10' } }));
  });
});
