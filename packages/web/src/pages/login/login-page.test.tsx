import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import LoginPage from '@/pages/login';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';
import { fakeTurnstile } from '@/test/turnstile';

const fetchMock = vi.fn<typeof fetch>();

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/data-market" element={<p>data market</p>} />
        <Route path="/token" element={<p>token page</p>} />
        <Route path="/entry" element={<p>entry page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup({ delay: null });
  if (username) await user.type(screen.getByPlaceholderText('用户名'), username);
  if (password) await user.type(screen.getByPlaceholderText('密码'), password);
  await user.click(screen.getByRole('button', { name: '登录' }));
}

describe(LoginPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: null });
    useStatusStore.setState({ status: null });
  });

  afterEach(() => {
    delete window.turnstile;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('requires username and password before calling the server', async () => {
    renderLogin();
    await fillAndSubmit('', '');
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks only for the missing password', async () => {
    renderLogin();
    await fillAndSubmit('alice', '');
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(screen.queryByText('请输入用户名')).toBeNull();
  });

  it('signs in, saves the user and goes to /data-market', async () => {
    const success = vi.spyOn(Message, 'success');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser({ id: 3, username: 'bob' }) }));
    renderLogin();
    await fillAndSubmit('bob', 'password1');

    expect(await screen.findByText('data market')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('登录成功！');
    expect(useUserStore.getState().user?.username).toBe('bob');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/user/login');
    expect(JSON.parse(String(init!.body))).toEqual({ username: 'bob', password: 'password1' });
  });

  it('waits for the Turnstile token when the check is on, then sends it with the login', async () => {
    const info = vi.spyOn(Message, 'info');
    useStatusStore.setState({ status: { turnstile_check: true, turnstile_site_key: 'site-key' } });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser({ username: 'bob' }) }));
    const turnstile = fakeTurnstile();
    renderLogin();
    await fillAndSubmit('bob', 'password1');
    await waitFor(() => expect(info).toHaveBeenCalledWith('请稍后几秒重试，Turnstile 正在检查用户环境！'));
    expect(fetchMock).not.toHaveBeenCalled();

    await turnstile.pass('human-token');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('data market')).toBeTruthy();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/login?turnstile=human-token');
  });

  it('goes to the remembered redirect path after sign-in', async () => {
    localStorage.setItem('redirectPath', '/token');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser() }));
    renderLogin();
    await fillAndSubmit('alice', 'password1');
    expect(await screen.findByText('token page')).toBeTruthy();
    expect(localStorage.getItem('redirectPath')).toBeNull();
  });

  it("shows the server's message when sign-in fails and stays on the page", async () => {
    const error = vi.spyOn(Message, 'error');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '用户名或密码错误' }));
    renderLogin();
    await fillAndSubmit('alice', 'wrong-pass');
    await waitFor(() => expect(error).toHaveBeenCalledWith('用户名或密码错误'));
    expect(useUserStore.getState().user).toBeNull();
    expect(screen.queryByText('data market')).toBeNull();
  });

  it('cancels to /entry when the login page was opened directly', async () => {
    renderLogin();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '取消' }));
    expect(await screen.findByText('entry page')).toBeTruthy();
  });

  it('hides the password form when password login is off', () => {
    useStatusStore.setState({ status: { password_login_enabled: false } });
    renderLogin();
    expect(screen.queryByPlaceholderText('用户名')).toBeNull();
  });

  it('words who can sign in after the registration settings', () => {
    useStatusStore.setState({ status: { register_enabled: true, invite_only_register: true } });
    const invite = renderLogin();
    expect(screen.getByText(/本平台采用邀请制，凭邀请码注册后即可登录。/)).toBeTruthy();
    invite.unmount();

    useStatusStore.setState({ status: { register_enabled: true, invite_only_register: false } });
    const open = renderLogin();
    expect(screen.getByText(/新用户可直接注册账户/)).toBeTruthy();
    expect(screen.queryByText(/邀请制/)).toBeNull();
    open.unmount();

    useStatusStore.setState({ status: { register_enabled: false } });
    renderLogin();
    expect(screen.getByText(/本平台暂不开放注册/)).toBeTruthy();
    expect(screen.queryByText('注册账户')).toBeNull();
  });

  it('shows third-party buttons only for enabled providers', () => {
    useStatusStore.setState({ status: { github_oauth: true, github_client_id: 'id', wechat_login: false } });
    renderLogin();
    expect(screen.getByRole('button', { name: /GitHub/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /微信/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /LinuxDO/ })).toBeNull();
  });
});
