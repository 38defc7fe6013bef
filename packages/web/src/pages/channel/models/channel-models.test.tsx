import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ModelAvailability } from '@gw/shared';
import type { ChannelModelState, ModelTestResult } from '@/api/channel-models';
import { formatTimestamp } from '@/lib/time';
import { fail, fakeApi, makeChannel, ok, type ApiCall, type Route } from '../test-fake-api';
import { captureMessages, user } from '../test-page';
import { availabilityLevel } from '@/components/model-availability/availability-view';
import { ChannelModelsButton } from './models-button';

const CHANNEL = makeChannel({ id: 7, name: 'openai-main', models: 'gpt-4o,gpt-4o-mini,o3-pro' });
const REASON = 'HTTP 404: The model `gpt-4o-mini` does not exist or you do not have access to it. model_not_found invalid_request_error';

const STATES: ChannelModelState[] = [
  { model: 'gpt-4o', status: 1, status_reason: '', status_time: 0 },
  { model: 'gpt-4o-mini', status: 3, status_reason: REASON, status_time: 1_717_171_717 },
  { model: 'o3-pro', status: 2, status_reason: '', status_time: 1_717_000_000 },
];

/** `days` days ending 2025-06-30; the model's days hold `filled` (oldest first) and are empty before. */
function availabilityOf(model: string, days: number, filled: Array<[number, number, number | null]>, percent: number | null): ModelAvailability {
  return {
    model,
    days: Array.from({ length: days }, (_, index) => {
      const date = new Date(Date.UTC(2025, 5, 30 - (days - 1 - index))).toISOString().slice(0, 10);
      const [success, failure, dayPercent] = filled[index - (days - filled.length)] ?? [0, 0, null];
      return { date, success, failure, percent: dayPercent };
    }),
    percent,
  };
}

const AVAILABILITY = (days: number) => [
  availabilityOf('gpt-4o', days, [[199, 1, 99.5]], 99.5),
  availabilityOf('gpt-4o-mini', days, [[1, 1, 50], [0, 3, 0]], 20),
  availabilityOf('o3-pro', days, [], null),
];

function renderDrawer(routes: Record<string, Route> = {}) {
  const calls = fakeApi({
    'GET /api/channel/model_states/7': ok(STATES),
    'GET /api/channel/availability/7': (call) => ok(AVAILABILITY(Number(call.query.days))),
    ...routes,
  });
  render(<ChannelModelsButton channel={CHANNEL} />);
  return calls;
}

const open = async () => {
  await user().click(screen.getByRole('button', { name: '模型' }));
  await screen.findByText('模型：openai-main');
  await screen.findByText('99.5%');
};
const rowOf = (model: string) => within(screen.getByText(model).closest('tr') as HTMLElement);
const cardOf = (model: string) => within(screen.getByText(model).closest('.rt-card') as HTMLElement);
const posts = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body);
const stateReads = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/channel/model_states/7').length;

let messages: HTMLElement;
beforeEach(() => {
  messages = captureMessages();
});
afterEach(() => {
  messages.remove();
  window.innerWidth = 1024;
});

