import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import type { TalkingView } from '@gw/shared';
import { fail, fakeApi, ok, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { makeRun, page } from '@/pages/workflow-result/test-runs';
import { runDetailPath } from '@/pages/workflow-result/run-view';
import { formatTimestamp } from '@/lib/time';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import WorkspacePage from './index';

const SELF = 'GET /api/user/self';
const STAT = 'GET /api/log/self/stat';
const TALKINGS = 'GET /relay/v1/talking/';
const RUNS = 'GET /api/workflow/runs';

// 2025-06-14 15:30:12 local time: today began at 00:00 local time.
const NOW = new Date(2025, 5, 14, 15, 30, 12);
const MIDNIGHT = String(new Date(2025, 5, 14).getTime() / 1000);
const NOW_SECONDS = String(NOW.getTime() / 1000);

const talking = (id: number, name: string, updated_at = 1_749_800_000): TalkingView => ({ id, name, summary: '', mode: 'chat', category: '', revealed: false, created_at: updated_at - 60, updated_at });

/** Where a link or button took the user, with the state it handed over. */
function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}|{JSON.stringify(location.state ?? null)}
    </p>
  );
}

const EMPTY: Record<string, Route> = {
  [SELF]: ok(makeUser({ quota: 0, used_quota: 0 })),
  [STAT]: ok({ quota: 0, rpm: 0, tpm: 0 }),
  [TALKINGS]: ok(page([], 0, 1, 5)),
  [RUNS]: ok(page([], 0, 1, 5)),
};

