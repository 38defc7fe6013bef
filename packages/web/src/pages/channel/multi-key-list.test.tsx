import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Channel } from '@/api/channels';
import { fail, makeChannel, makeKey, makeMultiKeyChannel, ok, type ApiCall, type Route } from './test-fake-api';
import { captureMessages, renderChannelPage, rowOf, user, writes } from './test-page';

const CHANNELS: Channel[] = [
  makeChannel({ id: 1, name: 'solo' }),
  makeMultiKeyChannel({ id: 2, name: 'pool-ok', multi_key_mode: 'polling' }, { multi_key_enabled: 3 }),
  makeMultiKeyChannel({ id: 3, name: 'pool-hurt' }, { multi_key_enabled: 2, multi_key_auto_disabled: 1, multi_key_manual_disabled: 1 }),
];

function renderPage(routes: Record<string, Route> = {}): ApiCall[] {
  return renderChannelPage({ 'GET /api/channel/': ok({ items: CHANNELS, total: CHANNELS.length, page: 0, page_size: 10 }), ...routes });
}

const listLoads = (calls: ApiCall[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/channel/').length;
const tagOf = (text: string) => screen.getByText(text).closest('.arco-tag') as HTMLElement;

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  vi.unstubAllGlobals();
  messages.remove();
});

describe('ChannelPage multi-key channels', () => {
  it('tags a multi-key channel with its enabled and total keys, orange when the gateway disabled some', async () => {
    renderPage();
    await screen.findByText('solo');

    expect(within(rowOf('solo')).queryByText(/多密钥/)).toBeNull();
    expect(within(rowOf('solo')).queryByRole('button', { name: '密钥' })).toBeNull();
    expect(within(rowOf('pool-ok')).getByText('多密钥 3/3')).toBeTruthy();
    expect(tagOf('多密钥 3/3').className).toContain('arco-tag-arcoblue');
    expect(within(rowOf('pool-hurt')).getByText('多密钥 2/4')).toBeTruthy();
    expect(tagOf('多密钥 2/4').className).toContain('arco-tag-orange');

    await user().hover(screen.getByText('多密钥 3/3'));
    expect(await screen.findByText('共 3 个密钥：启用 3，手动禁用 0，自动禁用 0')).toBeTruthy();
    expect(screen.getByText('密钥选择方式：轮询')).toBeTruthy();
  });

  it("opens a channel's keys from its row and reads the list again after a key changed", async () => {
    const calls = renderPage({
      'POST /api/channel/multi_key/manage': (call) =>
        (call.body as { action: string }).action === 'enable_all_keys'
          ? ok({ affected: 1 })
          : ok({
              items: [makeKey({ id: 9, masked: 'sk-h****0009', status: 3 })],
              total: 1,
              page: 1,
              page_size: 20,
              enabled: 2,
              auto_disabled: 1,
              manual_disabled: 1,
            }),
    });
    await screen.findByText('pool-hurt');
    const u = user();
    await u.click(within(rowOf('pool-hurt')).getByRole('button', { name: '密钥' }));

    expect(await screen.findByText('密钥管理：pool-hurt')).toBeTruthy();
    expect(await screen.findByText('sk-h****0009')).toBeTruthy();
    const loads = listLoads(calls);
    await u.click(screen.getByRole('button', { name: '全部启用' }));

    expect(await message('已启用 1 个密钥')).toBeTruthy();
    await waitFor(() => expect(listLoads(calls)).toBe(loads + 1));
    expect(writes(calls).map((call) => call.body)).toContainEqual({ channel_id: 3, action: 'enable_all_keys' });
  });

  it('retests the auto-disabled keys of every channel from the toolbar and reloads the list', async () => {
    const calls = renderPage({ 'POST /api/channel/multi_key/retest': ok({ channels: 2, tested: 3, enabled: 1 }) });
    await screen.findByText('solo');
    const loads = listLoads(calls);
    await user().click(screen.getByRole('button', { name: '重新测试自动禁用的密钥' }));

    expect(await message('重新测试完成：2 个渠道，测试 3 个密钥，恢复 1 个')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/channel/multi_key/retest', query: {}, body: undefined }]);
    await waitFor(() => expect(listLoads(calls)).toBe(loads + 1));
  });

  it("shows the server's message when the retest fails, without reloading", async () => {
    const calls = renderPage({ 'POST /api/channel/multi_key/retest': fail('已有一个重新测试正在进行') });
    await screen.findByText('solo');
    const loads = listLoads(calls);
    await user().click(screen.getByRole('button', { name: '重新测试自动禁用的密钥' }));

    expect(await message('已有一个重新测试正在进行')).toBeTruthy();
    expect(listLoads(calls)).toBe(loads);
  });
});
