import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Heartbeat, HeartbeatsByProvider } from '@/api/model-health';
import { formatTimestamp } from '@/lib/time';
import { fail, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { user } from '@/pages/channel/test-page';
import { renderModelCheckPage, withPageClockAndMessages } from './test-page';
import { AUTO_REFRESH_MS } from './use-auto-refresh';

const seconds = (date: Date) => String(date.getTime() / 1000);
const TODAY = { start_time: seconds(new Date(2025, 5, 14)), end_time: seconds(new Date(2025, 5, 15)) };

const T0 = new Date(2025, 5, 14, 15, 0).getTime() / 1000;
const beat = (minutesAgo: number, fields: Partial<Heartbeat> = {}): Heartbeat => ({
  created_at: T0 - minutesAgo * 60,
  resp_time: 420,
  level: 1,
  err_reason: '',
  ...fields,
});

const HEARTBEATS: HeartbeatsByProvider = {
  openai: {
    'gpt-4o': [beat(0, { level: 3, resp_time: 30000, err_reason: 'upstream timeout' }), beat(5, { level: 2, resp_time: 12000 }), beat(10)],
    'gpt-4o-mini': Array.from({ length: 45 }, (_, i) => beat(i * 5, { resp_time: 300 + i })),
  },
  anthropic: { 'claude-3-5-sonnet': [beat(0, { resp_time: 800 })] },
};

const heartbeatCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/model_heart_infos');
const modelRow = (model: string) => document.querySelector(`[data-model="${model}"]`) as HTMLElement;
const blocksOf = (model: string) => Array.from(modelRow(model).querySelectorAll('.heartbeat-strip .heartbeat-block'));

const renderPage = (routes: Record<string, Route> = {}) => renderModelCheckPage({ 'GET /api/model_heart_infos': ok(HEARTBEATS), ...routes });
const messages = withPageClockAndMessages();

describe('ModelCheckPage', () => {
  it('loads today and shows a panel per provider with a row of coloured heartbeats per model', async () => {
    const { calls } = renderPage();
    expect(await screen.findByText('模型检测')).toBeTruthy();
    await screen.findByText('gpt-4o');

    expect(heartbeatCalls(calls).map((call) => call.query)).toEqual([TODAY]);
    const headers = Array.from(document.querySelectorAll('.arco-collapse-item-header-title')).map((header) => header.textContent);
    expect(headers).toEqual(['anthropic', 'openai']);
    // Oldest on the left: the newest (red) heartbeat is the last block.
    expect(blocksOf('gpt-4o').map((block) => block.className.replace('heartbeat-block ', ''))).toEqual([
      'heartbeat-level-1',
      'heartbeat-level-2',
      'heartbeat-level-3',
    ]);
    expect(within(modelRow('gpt-4o')).getByText('最近响应 30000 ms')).toBeTruthy();
    expect(blocksOf('gpt-4o-mini')).toHaveLength(40);
    expect(within(modelRow('gpt-4o-mini')).getByText('最近响应 300 ms')).toBeTruthy();
  });

  it('tells the time, response time and error of a heartbeat on hover', async () => {
    renderPage();
    await screen.findByText('gpt-4o');
    await user().hover(blocksOf('gpt-4o')[2]);

    expect(await screen.findByText(`时间：${formatTimestamp(T0)}`)).toBeTruthy();
    expect(screen.getByText('响应时间：30000 ms')).toBeTruthy();
    expect(screen.getByText('错误原因：upstream timeout')).toBeTruthy();
    expect(screen.getByText('状态：异常')).toBeTruthy();
  });

  it('collapses a provider panel', async () => {
    renderPage();
    await screen.findByText('gpt-4o');
    await user().click(screen.getByText('openai'));
    await waitFor(() => expect(document.querySelector('.arco-collapse-item-active .arco-collapse-item-header-title')?.textContent).toBe('anthropic'));
  });

  it('loads the chosen day', async () => {
    const { calls } = renderPage();
    await screen.findByText('gpt-4o');
    const u = user();
    await u.click(screen.getByDisplayValue('2025-06-14'));
    const cell = Array.from(document.querySelectorAll('.arco-picker-cell-in-view')).find((node) => node.textContent === '13') as HTMLElement;
    await u.click(cell);

    await waitFor(() =>
      expect(heartbeatCalls(calls).at(-1)?.query).toEqual({ start_time: seconds(new Date(2025, 5, 13)), end_time: seconds(new Date(2025, 5, 14)) }),
    );
  });

  it('reads again on 刷新 and every 5 minutes, and stops when the page is left', async () => {
    const { calls, unmount } = renderPage();
    await screen.findByText('gpt-4o');
    await user().click(screen.getByRole('button', { name: /刷\s*新/ }));
    await waitFor(() => expect(heartbeatCalls(calls)).toHaveLength(2));

    act(() => vi.advanceTimersByTime(AUTO_REFRESH_MS));
    await waitFor(() => expect(heartbeatCalls(calls)).toHaveLength(3));
    expect(heartbeatCalls(calls).at(-1)?.query).toEqual(TODAY);

    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows an empty state when there is no heartbeat', async () => {
    renderPage({ 'GET /api/model_heart_infos': ok({}) });
    expect(await screen.findByText(/^暂无检测数据/)).toBeTruthy();
  });

  it('ignores a failed load without a message, and keeps what is shown when a refresh fails', async () => {
    let failing = false;
    const { calls } = renderPage({ 'GET /api/model_heart_infos': () => (failing ? fail('数据库错误') : ok(HEARTBEATS)) });
    await screen.findByText('gpt-4o');
    failing = true;
    await user().click(screen.getByRole('button', { name: /刷\s*新/ }));
    await waitFor(() => expect(heartbeatCalls(calls)).toHaveLength(2));

    expect(screen.getByText('gpt-4o')).toBeTruthy();
    expect(messages().textContent).toBe('');
  });
});
