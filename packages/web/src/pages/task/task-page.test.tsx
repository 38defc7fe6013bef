import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import type { AsyncTask } from '@/api/tasks';
import { formatTimestamp } from '@/lib/time';
import { fail, fakeApi, ok, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, rowOf, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import TaskPage from './index';
import { makeAsyncTask, makeClip } from './test-factories';

const page = (items: AsyncTask[], total = items.length) => ok({ items, total, page: 0, page_size: 10 });

// 2025-06-14 15:30:12 local time: the default window runs from 00:00 that day to that moment.
const NOW = new Date(2025, 5, 14, 15, 30, 12);
const START = String(Math.floor(new Date(2025, 5, 14).getTime() / 1000));
const END = String(Math.floor(NOW.getTime() / 1000));
const DEFAULT_QUERY = { start_timestamp: START, end_timestamp: END, p: '0', page_size: '10' };

const tagOf = (row: HTMLElement, text: string) => within(row).getByText(text).closest('.arco-tag')?.className ?? '';
const dialog = () => screen.findByRole('dialog');

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
  Modal.destroyAll();
  useUserStore.getState().clearUser();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  messages.remove();
});

async function renderPage(routes: Record<string, Route>) {
  const calls = fakeApi(routes);
  render(<TaskPage />);
  await waitFor(() => expect(calls.length).toBeGreaterThan(0));
  return calls;
}

