import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import RegisterPage from '@/pages/register';
import { useStatusStore } from '@/stores/status';
import { jsonResponse } from '@/test/factories';
import { fakeTurnstile } from '@/test/turnstile';

const fetchMock = vi.fn<typeof fetch>();

function renderRegister(path = '/register') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fillAndSubmit(values: { username?: string; password?: string; password2?: string; affCode?: string }) {
  const user = userEvent.setup({ delay: null });
  if (values.affCode) await user.type(screen.getByLabelText(/邀请码/), values.affCode);
  if (values.username) await user.type(screen.getByPlaceholderText('用户名'), values.username);
  if (values.password) await user.type(screen.getByPlaceholderText('输入密码，最短 8 位，最长 20 位'), values.password);
  if (values.password2) await user.type(screen.getByPlaceholderText('再次输入密码'), values.password2);
  await user.click(screen.getByRole('button', { name: '注册' }));
}

describe(RegisterPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useStatusStore.setState({ status: { register_enabled: true, password_register_enabled: true, invite_only_register: true } });
  });

  afterEach(() => {
    delete window.turnstile;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('requires username and password', async () => {
    renderRegister();
    await fillAndSubmit({});
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a password shorter than 8 characters', async () => {
    renderRegister();
    await fillAndSubmit({ username: 'alice', password: 'short', password2: 'short' });
    expect(await screen.findByText('密码长度不得小于 8 位！')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a confirmation that differs', async () => {
    renderRegister();
    await fillAndSubmit({ username: 'alice', password: 'longenough1', password2: 'longenough2' });
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(screen.queryByText('密码长度不得小于 8 位！')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the aff query as the inviter code, sends it and goes to login', async () => {
    const success = vi.spyOn(Message, 'success');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: null }));
    renderRegister('/register?aff=AB12');
    expect(localStorage.getItem('aff')).toBe('AB12');

    await fillAndSubmit({ username: 'alice', password: 'longenough1', password2: 'longenough1' });

    expect(await screen.findByText('login page')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('注册成功！');
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/user/register?turnstile=');
    expect(JSON.parse(String(init!.body))).toMatchObject({ username: 'alice', password: 'longenough1', password2: 'longenough1', aff_code: 'AB12' });
  });

  it('shows e-mail and code fields only when e-mail verification is on', () => {
    const { unmount } = renderRegister();
    expect(screen.queryByPlaceholderText('输入邮箱地址')).toBeNull();
    unmount();

    useStatusStore.setState({ status: { email_verification: true } });
    renderRegister();
    expect(screen.getByPlaceholderText('输入邮箱地址')).toBeTruthy();
    expect(screen.getByPlaceholderText('输入验证码')).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('sends a code with the Turnstile token, counts 30 s down and registers with e-mail and code', async () => {
    const success = vi.spyOn(Message, 'success');
    useStatusStore.setState({ status: { email_verification: true, turnstile_check: true, turnstile_site_key: 'site-key', invite_only_register: false } });
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, message: '', data: null }));
    const turnstile = fakeTurnstile();
    renderRegister();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(fetchMock).not.toHaveBeenCalled();

    await turnstile.pass('human-token');
    await user.type(screen.getByPlaceholderText('输入邮箱地址'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('验证码发送成功，请检查你的邮箱！'));
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/verification?email=alice%40example.com&turnstile=human-token');
    expect((screen.getByRole('button', { name: /重新发送 \(30\)/ }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByPlaceholderText('输入验证码'), 'K7PX2M');
    await fillAndSubmit({ username: 'alice', password: 'longenough1', password2: 'longenough1' });
    expect(await screen.findByText('login page')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1];
    expect(String(url)).toBe('/api/user/register?turnstile=human-token');
    expect(JSON.parse(String(init!.body))).toMatchObject({ username: 'alice', email: 'alice@example.com', verification_code: 'K7PX2M' });
  });

  it('blocks submitting while the Turnstile check has no token', async () => {
    const info = vi.spyOn(Message, 'info');
    useStatusStore.setState({ status: { turnstile_check: true } });
    renderRegister();
    await fillAndSubmit({ username: 'alice', password: 'longenough1', password2: 'longenough1', affCode: 'AB12' });
    await waitFor(() => expect(info).toHaveBeenCalledWith('请稍后几秒重试，Turnstile 正在检查用户环境！'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the invitation code while registration is by invitation, and sends it trimmed', async () => {
    renderRegister();
    expect(screen.getByText('本平台采用邀请制，请填写邀请人提供的邀请码')).toBeTruthy();
    await fillAndSubmit({ username: 'alice', password: 'longenough1', password2: 'longenough1' });
    expect(await screen.findByText('请输入邀请码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: null }));
    await userEvent.setup({ delay: null }).type(screen.getByLabelText(/邀请码/), ' CD34 ');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]!.body))).toMatchObject({ username: 'alice', aff_code: 'CD34' });
  });

  it('makes the invitation code optional once the administrator opens registration', async () => {
    useStatusStore.setState({ status: { register_enabled: true, invite_only_register: false } });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: null }));
    renderRegister();
    expect(screen.getByPlaceholderText('邀请码（选填）')).toBeTruthy();
    expect(screen.queryByText('本平台采用邀请制，请填写邀请人提供的邀请码')).toBeNull();
    await fillAndSubmit({ username: 'bob', password: 'longenough1', password2: 'longenough1' });
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]!.body))).not.toHaveProperty('aff_code');
  });

  it('hides the form when registration is closed', () => {
    useStatusStore.setState({ status: { register_enabled: false } });
    renderRegister();
    expect(screen.getByText('管理员已关闭新用户注册')).toBeTruthy();
    expect(screen.queryByPlaceholderText('用户名')).toBeNull();
  });

  it('hides the password form when password registration is closed', () => {
    useStatusStore.setState({ status: { password_register_enabled: false } });
    renderRegister();
    expect(screen.getByText('管理员已关闭密码注册，请使用第三方账户注册')).toBeTruthy();
    expect(screen.queryByPlaceholderText('用户名')).toBeNull();
  });
});
