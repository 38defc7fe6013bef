import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TwoFactorCard } from './two-factor-card';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import { callsOf, serveRoutes } from '@/test/serve-routes';

const fetchMock = vi.fn<typeof fetch>();
const CODES = Array.from({ length: 10 }, (_, index) => `abc${index}-def${index}`);
const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', qr_code_data: 'otpauth://totp/AI%20%E6%A8%A1%E5%9E%8B%E7%BD%91%E5%85%B3:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', backup_codes: CODES };

const serve = (routes: Record<string, unknown>) => serveRoutes(fetchMock, routes);
const calls = () => callsOf(fetchMock);

describe(TwoFactorCard.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: makeUser({ id: 7 }) });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('enables: the QR code drawn locally and the secret, the backup codes once with copy and download, then a code', async () => {
    const user = userEvent.setup({ delay: null });
    let enabled = false;
    serve({
      'GET /api/user/2fa/status': () => ({ success: true, message: '', data: { enabled, locked: false, backup_codes_remaining: enabled ? 10 : 0 } }),
      'POST /api/user/2fa/setup': { success: true, message: '', data: SETUP },
      'POST /api/user/2fa/enable': () => {
        enabled = true;
        return { success: true, message: '两步验证已启用', data: null };
      },
    });
    render(<TwoFactorCard />);
    await user.click(await screen.findByRole('button', { name: '启用两步验证' }));

    const dialog = await screen.findByRole('dialog');
    const qr = await within(dialog).findByAltText('两步验证二维码');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(dialog).getByText(SETUP.secret)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    for (const code of CODES) expect(within(dialog).getByText(code)).toBeTruthy();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await user.click(within(dialog).getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    const createObjectURL = vi.fn(() => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    await user.click(within(dialog).getByRole('button', { name: '下载' }));
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toContain(CODES.join('\n'));

    await user.click(within(dialog).getByRole('button', { name: '下一步' }));
    await user.type(within(dialog).getByLabelText('验证码'), '12345');
    await user.click(within(dialog).getByRole('button', { name: '确认启用' }));
    expect(await within(dialog).findByText('请输入 6 位数字验证码')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('验证码'), '6');
    await user.click(within(dialog).getByRole('button', { name: '确认启用' }));

    expect(await screen.findByText('已启用')).toBeTruthy();
    expect(screen.getByText('剩余备用码：10 个')).toBeTruthy();
    expect(calls()).toContain('POST /api/user/2fa/enable {"code":"123456"}');
  });

  it('shows the lock, and disables with a backup code after asking for it', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/user/2fa/status': { success: true, message: '', data: { enabled: true, locked: true, backup_codes_remaining: 3 } },
      'POST /api/user/2fa/disable': { success: false, message: '验证码错误或已使用，请重试', data: null },
    });
    render(<TwoFactorCard />);
    expect(await screen.findByText('验证码错误次数过多，已暂时锁定')).toBeTruthy();
    expect(screen.getByText('剩余备用码：3 个')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '停用两步验证' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('验证码'), 'abcd-efgh');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls()).toContain('POST /api/user/2fa/disable {"code":"abcd-efgh"}'));
    // Refused: the dialog stays for another try.
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('regenerates the backup codes with a TOTP code and shows the new ones once', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/user/2fa/status': { success: true, message: '', data: { enabled: true, locked: false, backup_codes_remaining: 2 } },
      'POST /api/user/2fa/backup_codes': { success: true, message: '备用码已重新生成，请妥善保存', data: { backup_codes: CODES } },
    });
    render(<TwoFactorCard />);
    await user.click(await screen.findByRole('button', { name: '重新生成备用码' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('验证码'), 'abcd-efgh');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请输入 6 位数字验证码')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('验证码'));
    await user.type(within(dialog).getByLabelText('验证码'), '123456');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText(CODES[9])).toBeTruthy();
    expect(screen.getByText('新的备用码')).toBeTruthy();
  });
});
