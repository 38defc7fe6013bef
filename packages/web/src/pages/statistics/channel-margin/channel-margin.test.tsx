import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ChannelMarginFigures, ChannelMarginPage, ChannelMarginRow } from '@gw/shared';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { lastQuery, pageOf, renderStatistics } from '../test-page';

const NOW = new Date(2025, 5, 14, 15, 30, 12);
const END = Math.floor(NOW.getTime() / 1000);
const START = END - 7 * 86_400;
const MARGIN = 'GET /api/statistics/channel-margin';
const PATH = '/api/statistics/channel-margin';
const BASE = { 'GET /api/statistics': ok(pageOf([])), 'GET /api/statistics/instances': ok([]) };

const figures = (fields: Partial<ChannelMarginFigures> = {}): ChannelMarginFigures => ({
  request_count: 10,
  token_used: 1800,
  revenue_quota: 1_000_000,
  cost_quota: 400_000,
  margin_quota: 600_000,
  margin_rate: 0.6,
  uncosted_count: 0,
  cache_creation_1h_tokens: 0,
  completion_audio_tokens: 0,
  prompt_image_tokens: 0,
  completion_image_tokens: 0,
  ...fields,
});
const row = (fields: Partial<ChannelMarginRow>): ChannelMarginRow => ({ channel_id: 3, channel_name: 'openai-main', cost_ratio: 0.4, model_name: 'gpt-4o', ...figures(), ...fields });
const page = (items: ChannelMarginRow[], fields: Partial<ChannelMarginPage> = {}): ChannelMarginPage => ({ group_by: 'channel_model', items, totals: figures(), updated_at: END, ...fields });

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
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  messages.remove();
  localStorage.clear();
  useUserStore.setState({ user: null });
});

const openMargin = async () => {
  await user().click(await screen.findByText('渠道收益'));
};

describe('渠道收益 view', () => {
  it('asks for channel × model rows of the last 7 days and shows revenue, cost, margin and margin rate with the totals', async () => {
    const items = [
      row({ model_name: 'gpt-4o' }),
      row({ channel_id: 9, channel_name: '#9（已删除）', cost_ratio: null, model_name: 'claude-sonnet', revenue_quota: 500_000, cost_quota: 600_000, margin_quota: -100_000, margin_rate: -0.2 }),
    ];
    const totals = figures({ revenue_quota: 1_500_000, cost_quota: 1_000_000, margin_quota: 500_000, margin_rate: 1 / 3, uncosted_count: 4 });
    const calls = renderStatistics({ ...BASE, [MARGIN]: ok(page(items, { totals })) });
    await openMargin();

    expect(await screen.findByText('claude-sonnet')).toBeTruthy();
    expect(lastQuery(calls, PATH)).toEqual({ startTime: String(START), endTime: String(END), group_by: 'channel_model' });
    const sums = screen.getByLabelText('渠道收益合计');
    expect(sums.textContent).toContain('收入：$3.00');
    expect(sums.textContent).toContain('成本：$2.00');
    expect(sums.textContent).toContain('毛利：$1.00');
    expect(sums.textContent).toContain('毛利率：33.3%');
    expect(screen.getByText(/4 次请求没有成本记录/)).toBeTruthy();

    const main = screen.getByText('#3 openai-main').closest('tr') as HTMLElement;
    expect(within(main).getByText('$2.000000')).toBeTruthy();
    expect(within(main).getByText('$0.800000')).toBeTruthy();
    expect(within(main).getByText('60.0%')).toBeTruthy();
    const deleted = screen.getByText('#9（已删除）').closest('tr') as HTMLElement;
    expect(within(deleted).getByText('-20.0%')).toBeTruthy();
    expect(within(deleted).getByText('$0.200000').closest('.channel-margin-loss')?.textContent).toBe('-$0.200000');
    // The export belongs to the usage views.
    expect(screen.queryByText('导出')).toBeNull();
  });

  it('sends the channel, the model and the grouping; 按模型 applies at once and drops the channel columns', async () => {
    const calls = renderStatistics({
      ...BASE,
      [MARGIN]: (call) => ok(call.query.group_by === 'model' ? page([row({ channel_id: 0, channel_name: '', cost_ratio: null, model_name: 'only-model' })], { group_by: 'model' }) : page([row({})])),
    });
    await openMargin();
    await screen.findByText('#3 openai-main');
    const u = user();
    await u.type(screen.getByLabelText('渠道 ID'), '3');
    await u.type(screen.getByLabelText('模型名称'), 'gpt-4o');
    await u.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(lastQuery(calls, PATH)).toMatchObject({ channel_id: '3', modelName: 'gpt-4o', group_by: 'channel_model' }));

    await u.click(screen.getByText('按模型'));
    await waitFor(() => expect(lastQuery(calls, PATH)?.group_by).toBe('model'));
    expect(await screen.findByText('only-model')).toBeTruthy();
    expect(screen.queryAllByText('渠道', { selector: 'th *, th' })).toHaveLength(0);
    expect(screen.queryAllByText('成本倍率', { selector: 'th *, th' })).toHaveLength(0);
  });

  it('shows an empty range as such, and the server’s refusal as its message', async () => {
    renderStatistics({ ...BASE, [MARGIN]: ok(page([], { totals: figures({ request_count: 0, revenue_quota: 0, cost_quota: 0, margin_quota: 0, margin_rate: null }) })) });
    await openMargin();
    expect(await screen.findByText('该时间范围内没有数据')).toBeTruthy();
    expect(screen.getByLabelText('渠道收益合计').textContent).toContain('毛利率：-');
    cleanup();
    renderStatistics({ ...BASE, [MARGIN]: fail('时间范围不能超过 366 天') });
    await openMargin();
    await waitFor(() => expect(messages.textContent).toContain('时间范围不能超过 366 天'));
  });
});