describe('ChannelModelsButton (the 模型 drawer of a channel row)', () => {
  it('lists the models with their status on the channel, why and since when, and a bar per day of the last 7 days', async () => {
    const calls = renderDrawer();
    await open();

    expect(rowOf('gpt-4o').getByText('启用')).toBeTruthy();
    const auto = rowOf('gpt-4o-mini');
    expect(auto.getByText('自动禁用')).toBeTruthy();
    expect(auto.getByText(`原因：${REASON}`)).toBeTruthy();
    expect(auto.getByText(`时间：${formatTimestamp(1_717_171_717)}`)).toBeTruthy();
    expect(auto.getByText('20%')).toBeTruthy();
    expect(auto.getByRole('button', { name: '启用' })).toBeTruthy();
    const manual = rowOf('o3-pro');
    expect(manual.getByText('手动禁用')).toBeTruthy();
    expect(manual.getByText(`时间：${formatTimestamp(1_717_000_000)}`)).toBeTruthy();
    expect(manual.getByText('无数据')).toBeTruthy();

    expect(calls.find((call) => call.path === '/api/channel/availability/7')?.query).toEqual({ days: '7' });
    const bars = document.querySelectorAll('tr .model-availability-bar');
    expect(bars).toHaveLength(21);
    expect(rowOf('gpt-4o').getByLabelText('2025-06-30 99.5%').className).toContain('model-availability-good');
    expect(rowOf('gpt-4o-mini').getByLabelText('2025-06-29 50%').className).toContain('model-availability-poor');
    expect(rowOf('gpt-4o-mini').getByLabelText('2025-06-24 无数据').className).toContain('model-availability-none');
    expect(screen.getByText('可用率（7 天）')).toBeTruthy();
  });

  it('switches the availability to 15 and 30 days', async () => {
    const calls = renderDrawer();
    await open();
    await user().click(screen.getByText('15 天'));
    await waitFor(() => expect(document.querySelectorAll('tr .model-availability-bar')).toHaveLength(45));
    expect(screen.getByText('可用率（15 天）')).toBeTruthy();
    await user().click(screen.getByText('30 天'));
    await waitFor(() => expect(document.querySelectorAll('tr .model-availability-bar')).toHaveLength(90));
    expect(calls.filter((call) => call.path === '/api/channel/availability/7').map((call) => call.query.days)).toEqual(['7', '15', '30']);
    expect(screen.getByText('可用率（30 天）')).toBeTruthy();
    expect(rowOf('gpt-4o').getByLabelText('2025-06-01 无数据')).toBeTruthy();
  });

  it('disables and enables a model on the channel, then reads the statuses again', async () => {
    const calls = renderDrawer({
      'POST /api/channel/ability': (call) => {
        const { model, enabled } = call.body as { model: string; enabled: boolean };
        return { success: true, message: `已在该渠道${enabled ? '启用' : '禁用'}模型 ${model}`, data: null };
      },
    });
    await open();

    await user().click(rowOf('gpt-4o').getByRole('button', { name: '禁用' }));
    await within(messages).findByText('已在该渠道禁用模型 gpt-4o');
    await user().click(rowOf('gpt-4o-mini').getByRole('button', { name: '启用' }));
    await within(messages).findByText('已在该渠道启用模型 gpt-4o-mini');
    expect(posts(calls, '/api/channel/ability')).toEqual([
      { channel_id: 7, model: 'gpt-4o', enabled: false },
      { channel_id: 7, model: 'gpt-4o-mini', enabled: true },
    ]);
    await waitFor(() => expect(stateReads(calls)).toBe(3));
  });

  it('shows the refusal of a change and reads nothing again', async () => {
    const calls = renderDrawer({ 'POST /api/channel/ability': fail('该渠道没有模型 gpt-4o') });
    await open();
    await user().click(rowOf('gpt-4o').getByRole('button', { name: '禁用' }));
    await within(messages).findByText('该渠道没有模型 gpt-4o');
    expect(stateReads(calls)).toBe(1);
  });

  it('测试全部模型 shows each result with its time and endpoint, sums it up, and reads the statuses again when a model changed', async () => {
    const results: ModelTestResult[] = [
      { model: 'gpt-4o', success: true, time: 0.812, message: '', endpoint: '/v1/chat/completions', status_change: null, model_status_change: null },
      {
        model: 'gpt-4o-mini',
        success: false,
        time: 0.2,
        message: `The model \`gpt-4o-mini\` does not exist（模型 gpt-4o-mini 已在该渠道被自动禁用）`,
        endpoint: '/v1/chat/completions',
        status_change: null,
        model_status_change: 'disabled',
      },
      { model: 'o3-pro', success: true, time: 1.5, message: '', endpoint: '/v1/responses', status_change: null, model_status_change: null },
    ];
    const calls = renderDrawer({ 'POST /api/channel/test_models/7': ok(results) });
    await open();
    expect(rowOf('gpt-4o').getByText('未测试')).toBeTruthy();

    await user().click(screen.getByRole('button', { name: '测试全部模型' }));
    await within(messages).findByText('测试完成：成功 2 个，失败 1 个');
    expect(posts(calls, '/api/channel/test_models/7')).toEqual([{}]);
    expect(rowOf('gpt-4o').getByText('成功')).toBeTruthy();
    expect(rowOf('gpt-4o').getByText('0.81 秒')).toBeTruthy();
    expect(rowOf('gpt-4o').getByText('/v1/chat/completions')).toBeTruthy();
    const failed = rowOf('gpt-4o-mini');
    expect(failed.getByText('失败')).toBeTruthy();
    expect(failed.getByText(results[1].message)).toBeTruthy();
    expect(failed.getByText('模型已在该渠道被自动禁用')).toBeTruthy();
    expect(rowOf('o3-pro').getByText('/v1/responses')).toBeTruthy();
    expect(rowOf('o3-pro').getByText('1.50 秒')).toBeTruthy();
    await waitFor(() => expect(stateReads(calls)).toBe(2));
  });

  it('tests one model from its row', async () => {
    const calls = renderDrawer({
      'POST /api/channel/test_models/7': ok([{ model: 'o3-pro', success: true, time: 2, message: '', endpoint: '/v1/responses', status_change: null, model_status_change: null }]),
    });
    await open();
    await user().click(rowOf('o3-pro').getByRole('button', { name: '测试' }));
    await within(messages).findByText('模型 o3-pro 测试成功，耗时 2.00 秒');
    expect(posts(calls, '/api/channel/test_models/7')).toEqual([{ models: ['o3-pro'] }]);
    expect(rowOf('gpt-4o').getByText('未测试')).toBeTruthy();
    expect(stateReads(calls)).toBe(1);
  });

  it('shows each model as a card on a phone, with its status, reason, availability and buttons in view', async () => {
    window.innerWidth = 375;
    renderDrawer();
    await open();
    expect(screen.queryAllByRole('columnheader')).toEqual([]);
    expect(document.querySelectorAll('.rt-card')).toHaveLength(3);
    const card = cardOf('gpt-4o-mini');
    expect(card.getByText('自动禁用')).toBeTruthy();
    expect(card.getByText(`原因：${REASON}`)).toBeTruthy();
    expect(card.getByText('20%')).toBeTruthy();
    expect(card.getByRole('button', { name: '启用' })).toBeTruthy();
    expect(card.getByRole('button', { name: '测试' })).toBeTruthy();
  });
});

describe(availabilityLevel.name, () => {
  it('colours 99% and above good, 90% and above fair, lower poor, no data grey', () => {
    expect([100, 99, 98.99, 90, 89.99, 0, null].map(availabilityLevel)).toEqual(['good', 'good', 'fair', 'fair', 'poor', 'poor', 'none']);
  });
});
