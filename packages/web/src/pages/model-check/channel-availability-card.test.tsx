import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ModelAvailability } from '@gw/shared';
import { fakeApi, makeChannel, ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { user } from '@/pages/channel/test-page';
import { ChannelAvailabilityCard } from './channel-availability-card';
import { renderModelCheckPage } from './test-page';

const CHANNELS = [makeChannel({ id: 3, name: 'alpha' }), makeChannel({ id: 5, name: 'beta' })];

const availability = (model: string, days: number, percent: number | null): ModelAvailability => ({
  model,
  days: Array.from({ length: days }, (_, index) => ({
    date: new Date(Date.UTC(2025, 5, 30 - (days - 1 - index))).toISOString().slice(0, 10),
    success: percent === null ? 0 : 1,
    failure: 0,
    percent,
  })),
  percent,
});

function renderCard() {
  const calls = fakeApi({
    'GET /api/channel/search': ok({ items: CHANNELS, total: 2, page: 0, page_size: 20 }),
    'GET /api/channel/availability/5': (call) => ok([availability('gpt-4o', Number(call.query.days), 100), availability('o3-pro', Number(call.query.days), null)]),
  });
  render(<ChannelAvailabilityCard />);
  return calls;
}

const searches = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/channel/search').map((call) => call.query.keyword);
const availabilityDays = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/channel/availability/5').map((call) => call.query.days);
const rowOf = (model: string) => within(document.querySelector(`[data-availability-model="${model}"]`) as HTMLElement);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChannelAvailabilityCard (模型检测)', () => {
  it('finds channels when the picker opens and as one types, and shows the picked channel’s models day by day', async () => {
    const calls = renderCard();
    expect(screen.getByText('选择一个渠道，查看其各模型每天的可用率')).toBeTruthy();
    expect(calls).toEqual([]);

    await user().click(screen.getByRole('combobox', { name: '选择渠道' }));
    await user().click(await screen.findByText('#5 beta'));
    await waitFor(() => expect(rowOf('gpt-4o').getByText('100%')).toBeTruthy());
    expect(rowOf('o3-pro').getByText('无数据')).toBeTruthy();
    expect(document.querySelectorAll('[data-availability-model="gpt-4o"] .model-availability-bar')).toHaveLength(7);
    expect(searches(calls)).toEqual(['']);

    await user().click(screen.getByText('15 天'));
    await waitFor(() => expect(document.querySelectorAll('[data-availability-model="gpt-4o"] .model-availability-bar')).toHaveLength(15));
    expect(availabilityDays(calls)).toEqual(['7', '15']);
  });

  it('searches by what is typed', async () => {
    const calls = renderCard();
    await user().click(screen.getByRole('combobox', { name: '选择渠道' }));
    await user().keyboard('bet');
    await waitFor(() => expect(searches(calls).at(-1)).toBe('bet'));
  });

  it('is on the 模型检测 page, which reads no channel before one is asked for', async () => {
    const { calls } = renderModelCheckPage();
    expect(await screen.findByText('渠道模型可用率')).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/channel'))).toEqual([]);
  });
});
