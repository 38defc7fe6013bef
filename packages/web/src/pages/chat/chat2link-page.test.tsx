import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { Message } from '@arco-design/web-react';
import { TOKEN_STATUS } from '@gw/shared';
import type { SiteStatus } from '@/api/status';
import { fakeTokenList, renderAt, setUpChatPageTests, token } from './test-support';
import Chat2LinkPage from './chat2link';

setUpChatPageTests();
const consoleAddress = window.location.href;
const renderChat2Link = (status: SiteStatus) => renderAt('/chat2link', status, { '/chat2link': <Chat2LinkPage /> });

// happy-dom only records the address a page sends the browser to: put the console's back.
afterEach(() => {
  window.location.href = consoleAddress;
});

describe('the chat-link redirect page', () => {
  it("sends the browser to ChatLink2 with the first enabled token in one-api's settings fragment", async () => {
    const calls = fakeTokenList([token(1, 'sk-off', TOKEN_STATUS.DISABLED), token(2, 'sk-good')]);
    renderChat2Link({ chat_link2: 'https://chat2.example.com', server_address: 'https://gw.example.com' });

    const settings = encodeURIComponent('{"key":"sk-good","url":"https://gw.example.com"}');
    await waitFor(() => expect(window.location.href).toBe(`https://chat2.example.com/#/?settings=${settings}`));
    expect(calls).toEqual(['/api/token/?p=0&size=100']);
  });

  it('fills the placeholders of a ChatLink2 template', async () => {
    fakeTokenList([token(1, 'sk-good')]);
    renderChat2Link({ chat_link2: 'https://lobe.example.com/?key={key}&base={address}', server_address: 'https://gw.example.com' });

    await waitFor(() => expect(window.location.href).toBe('https://lobe.example.com/?key=sk-good&base=https%3A%2F%2Fgw.example.com'));
  });

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
  ])('refuses a %s ChatLink2 and stays', async (_, link) => {
    const calls = fakeTokenList([token(1, 'sk-good')]);
    renderChat2Link({ chat_link2: link });

    expect(await screen.findByText('聊天链接配置错误，请联系管理员')).toBeTruthy();
    expect(window.location.href).toBe(consoleAddress);
    expect(calls).toEqual([]);
  });

  it('sends the browser to ChatLink while ChatLink2 is empty', async () => {
    fakeTokenList([token(1, 'sk-good')]);
    renderChat2Link({ chat_link: 'https://chat.example.com', chat_link2: '', server_address: 'https://gw.example.com' });

    const settings = encodeURIComponent('{"key":"sk-good","url":"https://gw.example.com"}');
    await waitFor(() => expect(window.location.href).toBe(`https://chat.example.com/#/?settings=${settings}`));
  });

  it('asks to contact the admin when neither chat link is configured', async () => {
    const calls = fakeTokenList([token(1, 'sk-good')]);
    renderChat2Link({ chat_link: '', chat_link2: '' });

    expect(await screen.findByText('请联系管理员配置聊天链接')).toBeTruthy();
    expect(window.location.href).toBe(consoleAddress);
    expect(calls).toEqual([]);
  });

  it('without an enabled token says so and goes to /token after 1.5 s', async () => {
    const warning = vi.spyOn(Message, 'warning');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fakeTokenList([]);
    renderChat2Link({ chat_link2: 'https://chat2.example.com' });

    // Testing Library's find queries wait on setTimeout, which is fake here: let the token list arrive by hand.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(warning).toHaveBeenCalledWith('没有可用的已启用令牌');
    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(screen.queryByText('token page')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('token page')).toBeTruthy();
    expect(window.location.href).toBe(consoleAddress);
  });
});
