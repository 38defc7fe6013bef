import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import LoginPage from '@/pages/login';
import { useStatusStore } from '@/stores/status';
import { useTwoFactorSignIn } from '@/stores/two-factor-sign-in';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import { serveRoutes } from '@/test/serve-routes';

// The browser's WebAuthn prompt (jsdom has none): what @simplewebauthn/browser would return or throw.
const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), browserSupportsWebAuthn: vi.fn(() => true) }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const fetchMock = vi.fn<typeof fetch>();
const OPTIONS = { challenge: 'abc', rpId: 'localhost', userVerification: 'required' };
const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'c', authenticatorData: 'a', signature: 's' }, clientExtensionResults: {} };

const serve = (routes: Record<string, unknown>) => serveRoutes(fetchMock, routes);
const paths = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/data-market" element={<p>data market</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('passkey sign-in on the login page', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    webauthn.startAuthentication.mockReset();
    webauthn.browserSupportsWebAuthn.mockReturnValue(true);
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: null });
    useTwoFactorSignIn.setState({ pending: false, passkey: false });
    useStatusStore.setState({ status: { passkey_login: true } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('signs in with 使用通行密钥登录 without a username', async () => {
    serve({
      'POST /api/user/passkey/login/begin': { success: true, message: '', data: OPTIONS },
      'POST /api/user/passkey/login/finish': { success: true, message: '', data: makeUser({ id: 5, username: 'carol' }) },
    });
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    renderLogin();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '使用通行密钥登录' }));
    expect(await screen.findByText('data market')).toBeTruthy();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(useUserStore.getState().user?.username).toBe('carol');
    expect(paths()).toEqual(['POST /api/user/passkey/login/begin', 'POST /api/user/passkey/login/finish']);
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]!.body))).toEqual({ response: ASSERTION });
  });

  it('says 已取消 when the prompt is dismissed, and the server’s refusal otherwise', async () => {
    const error = vi.spyOn(Message, 'error');
    serve({ 'POST /api/user/passkey/login/begin': { success: true, message: '', data: OPTIONS }, 'POST /api/user/passkey/login/finish': { success: false, message: '通行密钥验证失败' } });
    webauthn.startAuthentication.mockRejectedValueOnce(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '使用通行密钥登录' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('已取消'));
    expect(paths()).toEqual(['POST /api/user/passkey/login/begin']);

    webauthn.startAuthentication.mockResolvedValueOnce(ASSERTION);
    await user.click(screen.getByRole('button', { name: '使用通行密钥登录' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('通行密钥验证失败'));
    expect(useUserStore.getState().user).toBeNull();
  });

  it('hides the button when the option is off or the browser has no WebAuthn, and shows it alone without password login', () => {
    useStatusStore.setState({ status: { passkey_login: false } });
    const off = renderLogin();
    expect(screen.queryByRole('button', { name: '使用通行密钥登录' })).toBeNull();
    off.unmount();

    // With password login off, the passkey is the way in.
    useStatusStore.setState({ status: { passkey_login: true, password_login_enabled: false } });
    const passkeyOnly = renderLogin();
    expect(screen.getByRole('button', { name: '使用通行密钥登录' })).toBeTruthy();
    expect(screen.queryByPlaceholderText('用户名')).toBeNull();
    passkeyOnly.unmount();

    useStatusStore.setState({ status: { passkey_login: true } });
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    renderLogin();
    expect(screen.queryByRole('button', { name: '使用通行密钥登录' })).toBeNull();
  });

  it('offers 使用通行密钥验证 in the code step when the login said a passkey is available, and signs in with it', async () => {
    serve({
      'POST /api/user/login': { success: true, message: '', data: { require_2fa: true, passkey: true } },
      'POST /api/user/login/2fa/passkey/begin': { success: true, message: '', data: OPTIONS },
      'POST /api/user/login/2fa/passkey/finish': { success: true, message: '', data: makeUser({ id: 6, username: 'dave' }) },
    });
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByPlaceholderText('用户名'), 'dave');
    await user.type(screen.getByPlaceholderText('密码'), 'password1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await user.click(await screen.findByRole('button', { name: '使用通行密钥验证' }));
    expect(await screen.findByText('data market')).toBeTruthy();
    expect(useUserStore.getState().user?.username).toBe('dave');
    expect(paths()).toEqual(['POST /api/user/login', 'POST /api/user/login/2fa/passkey/begin', 'POST /api/user/login/2fa/passkey/finish']);
  });

  it('offers only the code when the account has no passkey', async () => {
    serve({ 'POST /api/user/login': { success: true, message: '', data: { require_2fa: true } } });
    renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByPlaceholderText('用户名'), 'erin');
    await user.type(screen.getByPlaceholderText('密码'), 'password1');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证并登录')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '使用通行密钥验证' })).toBeNull();
  });
});
