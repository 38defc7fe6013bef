import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { DashboardPoint, DashboardResult } from '@gw/shared';
import { fail, fakeApi, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import DashboardPage from './index';

// happy-dom has no canvas: the chart component stands in with its option's series, so the page's use of it shows.
vi.mock('echarts-for-react/lib/core', () => ({
  default: ({ option }: { option: { series: Array<{ name: string; data: unknown[] }> } }) => (
    <div data-testid="chart">{option.series.map((series) => `${series.name}:${JSON.stringify(series.data)}`).join(';')}</div>
  ),
}));

const NOW = new Date(2025, 5, 14, 15, 30, 12);
const END = Math.floor(NOW.getTime() / 1000);
const MIDNIGHT = Math.floor(new Date(2025, 5, 14).getTime() / 1000);

const point = (fields: Partial<DashboardPoint>): DashboardPoint => ({ created_at: MIDNIGHT, model_name: 'gpt-4o', quota: 500_000, token_used: 1000, count: 10, ...fields });

function result(fields: Partial<DashboardResult> = {}): DashboardResult {
  return {
    cards: { balance: null, used_quota: 1_250_000, request_count: 1234, token_used: 5000, avg_rpm: 1.5, avg_tpm: 120.456 },
    points: [
      point({ created_at: MIDNIGHT, channel_id: 1, channel_name: 'openai-main' }),
      point({ created_at: MIDNIGHT + 3600, model_name: 'claude-3-5-sonnet', quota: 250_000, channel_id: 2, channel_name: 'azure-east' }),
    ],
    updated_at: END - 60,
    ...fields,
  };
}

function renderDashboard(viewer: { id: number; role: number }, routes: Record<string, Route>): ApiCall[] {
  useUserStore.setState({ user: makeUser(viewer) });
  const calls = fakeApi(routes);
  render(
    <MemoryRouter initialEntries={['/detail']}>
      <DashboardPage />
    </MemoryRouter>,
  );
  return calls;
}

const lastQuery = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path).at(-1)?.query;
const card = (label: string) => screen.getByRole('region', { name: label });

let messages: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  messages = captureMessages();
  localStorage.setItem('display_in_currency', 'true');
  localStorage.setItem('quota_per_unit', '500000');
  useStatusStore.setState({ status: { data_export_default_time: 'day' } });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  messages.remove();
  localStorage.clear();
  useUserStore.setState({ user: null });
  useStatusStore.setState({ status: null });
});

describe('data dashboard', () => {
  it('shows an administrator everyone’s figures for today, at the site’s default granularity, by model or by channel', async () => {
    const calls = renderDashboard({ id: 1, role: 100 }, { 'GET /api/data/': ok(result()) });
    const charts = await screen.findAllByTestId('chart');
    expect(lastQuery(calls, '/api/data/')).toEqual({ start_timestamp: String(MIDNIGHT), end_timestamp: String(END), time_granularity: 'day' });
    expect(calls.some((call) => call.path === '/api/data/self')).toBe(false);

    expect(screen.queryByRole('region', { name: '当前余额' })).toBeNull();
    expect(card('消耗额度').textContent).toContain('$2.50');
    expect(card('请求次数').textContent).toContain('1,234');
    expect(card('平均RPM').textContent).toContain('1.5');
    expect(card('平均TPM').textContent).toContain('120.46');

    expect(charts.map((chart) => chart.closest('figure')?.getAttribute('aria-label'))).toEqual(['消耗额度（$）', 'Tokens', '请求次数']);
    expect(charts[0].textContent).toBe('gpt-4o:[1,0];claude-3-5-sonnet:[0,0.5]');
    await user().click(screen.getByText('按渠道'));
    expect(screen.getAllByTestId('chart')[2].textContent).toBe('azure-east:[0,10];openai-main:[10,0]');
  });

  it('asks for the chosen range, granularity and user', async () => {
    const calls = renderDashboard({ id: 1, role: 100 }, { 'GET /api/data/': ok(result({ cards: { ...result().cards, balance: 1_000_000 } })) });
    await screen.findAllByTestId('chart');
    const u = user();
    await u.click(screen.getByText('最近7天'));
    await waitFor(() => expect(lastQuery(calls, '/api/data/')).toEqual({ start_timestamp: String(END - 7 * 86_400), end_timestamp: String(END), time_granularity: 'day' }));
    await u.click(screen.getByText('周'));
    await waitFor(() => expect(lastQuery(calls, '/api/data/')?.time_granularity).toBe('week'));
    await u.type(screen.getByLabelText('用户名'), 'bob');
    await u.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(lastQuery(calls, '/api/data/')).toEqual({ start_timestamp: String(END - 7 * 86_400), end_timestamp: String(END), time_granularity: 'week', username: 'bob' }));
    expect(card('当前余额').textContent).toContain('$2.00');
  });

  it('shows anyone else their own figures from /api/data/self, by model only, hourly when the site sets no default', async () => {
    useStatusStore.setState({ status: { data_export_default_time: 'month' } });
    const calls = renderDashboard({ id: 7, role: 1 }, { 'GET /api/data/self': ok(result({ cards: { ...result().cards, balance: 500_000 } })) });
    await screen.findAllByTestId('chart');
    expect(lastQuery(calls, '/api/data/self')).toEqual({ start_timestamp: String(MIDNIGHT), end_timestamp: String(END), time_granularity: 'hour' });
    expect(calls.some((call) => call.path === '/api/data/')).toBe(false);
    expect(card('当前余额').textContent).toContain('$1.00');
    expect(screen.queryByLabelText('用户名')).toBeNull();
    expect(screen.queryByText('按渠道')).toBeNull();
  });

  it('says 该时间范围内没有数据 for an empty range, and shows a refusal as an error', async () => {
    renderDashboard({ id: 1, role: 100 }, { 'GET /api/data/': ok(result({ points: [] })) });
    expect(await screen.findByText('该时间范围内没有数据')).toBeTruthy();
    cleanup();
    renderDashboard({ id: 1, role: 100 }, { 'GET /api/data/': fail('数据看板未启用') });
    expect(await within(messages).findByText('数据看板未启用')).toBeTruthy();
    expect(await screen.findByText('该时间范围内没有数据')).toBeTruthy();
  });
});
