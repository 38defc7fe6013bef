import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { MSG_MONITOR_MINUTE_RANGE } from '@gw/shared';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { lastGet, makeMonitorRow, posts, renderMonitor } from './test-page';

// happy-dom has no canvas: the chart component stands in with its option's series, so the page's use of it shows.
vi.mock('echarts-for-react/lib/core', () => ({
  default: ({ option }: { option: { series: Array<{ name: string; data: unknown[] }> } }) => (
    <div data-testid="chart">{option.series.map((series) => `${series.name}:${JSON.stringify(series.data)}`).join(';')}</div>
  ),
}));

const NOW = new Date(2025, 5, 14, 15, 30, 12);
const END = Math.floor(NOW.getTime() / 1000);
const DAY = 86_400;

const TOKENS = [
  { id: 3, name: 'alice-key' },
  { id: 4, name: 'alice-ci' },
];
const MODELS = [{ name: 'gpt-4o' }, { name: 'claude-3-5-sonnet' }];
const ROWS = [
  makeMonitorRow({ created_at: END - 7200, model_name: 'gpt-4o', total_count: 20, success_count: 19 }),
  makeMonitorRow({ created_at: END - 3600, model_name: 'gpt-4o', total_count: 10, success_count: 5, avg_response_time: 800 }),
  makeMonitorRow({ created_at: END - 3600, model_name: 'claude-3-5-sonnet', total_count: 4, success_count: 4, avg_response_time: 2000 }),
];

const downstreamApi = (rows = ROWS) => ({
  'POST /api/monitor/self': ok({ items: rows, updated_at: END - 60 }),
  'GET /api/monitor/tokens': ok(TOKENS),
  'GET /api/monitor/models': ok(MODELS),
});

let messages: HTMLElement;
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  messages = captureMessages();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  messages.remove();
  useUserStore.setState({ user: null });
});

