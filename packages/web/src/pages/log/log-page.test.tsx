import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import type { LogItem } from '@/api/logs';
import { openExpansion } from '@/components/responsive-table/test-expansion';
import { formatTimestamp } from '@/lib/time';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';
import LogPage from './index';
import { makeLog } from './test-factories';

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
}

type Reply = { success: boolean; message: string; data: unknown };

const ok = (data: unknown): Reply => ({ success: true, message: '', data });
const page = (items: LogItem[]) => ok({ items, total: items.length, page: 0, page_size: 10 });

/** Answers by "METHOD /path" and records every call with its query; unknown paths are a 404. */
function fakeApi(routes: Record<string, Reply>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) });
      const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
      return route ? jsonResponse(route) : jsonResponse({ success: false, message: 'not found' }, 404);
    }),
  );
  return calls;
}

// 2025-06-14 15:30:12 local time: the default window is 00:00 that day to 16:30:12.
const NOW = new Date(2025, 5, 14, 15, 30, 12);
const START = String(Math.floor(new Date(2025, 5, 14).getTime() / 1000));
const END = String(Math.floor(new Date(2025, 5, 14, 16, 30, 12).getTime() / 1000));

const ADMIN_ROWS = [
  makeLog({
    id: 2,
    username: 'bob',
    user_id: 9,
    token_name: 'bob-token',
    channel: 5,
    channel_name: 'azure-east',
    resp_model_name: 'gpt-4o-2024-08-06',
    use_time: 150,
    other: JSON.stringify({ frt: 12_000, model_ratio: 1.25, completion_ratio: 4, group_ratio: 1, admin_info: { use_channel: [3, 5] } }),
    attempts_log: JSON.stringify([
      { channel_id: 3, channel_name: 'openai-main', status: 502, error: 'bad gateway', duration: 120 },
      { channel_id: 5, channel_name: 'azure-east', status: 200, duration: 4000 },
    ]),
    quota: 1500,
  }),
  makeLog({ id: 1, type: 5, username: 'alice', token_name: 'alice-token', channel: 3, channel_name: 'openai-main', is_stream: false, use_time: 400, content: 'upstream rate limited', quota: 0, other: '{}', attempts_log: '[]' }),
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

let messages: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  messages = document.createElement('div');
  document.body.appendChild(messages);
  Message.config({ getContainer: () => messages, duration: 0 });
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

describe('log page as an administrator', () => {
  beforeEach(() => useUserStore.getState().setUser(makeUser({ id: 1, role: 100 })));

  it("asks for every user's logs and their statistics over today's window", async () => {
    const calls = fakeApi({ 'GET /api/log/': page(ADMIN_ROWS), 'GET /api/log/stat': ok({ quota: 1_000_000, rpm: 12, tpm: 3400 }) });
    render(<LogPage />);
    await screen.findByText('bob-token');

    expect(calls.find((call) => call.path === '/api/log/')?.query).toEqual({ type: '0', start_timestamp: START, end_timestamp: END, p: '0', page_size: '10' });
    expect(calls.find((call) => call.path === '/api/log/stat')?.query).toEqual({ type: '0', start_timestamp: START, end_timestamp: END });
    expect(calls.some((call) => call.path.startsWith('/api/log/self'))).toBe(false);

    await waitFor(() => expect(screen.getByLabelText('日志统计').textContent).toContain('消耗额度：$2.00'));
    expect(screen.getByText('RPM：12')).toBeTruthy();
    expect(screen.getByText('TPM：3400')).toBeTruthy();
  });

  it('shows a small spending with its digits, never as $0.00, and the raw quota on hover', async () => {
    fakeApi({ 'GET /api/log/': page(ADMIN_ROWS), 'GET /api/log/stat': ok({ quota: 20, rpm: 0, tpm: 0 }) });
    render(<LogPage />);
    const amount = await screen.findByText('$0.000040');
    expect(amount.closest('[aria-label="日志统计"]')).toBeTruthy();
    expect(amount.getAttribute('title')).toBe('原始额度：20');
  });

  it('shows the channel, user, retry path, badges and pricing detail of each row', async () => {
    fakeApi({ 'GET /api/log/': page(ADMIN_ROWS), 'GET /api/log/stat': ok({ quota: 0, rpm: 0, tpm: 0 }) });
    render(<LogPage />);
    await screen.findByText('bob-token');
    const bob = within(rowOf('bob-token'));

    expect(screen.getByRole('columnheader', { name: '渠道' })).toBeTruthy();
    expect(bob.getByText('#5 azure-east')).toBeTruthy();
    expect(bob.getByText('bob')).toBeTruthy();
    expect(bob.getByText('gpt-4o → gpt-4o-2024-08-06')).toBeTruthy();
    expect(bob.getByText('消费')).toBeTruthy();
    expect(bob.getByText('150 s').closest('.arco-tag')?.className).toContain('arco-tag-orange');
    expect(bob.getByText('12.0 s').closest('.arco-tag')?.className).toContain('arco-tag-red');
    expect(bob.getByText('流')).toBeTruthy();
    expect(bob.getByText('$0.003000')).toBeTruthy();
    expect(bob.getByText(formatTimestamp(1_700_000_000))).toBeTruthy();
    // The detail and the retries wait in the row's expansion (the table fits a 1440 px screen without them).
    const bobMore = within(openExpansion(rowOf('bob-token')));
    expect(bobMore.getByText('重试')).toBeTruthy();
    expect(bobMore.getByText('#3 → #5')).toBeTruthy();
    expect(bobMore.getByText('模型倍率 1.25，补全倍率 4，分组倍率 1')).toBeTruthy();

    const alice = within(rowOf('alice-token'));
    expect(alice.getByText('错误')).toBeTruthy();
    expect(alice.getByText('400 s').closest('.arco-tag')?.className).toContain('arco-tag-red');
    expect(alice.getByText('非流')).toBeTruthy();
    expect(within(openExpansion(rowOf('alice-token'))).getByText('upstream rate limited')).toBeTruthy();
  });

  it('shows in the row’s expansion why the request went to its channel', async () => {
    const routed = makeLog({
      id: 5,
      token_name: 'routed-token',
      channel: 5,
      other: JSON.stringify({
        model_ratio: 1,
        affinity: 'moved',
        route: [
          { via: 'cooldown-skip', chs: [3] },
          { via: 'weight', ch: 5, tier: 0, n: 1, w: 1, of: 1 },
        ],
      }),
    });
    fakeApi({ 'GET /api/log/': page([routed]), 'GET /api/log/stat': ok({ quota: 0, rpm: 0, tpm: 0 }) });
    render(<LogPage />);
    await screen.findByText('routed-token');

    const more = within(openExpansion(rowOf('routed-token')));
    expect(more.getByText('路由')).toBeTruthy();
    expect(more.getByText('会话绑定迁移')).toBeTruthy();
    expect(more.getByText('冷却跳过 #3 → 权重抽取 #5（优先级 0，1 选 1，权重 1/1）')).toBeTruthy();
  });

  it('shows in the row’s expansion what the call cost upstream and the channel’s cost ratio', async () => {
    const costed = makeLog({ id: 6, token_name: 'costed-token', quota: 750, other: JSON.stringify({ model_ratio: 1, group_ratio: 2, cost: 190, cost_ratio: 0.5 }) });
    fakeApi({ 'GET /api/log/': page([costed]), 'GET /api/log/stat': ok({ quota: 0, rpm: 0, tpm: 0 }) });
    render(<LogPage />);
    await screen.findByText('costed-token');

    const more = within(openExpansion(rowOf('costed-token')));
    expect(more.getByText('成本')).toBeTruthy();
    expect(more.getByText(/（成本倍率 0\.5）/).textContent).toBe('$0.000380（成本倍率 0.5）');
  });

  it('shows the time and stream badges on consumption and error rows only', async () => {
    const quiet = { use_time: 2, is_stream: false, other: '{}', token_name: '', model_name: '', quota: 0 };
    const rows = [
      ...ADMIN_ROWS,
      makeLog({ id: 3, type: 1, username: 'carol', content: '通过兑换码充值 $10.00', ...quiet }),
      makeLog({ id: 4, type: 3, username: 'dave', content: '管理员将用户额度设为 $5.00', ...quiet }),
    ];
    fakeApi({ 'GET /api/log/': page(rows), 'GET /api/log/stat': ok({ quota: 0, rpm: 0, tpm: 0 }) });
    render(<LogPage />);
    await screen.findByText('carol');

    expect(within(rowOf('bob-token')).getByText('150 s')).toBeTruthy();
    expect(within(rowOf('alice-token')).getByText('非流')).toBeTruthy();
    for (const [name, type] of [['carol', '充值'], ['dave', '管理']]) {
      const row = within(rowOf(name));
      expect(row.getByText(type)).toBeTruthy();
      expect(row.queryByText('2 s'), name).toBeNull();
      expect(row.queryByText('非流'), name).toBeNull();
    }
  });

  it('sends the username and channel filters with the others when 查询 is pressed', async () => {
    const calls = fakeApi({ 'GET /api/log/': page(ADMIN_ROWS), 'GET /api/log/stat': ok({ quota: 0, rpm: 0, tpm: 0 }) });
    const user = userEvent.setup({ delay: null });
    render(<LogPage />);
    await screen.findByText('bob-token');
    calls.length = 0;

    await user.type(screen.getByRole('textbox', { name: '用户名称' }), 'bob');
    await user.type(screen.getByRole('textbox', { name: '渠道 ID' }), '5');
    await user.type(screen.getByRole('textbox', { name: '令牌名称' }), 'bob-token');
    await user.type(screen.getByRole('textbox', { name: '模型名称' }), 'gpt-4o');
    await user.click(screen.getByRole('button', { name: /查询/ }));

    const expected = { type: '0', username: 'bob', channel: '5', token_name: 'bob-token', model_name: 'gpt-4o', start_timestamp: START, end_timestamp: END };
    await waitFor(() => expect(calls.find((call) => call.path === '/api/log/')?.query).toEqual({ ...expected, p: '0', page_size: '10' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/log/stat')?.query).toEqual(expected));
  });

  it('opens the user-info popup from the username with the account figures', async () => {
    const calls = fakeApi({
      'GET /api/log/': page(ADMIN_ROWS),
      'GET /api/log/stat': ok({ quota: 0, rpm: 0, tpm: 0 }),
      'GET /api/user/9': ok(makeUser({ id: 9, username: 'bob', group: 'vip', quota: 5_000_000, used_quota: 500_000, request_count: 42 })),
    });
    const user = userEvent.setup({ delay: null });
    render(<LogPage />);
    await screen.findByText('bob-token');

    await user.click(within(rowOf('bob-token')).getByText('bob'));
    expect(await screen.findByText('$10.00')).toBeTruthy();
    expect(screen.getByText('vip')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/user/9')).toHaveLength(1);
  });

  it('uses the stored page size', async () => {
    localStorage.setItem('page-size', '50');
    const calls = fakeApi({ 'GET /api/log/': page(ADMIN_ROWS), 'GET /api/log/stat': ok({ quota: 0, rpm: 0, tpm: 0 }) });
    render(<LogPage />);
    await screen.findByText('bob-token');
    expect(calls.find((call) => call.path === '/api/log/')?.query.page_size).toBe('50');
  });
});

describe('log page as a user', () => {
  beforeEach(() => useUserStore.getState().setUser(makeUser({ id: 7, role: 1 })));

  it('calls the self endpoints, offers no user or channel filter and shows no admin columns', async () => {
    const own = makeLog({ id: 3, token_name: 'my-token' });
    const calls = fakeApi({ 'GET /api/log/self/': page([own]), 'GET /api/log/self/stat': ok({ quota: 250_000, rpm: 1, tpm: 150 }) });
    const user = userEvent.setup({ delay: null });
    render(<LogPage />);
    await screen.findByText('my-token');

    expect(calls.some((call) => call.path === '/api/log/' || call.path === '/api/log/stat')).toBe(false);
    expect(calls.find((call) => call.path === '/api/log/self/')?.query).toEqual({ type: '0', start_timestamp: START, end_timestamp: END, p: '0', page_size: '10' });
    await waitFor(() => expect(screen.getByLabelText('日志统计').textContent).toContain('消耗额度：$0.50'));
    expect(screen.queryByRole('textbox', { name: '用户名称' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: '渠道 ID' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '渠道' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '重试' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '路由' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '用户' })).toBeNull();
    expect(within(rowOf('my-token')).getByText('0.9 s').closest('.arco-tag')?.className).toContain('arco-tag-green');

    calls.length = 0;
    await user.type(screen.getByRole('textbox', { name: '模型名称' }), 'claude');
    await user.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/log/self/stat')?.query).toEqual({ type: '0', model_name: 'claude', start_timestamp: START, end_timestamp: END }),
    );
  });

  it('never shows a cost or a cost ratio, even if a row carried one', async () => {
    const own = makeLog({ id: 4, token_name: 'own-token', other: JSON.stringify({ model_ratio: 1, cost: 190, cost_ratio: 0.5 }) });
    fakeApi({ 'GET /api/log/self/': page([own]), 'GET /api/log/self/stat': ok({ quota: 0, rpm: 0, tpm: 0 }) });
    render(<LogPage />);
    await screen.findByText('own-token');
    const more = within(openExpansion(rowOf('own-token')));
    expect(more.queryByText('成本')).toBeNull();
    expect(more.queryByText(/成本倍率/)).toBeNull();
  });

  it('filters its own logs by status code', async () => {
    const calls = fakeApi({ 'GET /api/log/self/': page([makeLog({ token_name: 'my-token' })]), 'GET /api/log/self/stat': ok({ quota: 0, rpm: 0, tpm: 0 }) });
    const user = userEvent.setup({ delay: null });
    render(<LogPage />);
    await screen.findByText('my-token');
    calls.length = 0;

    await user.type(screen.getByRole('textbox', { name: '状态码' }), '429');
    await user.click(screen.getByRole('button', { name: /查询/ }));
    const expected = { type: '0', status_code: '429', start_timestamp: START, end_timestamp: END };
    await waitFor(() => expect(calls.find((call) => call.path === '/api/log/self/')?.query).toEqual({ ...expected, p: '0', page_size: '10' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/log/self/stat')?.query).toEqual(expected));
  });

  it('shows the cache, reasoning and audio tokens a request had in its detail', async () => {
    const cached = makeLog({ id: 4, token_name: 'cached-token', cache_read_input_tokens: 1200, thoughts_tokens: 45 });
    fakeApi({ 'GET /api/log/self/': page([cached]), 'GET /api/log/self/stat': ok({ quota: 0, rpm: 0, tpm: 0 }) });
    const user = userEvent.setup({ delay: null });
    render(<LogPage />);
    await screen.findByText('cached-token');

    await user.click(within(rowOf('cached-token')).getByRole('button', { name: '展开更多信息' }));
    expect(await screen.findByText('缓存读取 1200 tokens，推理 45 tokens')).toBeTruthy();
    expect(screen.queryByText(/缓存写入|音频/)).toBeNull();
  });
});
