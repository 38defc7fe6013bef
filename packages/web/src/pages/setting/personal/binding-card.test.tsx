import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import { BindingCard } from './binding-card';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

const fetchMock = vi.fn<typeof fetch>();

describe(BindingCard.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: makeUser({ id: 7 }) });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.querySelectorAll('script[src*="telegram"]').forEach((script) => script.remove());
  });

  it('shows each binding and offers only the methods the server enables', () => {
    useStatusStore.setState({ status: { github_oauth: true, linuxdo_oauth: false, wechat_login: true, telegram_oauth: false } });
    render(<BindingCard user={makeUser({ github_id: '12345', wechat_id: 'openid' })} onBound={vi.fn()} />);
    expect(screen.getByText('12345')).toBeTruthy();
    expect(screen.getByText('已绑定')).toBeTruthy();
    expect(screen.getByRole('button', { name: '修改GitHub绑定' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '修改微信绑定' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '绑定LinuxDO' })).toBeNull();
    expect(screen.queryByRole('button', { name: '绑定Telegram' })).toBeNull();
  });

  it('binds GitHub through a state of the signed-in session and the authorize redirect', async () => {
    useStatusStore.setState({ status: { github_oauth: true } });
    const popup = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => popup as unknown as Window));
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: 'bind-state' }));
    render(<BindingCard user={makeUser()} onBound={vi.fn()} />);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '绑定GitHub' }));

    await waitFor(() => expect(popup.location.href).toBe('/api/oauth/github/authorize?state=bind-state'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/oauth/state');
    expect(new Headers(init!.headers).get('New-Api-User')).toBe('7');
  });

  it('shows the OIDC row under its name only while OIDC is on or bound, and binds through the authorize redirect', async () => {
    useStatusStore.setState({ status: { oidc_enabled: false, oidc_name: '公司 SSO' } });
    const { unmount } = render(<BindingCard user={makeUser()} onBound={vi.fn()} />);
    expect(screen.queryByText('公司 SSO')).toBeNull();
    unmount();

    useStatusStore.setState({ status: { oidc_enabled: true, oidc_name: '公司 SSO' } });
    const popup = { location: { href: '' }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => popup as unknown as Window));
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: 'oidc-state' }));
    render(<BindingCard user={makeUser()} onBound={vi.fn()} />);
    expect(screen.queryByRole('button', { name: '解除绑定' })).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '绑定公司 SSO' }));
    await waitFor(() => expect(popup.location.href).toBe('/api/oauth/oidc/authorize?state=oidc-state'));
  });

  it('unbinds OIDC after a confirmation and refreshes the user', async () => {
    useStatusStore.setState({ status: { oidc_enabled: false } });
    const onBound = vi.fn();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '解绑成功', data: null }));
    render(<BindingCard user={makeUser({ oidc_id: 'sub-123', email: 'me@example.com' })} onBound={onBound} />);
    expect(screen.getByText('sub-123')).toBeTruthy();
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

    await user.click(screen.getByRole('button', { name: '解除绑定' }));
    expect(await screen.findByText('确定解除 OIDC 绑定吗？')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(onBound).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/oauth/oidc/bind');
    expect(init!.method).toBe('DELETE');
  });

  it('shows the refusal to unbind the last way in and keeps the binding', async () => {
    useStatusStore.setState({ status: { oidc_enabled: true } });
    const error = vi.spyOn(Message, 'error');
    const onBound = vi.fn();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '请先绑定邮箱或其他登录方式后再解绑', data: null }));
    render(<BindingCard user={makeUser({ oidc_id: 'sub-9' })} onBound={onBound} />);
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(screen.getByRole('button', { name: '解除绑定' }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('请先绑定邮箱或其他登录方式后再解绑'));
    expect(onBound).not.toHaveBeenCalled();
  });

  it('binds Telegram with the widget’s data and refreshes the user', async () => {
    useStatusStore.setState({ status: { telegram_oauth: true, telegram_bot_name: 'gw_bot' } });
    const success = vi.spyOn(Message, 'success');
    const onBound = vi.fn();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: 'Telegram 账户绑定成功！', data: null }));
    render(<BindingCard user={makeUser()} onBound={onBound} />);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '绑定Telegram' }));
    await waitFor(() => expect(window.onTelegramAuth).toBeTypeOf('function'));
    window.onTelegramAuth!({ id: 42, auth_date: 1700000000, hash: 'cd'.repeat(32) });

    await waitFor(() => expect(onBound).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Telegram 账户绑定成功！');
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/api/oauth/telegram/bind?id=42&auth_date=1700000000&hash=${'cd'.repeat(32)}`);
  });

  it('keeps the dialog open and shows the refusal when the Telegram account belongs to someone else', async () => {
    useStatusStore.setState({ status: { telegram_oauth: true, telegram_bot_name: 'gw_bot' } });
    const error = vi.spyOn(Message, 'error');
    const onBound = vi.fn();
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '该 Telegram 账户已被绑定到其他用户', data: null }));
    render(<BindingCard user={makeUser()} onBound={onBound} />);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '绑定Telegram' }));
    await waitFor(() => expect(window.onTelegramAuth).toBeTypeOf('function'));
    window.onTelegramAuth!({ id: 42, auth_date: 1700000000, hash: 'cd'.repeat(32) });

    await waitFor(() => expect(error).toHaveBeenCalledWith('该 Telegram 账户已被绑定到其他用户'));
    expect(onBound).not.toHaveBeenCalled();
    expect(screen.getByText('绑定 Telegram')).toBeTruthy();
  });
});