describe('monitor page', () => {
  it('shows a regular user their own downstream monitor only: hourly over the last 24 hours, never another user’s', async () => {
    const calls = renderMonitor({ id: 7, role: 1 }, downstreamApi(), '/monitor?userId=5&name=bob');
    const charts = await screen.findAllByTestId('chart');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['下游监控']);
    expect(posts(calls)).toEqual([{ timeType: 2, monitorType: 2, startTime: END - DAY, endTime: END }]);
    expect(lastGet(calls, '/api/monitor/tokens')).toEqual({ timeType: '2', start_time: String(END - DAY), end_time: String(END), monitor_type: '2' });
    expect(lastGet(calls, '/api/monitor/models')).toEqual({ timeType: '2', start_time: String(END - DAY), end_time: String(END), monitor_type: '2' });

    // One token: a series per model, busiest first; success rate in %, response time in ms, counts stacked.
    expect(charts.map((chart) => chart.closest('figure')?.getAttribute('aria-label'))).toEqual(['成功率（%）', '平均响应时间（ms）', '请求次数']);
    expect(charts[0].textContent).toBe('gpt-4o:[95,50];claude-3-5-sonnet:[null,100]');
    expect(charts[1].textContent).toBe('gpt-4o:[1200,800];claude-3-5-sonnet:[null,2000]');
    expect(charts[2].textContent).toBe('gpt-4o:[20,10];claude-3-5-sonnet:[null,4]');
    expect(screen.getByText('数据更新于', { exact: false })).toBeTruthy();
    expect(screen.getAllByText('alice-key', { selector: 'td *' })).toHaveLength(3);
  });

  it('shows an administrator both tabs, the downstream one of the user in the link, with that userId', async () => {
    const calls = renderMonitor({ id: 2, role: 10 }, downstreamApi(), '/monitor?userId=5&role=1&name=bob');
    await screen.findAllByTestId('chart');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['上游监控', '下游监控（bob）']);
    expect(screen.getByRole('tab', { name: '下游监控（bob）' }).getAttribute('aria-selected')).toBe('true');
    expect(posts(calls)).toEqual([{ timeType: 2, monitorType: 2, userId: 5, startTime: END - DAY, endTime: END }]);
    expect(lastGet(calls, '/api/monitor/tokens')).toMatchObject({ userId: '5', monitor_type: '2' });
  });

  it('sends an administrator who is not user 1 back to /monitor when they choose 上游监控', async () => {
    const calls = renderMonitor({ id: 2, role: 100 }, downstreamApi(), '/monitor?userId=5&name=bob');
    await screen.findAllByTestId('chart');
    await user().click(screen.getByRole('tab', { name: '上游监控' }));
    await waitFor(() => expect(location()).toBe('/monitor'));
    expect(screen.getByRole('tab', { name: '下游监控' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.some((call) => call.path === '/api/monitor/channels')).toBe(false);
    expect(posts(calls).every((body) => (body as { monitorType: number }).monitorType === 2)).toBe(true);
  });

  it('shows user 1 the upstream monitor of the channels, per channel and model', async () => {
    const rows = [
      makeMonitorRow({ token_id: undefined, token_name: undefined, channel_id: 1, channel_name: 'openai-main', model_name: 'gpt-4o' }),
      makeMonitorRow({ token_id: undefined, token_name: undefined, channel_id: 2, channel_name: 'azure-east', model_name: 'gpt-4o-mini', total_count: 5 }),
    ];
    const calls = renderMonitor(
      { id: 1, role: 100 },
      { ...downstreamApi(), 'GET /api/monitor/channels': ok([{ id: 1, name: 'openai-main' }]), 'POST /api/monitor/self': (call) => ok({ items: (call.body as { monitorType: number }).monitorType === 1 ? rows : [], updated_at: END }) },
    );
    await screen.findByText('该时间范围内没有数据');
    await user().click(screen.getByRole('tab', { name: '上游监控' }));
    await waitFor(() => expect(location()).toBe('/monitor?tab=upstream'));
    const charts = await screen.findAllByTestId('chart');
    expect(charts[2].textContent).toBe('openai-main / gpt-4o:[20];azure-east / gpt-4o-mini:[5]');
    expect(posts(calls).at(-1)).toEqual({ timeType: 2, monitorType: 1, startTime: END - DAY, endTime: END });
    expect(lastGet(calls, '/api/monitor/channels')).toMatchObject({ monitor_type: '1' });
    expect(screen.getByText('渠道', { selector: 'th *' })).toBeTruthy();
  });

  it('queries the chosen granularity, preset range, tokens and models', async () => {
    const calls = renderMonitor({ id: 7, role: 1 }, downstreamApi());
    await screen.findAllByTestId('chart');
    const u = user();
    await u.click(screen.getByText('分钟'));
    await u.click(screen.getByRole('button', { name: '最近1小时' }));
    await u.click(screen.getByRole('combobox', { name: '令牌' }));
    await u.click(await screen.findByText('alice-ci', { selector: '.arco-select-option' }));
    await u.click(screen.getByRole('combobox', { name: '模型' }));
    await u.click(await screen.findByText('claude-3-5-sonnet', { selector: '.arco-select-option' }));
    await u.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() =>
      expect(posts(calls).at(-1)).toEqual({ timeType: 1, monitorType: 2, startTime: END - 3600, endTime: END, tokenIds: [4], modelNames: ['claude-3-5-sonnet'] }),
    );
    expect(lastGet(calls, '/api/monitor/tokens')).toEqual({ timeType: '1', start_time: String(END - 3600), end_time: String(END), monitor_type: '2' });
  });

  it('refuses minute buckets beyond their retention, and sends yesterday as its whole day', async () => {
    const calls = renderMonitor({ id: 7, role: 1 }, downstreamApi());
    await screen.findAllByTestId('chart');
    const u = user();
    await u.click(screen.getByText('分钟'));
    await u.click(screen.getByRole('button', { name: '最近7天' }));
    await u.click(screen.getByRole('button', { name: /查询/ }));
    expect(await within(messages).findByText(MSG_MONITOR_MINUTE_RANGE)).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);

    await u.click(screen.getByText('天'));
    await u.click(screen.getByRole('button', { name: '昨天' }));
    await u.click(screen.getByRole('button', { name: /查询/ }));
    const midnight = Math.floor(new Date(2025, 5, 14).getTime() / 1000);
    await waitFor(() => expect(posts(calls).at(-1)).toEqual({ timeType: 3, monitorType: 2, startTime: midnight - DAY, endTime: midnight - 1 }));
  });

  it('says 该时间范围内没有数据 for an empty range, and shows a refusal as an error', async () => {
    renderMonitor({ id: 7, role: 1 }, downstreamApi([]));
    expect(await screen.findByText('该时间范围内没有数据')).toBeTruthy();
    cleanup();
    renderMonitor({ id: 7, role: 1 }, { ...downstreamApi(), 'POST /api/monitor/self': fail('时间范围不能超过 366 天') });
    expect(await within(messages).findByText('时间范围不能超过 366 天')).toBeTruthy();
    expect(await screen.findByText('该时间范围内没有数据')).toBeTruthy();
  });
});