function renderWorkspace(routes: Record<string, Route>) {
  const calls = fakeApi({ ...EMPTY, ...routes });
  render(
    <MemoryRouter initialEntries={['/workspace']}>
      <Routes>
        <RouterRoute path="/workspace" element={<WorkspacePage />} />
        <RouterRoute path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

const card = (title: string) => screen.getByText(title, { selector: '.arco-card-header-title, .arco-card-header-title *' }).closest('.arco-card') as HTMLElement;
const figure = (label: string) => screen.getByRole('region', { name: label });

let messages: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  messages = captureMessages();
  localStorage.setItem('display_in_currency', 'true');
  localStorage.setItem('quota_per_unit', '500000');
  useUserStore.getState().setUser(makeUser({ quota: 100, used_quota: 100 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  messages.remove();
  useUserStore.getState().clearUser();
});

describe('workspace page', () => {
  it("asks for today's spending from local midnight to now, and the latest 5 chats and runs", async () => {
    const calls = renderWorkspace({});
    await screen.findByText('还没有对话记录');
    expect(calls.filter((call) => call.path === '/api/log/self/stat').map((call) => call.query)).toEqual([{ type: '0', start_timestamp: MIDNIGHT, end_timestamp: NOW_SECONDS }]);
    expect(calls.find((call) => call.path === '/relay/v1/talking/')?.query).toEqual({ page: '1', page_size: '5' });
    expect(calls.find((call) => call.path === '/api/workflow/runs')?.query).toEqual({ page: '1', page_size: '5' });
    expect(calls.some((call) => call.path === '/api/user/self')).toBe(true);
    // The user's own figures only: never the admin's log statistics.
    expect(calls.some((call) => call.path === '/api/log/stat')).toBe(false);
  });

  it('shows the balance and historic consumption read again from the server, and what was spent today', async () => {
    renderWorkspace({ [SELF]: ok(makeUser({ quota: 1_000_000 - 320, used_quota: 250_320 })), [STAT]: ok({ quota: 50_320, rpm: 1, tpm: 20 }) });
    // As many decimals as show each figure exactly (up to 6): a spend of $0.00064 is visible.
    await vi.waitFor(() => expect(figure('当前余额').textContent).toContain('$1.99936'));
    expect(figure('历史消耗').textContent).toContain('$0.50064');
    expect(await within(figure('今日消耗')).findByText('$0.10064')).toBeTruthy();
    expect(within(figure('今日消耗')).getByTitle('原始额度：50,320')).toBeTruthy();
    expect(within(card('余额')).getByRole('link', { name: '钱包' }).getAttribute('href')).toBe('/topup');
    expect(within(card('余额')).getByRole('link', { name: '使用日志' }).getAttribute('href')).toBe('/log');
    expect(within(card('余额')).getByRole('link', { name: '音乐任务' }).getAttribute('href')).toBe('/task');
  });

  it('lists the latest chats, each opening its history page, and starts a new chat on the landing page', async () => {
    renderWorkspace({ [TALKINGS]: ok(page([talking(5, '模型对比一', 1_749_880_000), talking(3, '更早的对话')], 2, 1, 5)) });
    const chats = card('最近对话');
    const first = await within(chats).findByRole('link', { name: '模型对比一' });
    expect(first.getAttribute('href')).toBe('/multi-model-compare/history/5');
    expect(within(chats).getByRole('link', { name: '更早的对话' }).getAttribute('href')).toBe('/multi-model-compare/history/3');
    expect(within(chats).getByText(formatTimestamp(1_749_880_000))).toBeTruthy();
    expect(within(chats).getByRole('link', { name: '全部对话' }).getAttribute('href')).toBe('/history');

    await user().click(first);
    expect((await screen.findByTestId('where')).textContent).toBe('/multi-model-compare/history/5|{"kind":"history","chatTitle":"模型对比一","talkingId":5}');
  });

  it('opens the landing page from 新建对话', async () => {
    renderWorkspace({});
    await user().click(await within(card('最近对话')).findByRole('button', { name: '新建对话' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/multi-model-chat|null');
  });

  it('lists the latest runs with their status, project and time, each opening its result page with its record', async () => {
    const running = makeRun({ id: 9, app_title: '题库评测', status: 'running', created_at: 1_749_870_000 });
    const failed = makeRun({ id: 8, app_title: '客服问答', status: 'failed' });
    renderWorkspace({ [RUNS]: ok(page([running, failed], 2, 1, 5)) });
    const runs = card('最近工作流运行');
    const link = await within(runs).findByRole('link', { name: '题库评测' });
    expect(link.getAttribute('href')).toBe(runDetailPath(running));
    const item = link.closest('.workspace-item') as HTMLElement;
    expect(within(item).getByText('运行中')).toBeTruthy();
    expect(within(item).getByText(formatTimestamp(1_749_870_000))).toBeTruthy();
    expect(within(within(runs).getByRole('link', { name: '客服问答' }).closest('.workspace-item') as HTMLElement).getByText('失败')).toBeTruthy();
    expect(within(runs).getByRole('link', { name: '全部运行' }).getAttribute('href')).toBe('/workflowResult');

    await user().click(link);
    const [path, state] = (await screen.findByTestId('where')).textContent!.split('|');
    expect(path).toBe(runDetailPath(running));
    expect(JSON.parse(state)).toEqual({ run: running });
  });

  it('lists the datasets the latest runs read, once each with their runs, and no file or typed-question source', async () => {
    renderWorkspace({
      [RUNS]: ok(
        page([
          makeRun({ id: 5, source_kind: 'dataset', source_name: 'C-Eval 样例', created_at: 1_749_870_000 }),
          makeRun({ id: 4, source_kind: 'file', source_name: '客服记录.xlsx' }),
          makeRun({ id: 3, source_kind: 'dataset', source_name: '中文问答', created_at: 1_749_860_000 }),
          makeRun({ id: 2, source_kind: 'dataset', source_name: 'C-Eval 样例', created_at: 1_749_850_000 }),
          makeRun({ id: 1, source_kind: 'query', source_name: '' }),
        ]),
      ),
    });
    const datasets = card('最近使用的数据集');
    await within(datasets).findByText('C-Eval 样例');
    const names = [...datasets.querySelectorAll('.workspace-item-title')].map((node) => node.textContent);
    expect(names).toEqual(['C-Eval 样例', '中文问答']);
    expect(within(datasets).getByText(`2 次运行 · ${formatTimestamp(1_749_870_000)}`)).toBeTruthy();
    expect(within(datasets).queryByText('客服记录.xlsx')).toBeNull();
    expect(within(datasets).getByRole('link', { name: '数据市场' }).getAttribute('href')).toBe('/data-market');
  });

  it('shows an empty state on each card when there is nothing yet', async () => {
    renderWorkspace({});
    expect(await within(card('最近对话')).findByText('还没有对话记录')).toBeTruthy();
    expect(await within(card('最近工作流运行')).findByText('还没有工作流运行记录')).toBeTruthy();
    const datasets = card('最近使用的数据集');
    expect(await within(datasets).findByText('最近的工作流运行没有使用数据市场的数据集')).toBeTruthy();
    await user().click(within(datasets).getByRole('button', { name: '浏览数据市场' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/data-market|null');
  });

  it('says so when a list cannot be loaded, and shows no spending it could not read', async () => {
    renderWorkspace({ [TALKINGS]: fail('数据库不可用'), [RUNS]: fail('数据库不可用'), [STAT]: fail('统计不可用') });
    expect(await within(messages).findByText('加载历史对话失败')).toBeTruthy();
    expect(await within(messages).findByText('获取运行记录失败：数据库不可用')).toBeTruthy();
    expect(await within(messages).findByText('统计不可用')).toBeTruthy();
    await vi.waitFor(() => expect(figure('今日消耗').textContent).toBe('今日消耗—'));
    expect(within(card('最近对话')).getByText('还没有对话记录')).toBeTruthy();
  });
});
