import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MSG_2FA_CODE_FORMAT } from '@gw/shared';
import LoginPage from '@/pages/login';
import OAuthCallbackPage from '@/pages/oauth-callback';
import { useStatusStore } from '@/stores/status';
import { useTwoFactorSignIn } from '@/stores/two-factor-sign-in';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

const fetchMock = vi.fn<typeof fetch>();
const CHALLENGE = { success: true, message: '', data: { require_2fa: true } };

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/oauth/:type/callback" element={<OAuthCallbackPage />} />
        <Route path="/data-market" element={<p>data market</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const bodyOf = (index: number) => JSON.parse(String(fetchMock.mock.calls[index][1]!.body)) as unknown;

async function passwordStep() {
  const user = userEvent.setup({ delay: null });
  fetchMock.mockResolvedValueOnce(jsonResponse(CHALLENGE));
  renderAt('/login');
  await user.type(screen.getByPlaceholderText('用户名'), 'alice');
  await user.type(screen.getByPlaceholderText('密码'), 'password1');
  await user.click(screen.getByRole('button', { name: '登录' }));
  await screen.findByText('两步验证');
  return user;
}

describe('two-factor sign-in', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: null });
    useStatusStore.setState({ status: null });
    useTwoFactorSignIn.setState({ pending: false });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the code after require_2fa without signing in, then signs in with it', async () => {
    const user = await passwordStep();
    expect(useUserStore.getState().user).toBeNull();
    expect(screen.queryByPlaceholderText('密码')).toBeNull();

    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser({ username: 'alice' }) }));
    await user.type(screen.getByPlaceholderText('6 位数字验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '验证并登录' }));

    expect(await screen.findByText('data market')).toBeTruthy();
    expect(String(fetchMock.mock.calls[1][0])).toBe('/api/user/login/2fa');
    expect(bodyOf(1)).toEqual({ code: '123456' });
    expect(useUserStore.getState().user?.username).toBe('alice');
    expect(useTwoFactorSignIn.getState().pending).toBe(false);
  });

  it('shows the server’s refusal and a malformed code’s error without calling', async () => {
    const user = await passwordStep();
    await user.type(screen.getByPlaceholderText('6 位数字验证码'), '12a');
    await user.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText(MSG_2FA_CODE_FORMAT)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '验证码错误或已使用，请重试', data: null }));
    await user.clear(screen.getByPlaceholderText('6 位数字验证码'));
    await user.type(screen.getByPlaceholderText('6 位数字验证码'), '000000');
    await user.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('验证码错误或已使用，请重试')).toBeTruthy();
    expect(useUserStore.getState().user).toBeNull();
  });

  it('takes a backup code instead, and 返回 goes back to the password step', async () => {
    const user = await passwordStep();
    await user.click(screen.getByText('使用备用码'));
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '验证码错误或已使用，请重试', data: null }));
    await user.type(screen.getByPlaceholderText('xxxx-xxxx'), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(bodyOf(1)).toEqual({ code: 'abcd-efgh' }));

    await user.click(screen.getByText('返回'));
    expect(await screen.findByPlaceholderText('密码')).toBeTruthy();
    expect(useTwoFactorSignIn.getState().pending).toBe(false);
  });

  it('shows the code step on the OAuth callback page after require_2fa', async () => {
    const user = userEvent.setup({ delay: null });
    fetchMock.mockResolvedValueOnce(jsonResponse(CHALLENGE));
    renderAt('/oauth/github/callback?code=c&state=s');
    expect(await screen.findByText('两步验证')).toBeTruthy();
    expect(useUserStore.getState().user).toBeNull();

    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser({ username: 'github_1' }) }));
    await user.type(screen.getByPlaceholderText('6 位数字验证码'), '654321');
    await user.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('data market')).toBeTruthy();
    expect(useUserStore.getState().user?.username).toBe('github_1');
  });
});
