import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThirdPartyLogin } from '@/components/third-party-login';
import type { SiteStatus } from '@/api/status';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

const fetchMock = vi.fn<typeof fetch>();

function renderButtons(status: SiteStatus) {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<ThirdPartyLogin status={status} />} />
        <Route path="/data-market" element={<p>data market</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe(ThirdPartyLogin.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: null });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.querySelectorAll('script[src*="telegram"]').forEach((script) => script.remove());
  });

  it('shows nothing when no provider is enabled', () => {
    const { container } = renderButtons({ github_oauth: false, linuxdo_oauth: false, wechat_login: false, telegram_oauth: false });
    expect(container.textContent).toBe('');
  });

  it('gets a state carrying the saved invitation code and opens the server’s authorize redirect', async () => {
    localStorage.setItem('aff', 'INV123');
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => popup as unknown as Window);
    vi.stubGlobal('open', open);
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: 'state-abc' }));
    renderButtons({ github_oauth: true, linuxdo_oauth: true });

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /LinuxDO/ }));

    await waitFor(() => expect(popup.location.href).toBe('/api/oauth/linuxdo/authorize?state=state-abc'));
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/oauth/state?aff=INV123');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('labels the OIDC button with the administrator’s name and opens its authorize redirect', async () => {
    const popup = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => popup as unknown as Window));
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: 'state-oidc' }));
    renderButtons({ oidc_enabled: true, oidc_name: '公司 SSO' });

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '使用 公司 SSO 登录' }));

    await waitFor(() => expect(popup.location.href).toBe('/api/oauth/oidc/authorize?state=state-oidc'));
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/oauth/state');
  });

  it('shows no OIDC button while OIDC is off, and OIDC as the default name', () => {
    const { unmount } = renderButtons({ github_oauth: true, oidc_enabled: false, oidc_name: '公司 SSO' });
    expect(screen.queryByRole('button', { name: /公司 SSO/ })).toBeNull();
    unmount();
    renderButtons({ oidc_enabled: true });
    expect(screen.getByRole('button', { name: '使用 OIDC 登录' })).toBeTruthy();
  });

  it('closes the new window when no state could be had', async () => {
    const popup = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => popup as unknown as Window));
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '管理员未开启通过 GitHub 登录以及注册', data: null }));
    renderButtons({ github_oauth: true });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /GitHub/ }));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(popup.location.href).toBe('');
  });

  it('signs in with the WeChat code from the QR modal, with the invitation code', async () => {
    localStorage.setItem('aff', 'INV123');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser({ id: 9, username: 'wechat_1' }) }));
    renderButtons({ wechat_login: true, wechat_qrcode: 'https://example.com/qr.png' });
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: /微信/ }));
    expect(await screen.findByAltText('微信公众号二维码')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('data market')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/oauth/wechat?code=123456&aff=INV123');
    expect(useUserStore.getState().user?.username).toBe('wechat_1');
  });

  it('sends the Telegram widget’s signed data to the server and signs in', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser({ id: 11, username: 'telegram_1' }) }));
    renderButtons({ telegram_oauth: true, telegram_bot_name: 'gw_bot' });
    const script = document.querySelector<HTMLScriptElement>('script[data-telegram-login="gw_bot"]');
    expect(script?.getAttribute('data-onauth')).toBe('onTelegramAuth(user)');

    window.onTelegramAuth!({ id: 42, first_name: 'Ivan', auth_date: 1700000000, hash: 'ab'.repeat(32) });

    expect(await screen.findByText('data market')).toBeTruthy();
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://console.test');
    expect(url.pathname).toBe('/api/oauth/telegram/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: '42', first_name: 'Ivan', auth_date: '1700000000', hash: 'ab'.repeat(32) });
  });
});
