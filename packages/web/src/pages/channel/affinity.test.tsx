import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { fail, makeChannel, makeMultiKeyChannel, ok, type ApiCall, type Route } from './test-fake-api';
import { captureMessages, renderChannelPage, rowOf, user, writes } from './test-page';

const CHANNELS = [makeChannel({ id: 1, name: 'claude-main', type: 14 }), makeMultiKeyChannel({ id: 2, name: 'claude-keys', type: 14 }), makeChannel({ id: 3, name: 'openai-idle' })];
const page = ok({ items: CHANNELS, total: CHANNELS.length, page: 0, page_size: 10 });

function renderPage(routes: Record<string, Route>): ApiCall[] {
  return renderChannelPage({ 'GET /api/channel/': page, ...routes });
}

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  messages.remove();
});

describe('ChannelPage: sessions bound by sticky routing', () => {
  it('shows 会话 n beside the channels that have bound sessions, and 清除绑定 on those only', async () => {
    renderPage({ 'GET /api/channel/affinity/counts': ok({ 1: 3, 2: 12 }) });

    expect(await screen.findByText('会话 3')).toBeTruthy();
    expect(within(rowOf('claude-main')).getByText('会话 3')).toBeTruthy();
    expect(within(rowOf('claude-keys')).getByText('会话 12')).toBeTruthy();
    expect(within(rowOf('claude-keys')).getByText('多密钥 3/3')).toBeTruthy();
    expect(within(rowOf('openai-idle')).queryByText(/^会话/)).toBeNull();
    expect(within(rowOf('claude-main')).getByRole('button', { name: '清除绑定' })).toBeTruthy();
    expect(within(rowOf('openai-idle')).queryByRole('button', { name: '清除绑定' })).toBeNull();
  });

  it('clears a channel’s bindings after confirming, says how many, and reads the counts again', async () => {
    let counts: Record<number, number> = { 1: 3 };
    const calls = renderPage({
      'GET /api/channel/affinity/counts': () => ok(counts),
      'POST /api/channel/affinity/clear': () => {
        counts = {};
        return ok(3);
      },
    });
    await screen.findByText('会话 3');
    const u = user();
    await u.click(within(rowOf('claude-main')).getByRole('button', { name: '清除绑定' }));
    expect(await screen.findByText('确定清除渠道 claude-main 的 3 个会话绑定吗？')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await u.click(await screen.findByRole('button', { name: /确\s*定/ }));

    expect(await within(messages).findByText('已清除 3 个会话绑定')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/channel/affinity/clear', query: {}, body: { channel_id: 1 } }]);
    await waitFor(() => expect(screen.queryByText('会话 3')).toBeNull());
    expect(calls.filter((call) => call.path === '/api/channel/affinity/counts').length).toBeGreaterThanOrEqual(2);
  });

  it('says why a clear failed and keeps the count', async () => {
    renderPage({ 'GET /api/channel/affinity/counts': ok({ 1: 3 }), 'POST /api/channel/affinity/clear': fail('Redis 暂时无法访问，请稍后再试') });
    await screen.findByText('会话 3');
    const u = user();
    await u.click(within(rowOf('claude-main')).getByRole('button', { name: '清除绑定' }));
    await u.click(await screen.findByRole('button', { name: /确\s*定/ }));

    expect(await within(messages).findByText('Redis 暂时无法访问，请稍后再试')).toBeTruthy();
    expect(screen.getByText('会话 3')).toBeTruthy();
  });

  it('lists the channels without counts, and without an error, when the counts cannot be read', async () => {
    renderPage({ 'GET /api/channel/affinity/counts': fail('服务器内部错误') });
    await screen.findByText('claude-main');

    expect(screen.queryByText(/^会话 \d/)).toBeNull();
    expect(screen.queryByRole('button', { name: '清除绑定' })).toBeNull();
    expect(messages.textContent).toBe('');
  });
});