describe('task page as an administrator', () => {
  beforeEach(() => useUserStore.getState().setUser(makeUser({ id: 1, role: 100 })));

  it("asks for every user's tasks since today 00:00, page 0, and shows the channel and user", async () => {
    const calls = await renderPage({ 'GET /api/task/': page([makeAsyncTask({ task_id: 'task-bob' })]) });
    await screen.findByText('task-bob');
    const row = rowOf('task-bob');

    expect(calls.map((call) => call.path)).toEqual(['/api/task/']);
    expect(calls[0].query).toEqual(DEFAULT_QUERY);
    expect(screen.getByRole('columnheader', { name: '渠道' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '用户' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '渠道 ID' })).toBeTruthy();
    expect(within(row).getByText('#8')).toBeTruthy();
    expect(within(row).getByText('bob')).toBeTruthy();
    expect(within(row).getByText(formatTimestamp(1_749_880_000))).toBeTruthy();
    expect(within(row).getByText(formatTimestamp(1_749_880_040))).toBeTruthy();
    expect(within(row).getByText('$0.200000')).toBeTruthy();
  });

  it('sends the task id and channel filters when 查询 is pressed, and the next page as p=1', async () => {
    const calls = await renderPage({ 'GET /api/task/': page([makeAsyncTask({ task_id: 'task-bob' })], 25) });
    await screen.findByText('task-bob');
    const u = user();

    await u.type(screen.getByRole('textbox', { name: '任务 ID' }), 'task-bob');
    await u.type(screen.getByRole('textbox', { name: '渠道 ID' }), ' 8 ');
    await u.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ ...DEFAULT_QUERY, task_id: 'task-bob', channel_id: '8' }));

    await u.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ ...DEFAULT_QUERY, task_id: 'task-bob', channel_id: '8', p: '1' }));
  });

  it('labels platform, type and status in Chinese, and colours the duration', async () => {
    await renderPage({
      'GET /api/task/': page([
        makeAsyncTask({ id: 1, task_id: 'task-fast', status: 'SUCCESS', submit_time: 1000, finish_time: 1060 }),
        makeAsyncTask({ id: 2, task_id: 'task-slow', action: 'LYRICS', status: 'FAILURE', submit_time: 1000, finish_time: 1061, fail_reason: 'quota exceeded', data: null }),
        makeAsyncTask({ id: 3, task_id: 'task-queued', status: 'QUEUED', progress: '0%', finish_time: 0, data: null }),
        makeAsyncTask({ id: 4, task_id: 'task-sent', status: 'SUBMITTED', finish_time: 0, data: null }),
        makeAsyncTask({ id: 5, task_id: 'task-new', status: '', progress: '', submit_time: 0, finish_time: 0, data: null }),
        makeAsyncTask({ id: 6, task_id: 'task-lost', status: 'UNKNOWN', platform: 'udio', action: 'REMIX', finish_time: 0, data: null }),
        makeAsyncTask({ id: 7, task_id: 'task-run', status: 'IN_PROGRESS', progress: '60%', finish_time: 0, data: null }),
        makeAsyncTask({ id: 8, task_id: 'task-idle', status: 'NOT_START', finish_time: 0, data: null }),
      ]),
    });
    await screen.findByText('task-fast');

    const fast = rowOf('task-fast');
    expect(within(fast).getByText('Suno')).toBeTruthy();
    expect(within(fast).getByText('生成音乐')).toBeTruthy();
    expect(tagOf(fast, '成功')).toContain('arco-tag-green');
    expect(tagOf(fast, '60 s')).toContain('arco-tag-green');

    const slow = rowOf('task-slow');
    expect(within(slow).getByText('生成歌词')).toBeTruthy();
    expect(tagOf(slow, '失败')).toContain('arco-tag-red');
    expect(tagOf(slow, '61 s')).toContain('arco-tag-red');
    expect(within(slow).getByText('quota exceeded').closest('.arco-typography-error')).toBeTruthy();

    const queued = within(rowOf('task-queued'));
    expect(queued.getByText('排队中')).toBeTruthy();
    expect(queued.getByText('0%')).toBeTruthy();
    expect(within(rowOf('task-sent')).getByText('队列中')).toBeTruthy();
    expect(within(rowOf('task-run')).getByText('执行中')).toBeTruthy();
    expect(within(rowOf('task-idle')).getByText('未启动')).toBeTruthy();

    const fresh = rowOf('task-new');
    expect(within(fresh).getByText('正在提交')).toBeTruthy();
    // No submit time, end, progress, duration or result yet.
    const cells = within(fresh).getAllByRole('cell');
    expect(cells.slice(0, 4).map((cell) => cell.textContent)).toEqual(['-', '-', '-', '-']);

    const lost = within(rowOf('task-lost'));
    expect(lost.getByText('未知')).toBeTruthy();
    expect(lost.getByText('udio')).toBeTruthy();
    expect(lost.getByText('REMIX')).toBeTruthy();
  });

  it("opens a MUSIC row's songs with a player each, and only web links to their videos", async () => {
    const clips = [
      makeClip({ id: 'c1', title: '夏夜', audio_url: 'https://cdn.example.com/c1.mp3' }),
      makeClip({ id: 'c2', title: '晨光', audio_url: 'https://cdn.example.com/c2.mp3', video_url: 'javascript:alert(1)' }),
      makeClip({ id: 'c3', title: '黄昏', audio_url: 'https://cdn.example.com/c3.mp3', video_url: '' }),
    ];
    await renderPage({ 'GET /api/task/': page([makeAsyncTask({ task_id: 'task-song', data: clips }), makeAsyncTask({ id: 2, task_id: 'task-none', data: null })]) });
    await screen.findByText('task-song');
    expect(within(rowOf('task-none')).queryByRole('button', { name: '查看' })).toBeNull();

    await user().click(within(rowOf('task-song')).getByRole('button', { name: '查看' }));
    const modal = await dialog();
    const players = modal.querySelectorAll('audio');
    expect([...players].map((audio) => [audio.getAttribute('aria-label'), audio.getAttribute('src'), audio.hasAttribute('controls')])).toEqual([
      ['夏夜', 'https://cdn.example.com/c1.mp3', true],
      ['晨光', 'https://cdn.example.com/c2.mp3', true],
      ['黄昏', 'https://cdn.example.com/c3.mp3', true],
    ]);
    expect(within(modal).getByRole('img', { name: '夏夜 封面' })).toBeTruthy();
    const videos = within(modal).getAllByText('观看视频').map((text) => text.closest('a') as HTMLAnchorElement);
    expect(videos.map((link) => link.getAttribute('href'))).toEqual(['https://cdn.example.com/suno/clip-1.mp4']);
  });

  it("opens a LYRICS row's lyrics as text", async () => {
    const lyrics = { title: '夏夜', text: '[Verse]\n晚风吹过\n[Chorus]\n星光闪烁' };
    await renderPage({ 'GET /api/task/': page([makeAsyncTask({ task_id: 'task-words', action: 'LYRICS', data: lyrics })]) });
    await screen.findByText('task-words');

    await user().click(within(rowOf('task-words')).getByRole('button', { name: '查看' }));
    const modal = await dialog();
    expect(within(modal).getByText('歌词')).toBeTruthy();
    expect(within(modal).getByText('夏夜')).toBeTruthy();
    expect(modal.querySelector('.task-lyrics')?.textContent).toBe(lyrics.text);
    expect(modal.querySelector('audio')).toBeNull();
  });

  it("shows the server's message when the list fails, and the empty table", async () => {
    await renderPage({ 'GET /api/task/': fail('无权进行此操作') });
    expect(await within(messages).findByText('无权进行此操作')).toBeTruthy();
    expect(screen.getByText('暂无任务')).toBeTruthy();
  });
});

describe('task page as a user', () => {
  beforeEach(() => useUserStore.getState().setUser(makeUser({ id: 7, role: 1 })));

  it('calls the self endpoint without a channel, and offers no channel filter or admin columns', async () => {
    const own = makeAsyncTask({ task_id: 'task-mine', channel_id: undefined, user_id: undefined, username: undefined });
    const calls = await renderPage({ 'GET /api/task/self': page([own]) });
    await screen.findByText('task-mine');

    expect(calls.some((call) => call.path === '/api/task/')).toBe(false);
    expect(calls[0]).toMatchObject({ path: '/api/task/self', query: DEFAULT_QUERY });
    expect(screen.queryByRole('textbox', { name: '渠道 ID' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '渠道' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '用户' })).toBeNull();
  });
});
