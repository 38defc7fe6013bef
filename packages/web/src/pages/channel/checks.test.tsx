import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Channel } from '@/api/channels';
import { formatTimestamp } from '@/lib/time';
import { fail, makeChannel, ok, type ApiCall, type Route } from './test-fake-api';
import { captureMessages, renderChannelPage, rowOf, user } from './test-page';

const CHANNELS: Channel[] = [
  makeChannel({ id: 1, name: 'openai-main', models: 'gpt-4o,gpt-4o-mini,o3', test_model: 'gpt-4o-mini', balance: 5, test_time: 1_717_000_000, response_time: 800 }),
  makeChannel({
    id: 2,
    name: 'deepseek',
    type: 43,
    models: 'deepseek-chat,deepseek-reasoner',
    balance: 20,
    balance_updated_time: 1_717_171_717,
    model_req_limit: '{"rpm": 60, "tpd": 500000}',
  }),
];

const listPage = () => ok({ items: CHANNELS, total: CHANNELS.length, page: 0, page_size: 10 });

/** A passing test's reply: `time` beside data, as the server sends it (docs/console-api.md). */
const passed = (time: number, unpriced: string[] = []) => ({ ...ok({ model: 'gpt-4o-mini', unpriced_models: unpriced }), time }) as never;

function renderPage(routes: Record<string, Route> = {}): ApiCall[] {
  return renderChannelPage({ 'GET /api/channel/': listPage(), ...routes });
}

const listLoads = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/channel/').length;
const testCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/channel/test/'));

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  vi.unstubAllGlobals();
  messages.remove();
});

