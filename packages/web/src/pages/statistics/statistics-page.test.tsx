import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { formatTimestamp } from '@/lib/time';
import { useUserStore } from '@/stores/user';
import { fileResponse, lastQuery, makeFigures, makeRow, pageOf, renderStatistics } from './test-page';

const NOW = new Date(2025, 5, 14, 15, 30, 12);
const END = Math.floor(NOW.getTime() / 1000);
const START = END - 7 * 86_400;
const DEFAULT_QUERY = { p: '1', page_size: '20', startTime: String(START), endTime: String(END) };

const DETAIL = 'GET /api/statistics';
const INSTANCES = { 'GET /api/statistics/instances': ok([{ name: 'gw-1' }, { name: 'gw-2' }]) };

let messages: HTMLElement;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  messages = captureMessages();
  localStorage.setItem('display_in_currency', 'true');
  localStorage.setItem('quota_per_unit', '500000');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  messages.remove();
  localStorage.clear();
  useUserStore.setState({ user: null });
});

describe('statistics page', () => {
  it('asks for the detail rows per day over the last 7 days, and shows the totals, every field and the abnormal rows', async () => {
    const rows = [
      makeRow({ username: 'alice', model_name: 'gpt-4o', calculate_prompt_ratio: 0.1 + 0.2 }),
      makeRow({ username: 'bob', user_id: 9, model_name: 'mj-imagine', quota: 1000, calculate_quota: 2500, abnormal: true, model_price: 0.05 }),
    ];
    const page = pageOf(rows, { total: 42, totalQuota: 1_000_000, totalCalculateQuota: 1_250_000, totalRequests: 1234, totalTokens: 56_789 });
    const calls = renderStatistics({ ...INSTANCES, [DETAIL]: ok(page) });

    expect(await screen.findByText('mj-imagine')).toBeTruthy();
    expect(lastQuery(calls, '/api/statistics')).toEqual({ ...DEFAULT_QUERY, date_type: 'day' });
    expect(screen.getByText('计费管理')).toBeTruthy();

    const totals = screen.getByLabelText('统计合计');
    expect(totals.textContent).toContain('记录数：42');
    expect(totals.textContent).toContain('请求次数：1,234');
    expect(totals.textContent).toContain('总 tokens：56,789');
    expect(totals.textContent).toContain('实际扣费：$2.00');
    expect(totals.textContent).toContain('计算额度：$2.50');
    expect(screen.getByText(`数据更新于 ${formatTimestamp(page.updated_at)}`)).toBeTruthy();

    for (const header of ['时间', '实例', '用户名', '令牌名称', '模型名称', '请求次数', '总 tokens', '缓存读取 tokens', '实际扣费', '计算额度', '计费倍率', '分组', '补全', '按次价格']) {
      expect(screen.getAllByText(header, { selector: 'th *, th' }).length).toBeGreaterThan(0);
    }
    const bob = rowOf('mj-imagine');
    expect(within(bob).getByText('异常').closest('.arco-tag')?.className).toContain('arco-tag-red');
    expect(within(bob).getByText('$0.05')).toBeTruthy();
    expect(within(bob).getByText('$0.005000')).toBeTruthy();
    expect(bob.className).toContain('statistics-row-abnormal');
    const alice = rowOf('gpt-4o');
    expect(within(alice).getByText('正常')).toBeTruthy();
    expect(within(alice).getByText('0.3')).toBeTruthy();
    expect(alice.className).not.toContain('statistics-row-abnormal');
  });

  it('sends every filter, from the first page, when 查询 is pressed; 按小时 applies at once', async () => {
    const calls = renderStatistics({ ...INSTANCES, [DETAIL]: ok(pageOf([makeRow()], { total: 60 })) });
    await screen.findByText('gpt-4o');
    const u = user();
    await u.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(lastQuery(calls, '/api/statistics')?.p).toBe('2'));

    await u.type(screen.getByLabelText('用户名'), ' bob ');
    await u.type(screen.getByLabelText('模型名称'), 'gpt-4o');
    await u.type(screen.getByLabelText('令牌名称'), 'bob-key');
    await u.click(screen.getByRole('combobox', { name: '实例' }));
    await u.click(await screen.findByRole('option', { name: 'gw-2' }));
    await u.click(screen.getByRole('switch', { name: '仅看异常' }));
    await u.click(screen.getByRole('button', { name: /查询/ }));
    const filtered = { ...DEFAULT_QUERY, date_type: 'day', username: 'bob', modelName: 'gpt-4o', tokenName: 'bob-key', instance: 'gw-2', abnormal: 'true' };
    await waitFor(() => expect(lastQuery(calls, '/api/statistics')).toEqual(filtered));

    await u.click(screen.getByText('按小时'));
    await waitFor(() => expect(lastQuery(calls, '/api/statistics')).toEqual({ ...filtered, date_type: 'hour' }));

    await u.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastQuery(calls, '/api/statistics')).toEqual({ ...DEFAULT_QUERY, date_type: 'day' }));
  });

  it('changes the page size from the pager (10, 20, 50, 100)', async () => {
    const calls = renderStatistics({ ...INSTANCES, [DETAIL]: ok(pageOf([makeRow()], { total: 300 })) });
    await screen.findByText('gpt-4o');
    const u = user();
    await u.click(document.querySelector('.arco-pagination-option .arco-select-view') as HTMLElement);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页']);
    await u.click(screen.getByRole('option', { name: /50/ }));
    await waitFor(() => expect(lastQuery(calls, '/api/statistics')).toEqual({ ...DEFAULT_QUERY, page_size: '50', date_type: 'day' }));
  });

  it('switches to the per-user and per-token views, which send no date_type', async () => {
    const calls = renderStatistics({
      ...INSTANCES,
      [DETAIL]: ok(pageOf([makeRow()])),
      'GET /api/statistics/groupByUserPage': ok(pageOf([{ ...makeFigures({ request_count: 77 }), user_id: 9, username: 'bob' }])),
      'GET /api/statistics/groupByTokenPage': ok(pageOf([{ ...makeFigures(), user_id: 9, username: 'bob', token_id: 4, token_name: 'bob-key' }])),
    });
    await screen.findByText('gpt-4o');
    const u = user();
    await u.click(screen.getByRole('tab', { name: '按用户' }));
    expect(await screen.findByText('77')).toBeTruthy();
    expect(lastQuery(calls, '/api/statistics/groupByUserPage')).toEqual(DEFAULT_QUERY);
    expect(screen.queryByText('按小时')).toBeNull();
    expect(screen.queryByText('模型名称', { selector: 'th *' })).toBeNull();

    await u.click(screen.getByRole('tab', { name: '按令牌' }));
    expect(await screen.findByText('bob-key')).toBeTruthy();
    expect(lastQuery(calls, '/api/statistics/groupByTokenPage')).toEqual(DEFAULT_QUERY);
  });

  it('exports the current view with the current filters, no paging, under the server’s name', async () => {
    const calls = renderStatistics(
      { ...INSTANCES, [DETAIL]: ok(pageOf([makeRow()])), 'GET /api/statistics/groupByUserPage': ok(pageOf([])) },
      { '/api/statistics/exportUser': () => fileResponse('用户统计.xlsx') },
    );
    await screen.findByText('gpt-4o');
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const u = user();
    await u.type(screen.getByLabelText('用户名'), 'bob');
    await u.click(screen.getByRole('button', { name: /查询/ }));
    await u.click(screen.getByRole('tab', { name: '按用户' }));
    await u.click(screen.getByRole('button', { name: /导出/ }));
    await waitFor(() => expect(saved).toEqual(['用户统计.xlsx']));
    expect(lastQuery(calls, '/api/statistics/exportUser')).toEqual({ startTime: String(START), endTime: String(END), username: 'bob' });
  });

  it('shows the server’s refusal of an export, and 下载失败，请重试 when the download fails', async () => {
    // A range the server refuses comes with HTTP 400, as the statistics list answers it.
    const refusedRange = () => new Response(JSON.stringify({ success: false, message: '开始时间不能晚于结束时间', data: null }), { status: 400, headers: { 'Content-Type': 'application/json' } });
    renderStatistics(
      { ...INSTANCES, [DETAIL]: ok(pageOf([makeRow()])), 'GET /api/statistics/groupByUserPage': ok(pageOf([])), 'GET /api/statistics/export': fail('时间范围不能超过 366 天') },
      { '/api/statistics/exportUser': refusedRange },
    );
    await screen.findByText('gpt-4o');
    const u = user();
    await u.click(screen.getByRole('button', { name: /导出/ }));
    expect(await within(messages).findByText('时间范围不能超过 366 天')).toBeTruthy();

    await u.click(screen.getByRole('tab', { name: '按用户' }));
    await u.click(screen.getByRole('button', { name: /导出/ }));
    expect(await within(messages).findByText('开始时间不能晚于结束时间')).toBeTruthy();

    await u.click(screen.getByRole('tab', { name: '按令牌' }));
    await u.click(screen.getByRole('button', { name: /导出/ }));
    expect(await within(messages).findByText('下载失败，请重试')).toBeTruthy();
  });

  it('says 该时间范围内没有数据 for an empty range, and shows a refusal as an error', async () => {
    renderStatistics({ ...INSTANCES, [DETAIL]: ok(pageOf([])), 'GET /api/statistics/groupByUserPage': fail('无权进行此操作') });
    expect(await screen.findByText('该时间范围内没有数据')).toBeTruthy();
    await user().click(screen.getByRole('tab', { name: '按用户' }));
    expect(await within(messages).findByText('无权进行此操作')).toBeTruthy();
    expect(await screen.findByText('该时间范围内没有数据')).toBeTruthy();
  });

  it('立即更新 asks the server to roll up the newest logs, then reads the page again', async () => {
    let requests = 12;
    const calls = renderStatistics({
      ...INSTANCES,
      [DETAIL]: () => ok(pageOf([makeRow({ request_count: requests, model_name: 'gpt-4o' })])),
      'POST /api/statistics/refresh': () => {
        requests = 15;
        return ok({ lastLogId: 40, coveredAt: END });
      },
    });
    await screen.findByText('gpt-4o');
    await user().click(screen.getByRole('button', { name: /立即更新/ }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/statistics')).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/api/statistics/refresh')).toHaveLength(1);
    expect(await within(rowOf('gpt-4o')).findByText('15')).toBeTruthy();
  });
});
