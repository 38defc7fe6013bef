import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import { makeChannel, ok, type ApiCall, type Route } from './test-fake-api';
import { captureMessages, renderChannelPage, rowOf, user, writes } from './test-page';

const CHANNEL = makeChannel({ id: 4, name: 'mixed', models: 'gpt-4o,mystery-model,odd-model', test_model: 'gpt-4o' });

const OPTIONS = [
  { key: 'ModelRatio', value: '{"gpt-4o":1.25}' },
  { key: 'CompletionRatio', value: '{"gpt-4o":4}' },
  { key: 'ModelPrice', value: '{"mj_imagine":0.1}' },
];

function renderPage(routes: Record<string, Route> = {}): ApiCall[] {
  return renderChannelPage({
    'GET /api/channel/': ok({ items: [CHANNEL], total: 1, page: 0, page_size: 10 }),
    'GET /api/channel/test/4': { ...ok({ model: 'gpt-4o', unpriced_models: ['mystery-model', 'odd-model'] }), time: 0.42 } as never,
    'GET /api/option/': ok(OPTIONS),
    'PUT /api/option/': ok(),
    ...routes,
  });
}

async function testChannel() {
  await screen.findByText('mixed');
  await user().click(within(rowOf('mixed')).getByRole('button', { name: '测试' }));
}

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  useUserStore.setState({ user: null });
  vi.unstubAllGlobals();
  messages.remove();
});

describe('channel test warning about unpriced models', () => {
  it('keeps the success message and names the models without a price beside it', async () => {
    useUserStore.setState({ user: makeUser({ id: 1, role: 100 }) });
    renderPage();
    await testChannel();

    expect(await within(messages).findByText('渠道 mixed 测试成功，耗时 0.42 秒。')).toBeTruthy();
    expect(await screen.findByText('测试成功，但以下模型未设置价格：mystery-model、odd-model')).toBeTruthy();
    expect(screen.getByRole('button', { name: '设置 odd-model 的价格' })).toBeTruthy();
  });

  it('says nothing more when every model has a price', async () => {
    renderPage({ 'GET /api/channel/test/4': { ...ok({ model: 'gpt-4o', unpriced_models: [] }), time: 0.42 } as never });
    await testChannel();

    expect(await within(messages).findByText('渠道 mixed 测试成功，耗时 0.42 秒。')).toBeTruthy();
    expect(screen.queryByText(/以下模型未设置价格/)).toBeNull();
  });

  it('prices a model by ratio from the warning, merged into the options the server holds', async () => {
    useUserStore.setState({ user: makeUser({ id: 1, role: 100 }) });
    const calls = renderPage();
    await testChannel();
    const u = user();
    await u.click(await screen.findByRole('button', { name: '设置 mystery-model 的价格' }));
    await u.type(await screen.findByLabelText('模型倍率'), '0.5');
    await u.clear(screen.getByLabelText('补全倍率'));
    await u.type(screen.getByLabelText('补全倍率'), '2');
    await u.click(screen.getByRole('button', { name: '保存' }));

    expect(await within(messages).findByText('已设置模型 mystery-model 的价格')).toBeTruthy();
    expect(writes(calls).map((call) => call.body)).toEqual([
      { key: 'ModelRatio', value: JSON.stringify({ 'gpt-4o': 1.25, 'mystery-model': 0.5 }) },
      { key: 'CompletionRatio', value: JSON.stringify({ 'gpt-4o': 4, 'mystery-model': 2 }) },
    ]);
    expect(await screen.findByText('已设置')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '设置 mystery-model 的价格' })).toBeNull();
    expect(screen.getByRole('button', { name: '设置 odd-model 的价格' })).toBeTruthy();
  });

  it('refuses a negative ratio without saving anything', async () => {
    useUserStore.setState({ user: makeUser({ id: 1, role: 100 }) });
    const calls = renderPage();
    await testChannel();
    const u = user();
    await u.click(await screen.findByRole('button', { name: '设置 odd-model 的价格' }));
    await u.type(await screen.findByLabelText('模型倍率'), '-1');
    await u.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('请输入不小于 0 的数字')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/option/')).toBe(false));
    expect(writes(calls)).toEqual([]);
  });

  it('tells an administrator below super administrator whom to ask instead of offering the options they cannot change', async () => {
    useUserStore.setState({ user: makeUser({ id: 5, role: 10 }) });
    renderPage();
    await testChannel();

    expect(await screen.findByText('测试成功，但以下模型未设置价格：mystery-model、odd-model')).toBeTruthy();
    expect(screen.getByText(/请联系超级管理员在 设置 → 运营设置 → 倍率设置 中/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /设置 .* 的价格/ })).toBeNull();
  });
});
