import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import ResetRequestPage from '@/pages/reset';
import ResetConfirmPage from '@/pages/reset/confirm';
import { useStatusStore } from '@/stores/status';
import { jsonResponse } from '@/test/factories';
import { fakeTurnstile } from '@/test/turnstile';

const fetchMock = vi.fn<typeof fetch>();

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/reset" element={<ResetRequestPage />} />
        <Route path="/user/reset" element={<ResetConfirmPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useStatusStore.setState({ status: {} });
});

afterEach(() => {
  delete window.turnstile;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe(ResetRequestPage.name, () => {
  it('asks for the reset mail and counts 30 s down before another try', async () => {
    const success = vi.spyOn(Message, 'success');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: null }));
    renderAt('/reset');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByPlaceholderText('输入注册时使用的邮箱地址'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: '发送重置邮件' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('重置邮件发送成功，请检查邮箱！'));
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/reset_password?email=alice%40example.com&turnstile=');
    const retry = screen.getByRole('button', { name: /重试 \(30\)/ }) as HTMLButtonElement;
    expect(retry.disabled).toBe(true);
  });

  it('waits for the Turnstile token when the check is on, then sends it', async () => {
    const info = vi.spyOn(Message, 'info');
    useStatusStore.setState({ status: { turnstile_check: true, turnstile_site_key: 'site-key' } });
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, message: '', data: null }));
    const turnstile = fakeTurnstile();
    renderAt('/reset');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByPlaceholderText('输入注册时使用的邮箱地址'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: '发送重置邮件' }));
    await waitFor(() => expect(info).toHaveBeenCalledWith('请稍后几秒重试，Turnstile 正在检查用户环境！'));
    expect(fetchMock).not.toHaveBeenCalled();

    await turnstile.pass('human-token');
    await user.click(screen.getByRole('button', { name: '发送重置邮件' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/reset_password?email=alice%40example.com&turnstile=human-token');
  });
});

describe(ResetConfirmPage.name, () => {
  it('sends the link’s email and token and shows the new password once', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: 'Xy7kP2mQ9rTa' }));
    renderAt('/user/reset?email=alice%40example.com&token=tok_abc-123');
    expect((screen.getByDisplayValue('alice@example.com') as HTMLInputElement).disabled).toBe(true);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '确认重置密码' }));

    expect(await screen.findByDisplayValue('Xy7kP2mQ9rTa')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/user/reset');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ email: 'alice@example.com', token: 'tok_abc-123' });
    expect((screen.getByRole('button', { name: '密码已重置' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s refusal and no password for a spent link', async () => {
    const error = vi.spyOn(Message, 'error');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '重置链接非法或已过期', data: null }));
    renderAt('/user/reset?email=alice%40example.com&token=spent');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '确认重置密码' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('重置链接非法或已过期'));
    expect(screen.queryByLabelText('新密码')).toBeNull();
  });

  it('says the link is incomplete without email or token', () => {
    renderAt('/user/reset?email=alice%40example.com');
    expect(screen.getByText('重置链接无效')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