describe('ChannelPage channel test', () => {
  it('tests with the test model, says how long it took and shows the new response time without a reload', async () => {
    const calls = renderPage({ 'GET /api/channel/test/1': passed(1.234) });
    await screen.findByText('openai-main');
    expect(within(rowOf('openai-main')).getByText('0.80 秒')).toBeTruthy();

    await user().click(within(rowOf('openai-main')).getByRole('button', { name: '测试' }));

    expect(await within(messages).findByText('渠道 openai-main 测试成功，耗时 1.23 秒。')).toBeTruthy();
    expect(testCalls(calls).map((call) => call.query)).toEqual([{ model: 'gpt-4o-mini' }]);
    expect(within(rowOf('openai-main')).getByText('1.23 秒')).toBeTruthy();
    expect(listLoads(calls)).toBe(1);
  });

  it('tests with the first model when the channel has no test model', async () => {
    const calls = renderPage({ 'GET /api/channel/test/2': passed(0.5) });
    await screen.findByText('deepseek');
    await user().click(within(rowOf('deepseek')).getByRole('button', { name: '测试' }));

    await waitFor(() => expect(testCalls(calls).map((call) => call.query.model)).toEqual(['deepseek-chat']));
  });

  it('tests with the model chosen in the dropdown', async () => {
    const calls = renderPage({ 'GET /api/channel/test/1': passed(6) });
    await screen.findByText('openai-main');
    const u = user();
    await u.click(screen.getByRole('button', { name: '选择渠道 1 的测试模型' }));
    await u.click(await screen.findByRole('menuitem', { name: 'o3' }));

    expect(await within(messages).findByText('渠道 openai-main 测试成功，耗时 6.00 秒。')).toBeTruthy();
    expect(testCalls(calls).map((call) => call.query.model)).toEqual(['o3']);
    const time = within(rowOf('openai-main')).getByText('6.00 秒');
    expect(time.closest('.arco-tag')?.className).toContain('arco-tag-red');
  });

  it('shows the server message of a failed test and reloads the list, which may show the channel disabled', async () => {
    const calls = renderPage({ 'GET /api/channel/test/1': fail('上游返回 401 Unauthorized') });
    await screen.findByText('openai-main');
    await user().click(within(rowOf('openai-main')).getByRole('button', { name: '测试' }));

    expect(await within(messages).findByText('上游返回 401 Unauthorized')).toBeTruthy();
    await waitFor(() => expect(listLoads(calls)).toBe(2));
    expect(within(rowOf('openai-main')).getByText('0.80 秒')).toBeTruthy();
  });

  it('reloads the list after an auto-disabled channel passes its test, which may have enabled it again', async () => {
    const disabled = makeChannel({ id: 3, name: 'azure-east', status: 3 });
    const calls = renderChannelPage({
      'GET /api/channel/': ok({ items: [disabled], total: 1, page: 0, page_size: 10 }),
      'GET /api/channel/test/3': passed(2),
    });
    await screen.findByText('azure-east');
    await user().click(within(rowOf('azure-east')).getByRole('button', { name: '测试' }));

    expect(await within(messages).findByText('渠道 azure-east 测试成功，耗时 2.00 秒。')).toBeTruthy();
    await waitFor(() => expect(listLoads(calls)).toBe(2));
  });

  it('tells when a channel was last tested', async () => {
    renderPage();
    await screen.findByText('openai-main');
    await user().hover(within(rowOf('openai-main')).getByText('0.80 秒'));
    expect(await screen.findByText(`测试时间：${formatTimestamp(1_717_000_000)}`)).toBeTruthy();
  });

  it('starts testing every channel and shows the server message', async () => {
    const calls = renderPage({ 'GET /api/channel/test': { success: true, message: '已开始测试所有渠道' } });
    await screen.findByText('openai-main');
    await user().click(screen.getByRole('button', { name: '测试所有渠道' }));

    expect(await within(messages).findByText('已开始测试所有渠道')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/channel/test')).toHaveLength(1);
  });
});

describe('ChannelPage balance', () => {
  it('shows dollars or yuan, with the update time in a tooltip', async () => {
    renderPage();
    await screen.findByText('openai-main');
    expect(within(rowOf('openai-main')).getByText('$5.00')).toBeTruthy();
    const yuan = within(rowOf('deepseek')).getByText('¥20.00');

    const u = user();
    await u.hover(yuan);
    expect(await screen.findByText(`更新时间：${formatTimestamp(1_717_171_717)}`)).toBeTruthy();
    await u.hover(within(rowOf('openai-main')).getByText('$5.00'));
    expect(await screen.findByText('余额尚未更新')).toBeTruthy();
  });

  it('updates one channel balance from the top-level balance of the reply', async () => {
    const calls = renderPage({ 'GET /api/channel/update_balance/1/': { success: true, message: '', balance: 12.5 } as never });
    await screen.findByText('openai-main');
    await user().click(screen.getByRole('button', { name: '更新渠道 1 的余额' }));

    expect(await within(messages).findByText('渠道 openai-main 余额更新成功！')).toBeTruthy();
    expect(within(rowOf('openai-main')).getByText('$12.50')).toBeTruthy();
    expect(listLoads(calls)).toBe(1);
  });

  it('shows why a balance could not be updated and keeps the old one', async () => {
    renderPage({ 'GET /api/channel/update_balance/2/': fail('该渠道类型不支持查询余额') });
    await screen.findByText('deepseek');
    await user().click(screen.getByRole('button', { name: '更新渠道 2 的余额' }));

    expect(await within(messages).findByText('该渠道类型不支持查询余额')).toBeTruthy();
    expect(within(rowOf('deepseek')).getByText('¥20.00')).toBeTruthy();
  });

  it('starts updating the balances of every enabled channel and shows the server message', async () => {
    const calls = renderPage({ 'GET /api/channel/update_balance': { success: true, message: '已开始更新余额' } });
    await screen.findByText('openai-main');
    await user().click(screen.getByRole('button', { name: '更新所有已启用渠道余额' }));

    expect(await within(messages).findByText('已开始更新余额')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/channel/update_balance')).toHaveLength(1);
  });
});

describe('ChannelPage monitor', () => {
  it('shows the current use of each window next to the channel limits, 不限 where none is set', async () => {
    const calls = renderPage({ 'GET /api/channel/monitor/2': ok({ rpd: 40, rpm: 3, tpm: 12, tpd: 9000 }) });
    await screen.findByText('deepseek');
    await user().click(within(rowOf('deepseek')).getByRole('button', { name: '监控' }));

    expect(await screen.findByText('渠道 deepseek 的用量与限额')).toBeTruthy();
    expect(await screen.findByText('3 / 60')).toBeTruthy();
    expect(screen.getByText('12 / 不限')).toBeTruthy();
    expect(screen.getByText('40 / 不限')).toBeTruthy();
    expect(screen.getByText('9000 / 500000')).toBeTruthy();
    expect(screen.getByText('RPM（近 1 分钟请求数）')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/channel/monitor/2')).toHaveLength(1);
  });

  it('says the figures could not be read when the call fails', async () => {
    renderPage({ 'GET /api/channel/monitor/1': fail('监控数据不可用') });
    await screen.findByText('openai-main');
    await user().click(within(rowOf('openai-main')).getByRole('button', { name: '监控' }));

    expect(await within(messages).findByText('监控数据不可用')).toBeTruthy();
    expect(await screen.findByText('获取数据失败')).toBeTruthy();
  });
});
