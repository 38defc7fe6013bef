import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { PasskeysCard } from './passkeys-card';
import { defaultPasskeyName } from './passkeys-card-name';
import { callsOf, serveRoutes } from '@/test/serve-routes';

// The browser's WebAuthn prompt (jsdom has none): what @simplewebauthn/browser would return or throw.
const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn(), browserSupportsWebAuthn: vi.fn(() => true) }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const fetchMock = vi.fn<typeof fetch>();
const OPTIONS = { challenge: 'abc', rp: { id: 'localhost', name: 'AI 模型网关' }, user: { id: 'u', name: 'alice', displayName: 'alice' }, pubKeyCredParams: [] };
const CREDENTIAL = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'c', attestationObject: 'a' }, clientExtensionResults: {} };
const KEY = { id: 3, name: '办公电脑', created_at: 1_767_225_600, last_used_at: null, backed_up: false, device_type: 'singleDevice' };

const serve = (routes: Record<string, unknown>) => serveRoutes(fetchMock, routes);
const calls = () => callsOf(fetchMock);

describe(PasskeysCard.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    webauthn.startRegistration.mockReset();
    webauthn.browserSupportsWebAuthn.mockReturnValue(true);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the passkeys with 从未使用, adds one under the typed name through the browser prompt', async () => {
    const user = userEvent.setup({ delay: null });
    let list: unknown[] = [KEY];
    serve({
      'GET /api/user/passkey': () => ({ success: true, message: '', data: list }),
      'POST /api/user/passkey/register/begin': { success: true, message: '', data: OPTIONS },
      'POST /api/user/passkey/register/finish': () => {
        list = [KEY, { ...KEY, id: 4, name: '手机' }];
        return { success: true, message: '通行密钥已添加', data: list[1] };
      },
    });
    webauthn.startRegistration.mockResolvedValue(CREDENTIAL);
    render(<PasskeysCard />);
    expect(await screen.findByText('办公电脑')).toBeTruthy();
    expect(screen.getByText('从未使用')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '添加通行密钥' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('通行密钥名称') as HTMLInputElement;
    expect(input.value).toBe(defaultPasskeyName());
    await user.clear(input);
    await user.type(input, ' 手机 ');
    await user.click(within(dialog).getByRole('button', { name: '继续' }));

    expect(await screen.findByText('手机')).toBeTruthy();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(calls()).toContain(`POST /api/user/passkey/register/finish ${JSON.stringify({ name: '手机', response: CREDENTIAL })}`);
  });

  it('says 已取消 when the prompt is dismissed, and registers nothing', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ 'GET /api/user/passkey': { success: true, message: '', data: [] }, 'POST /api/user/passkey/register/begin': { success: true, message: '', data: OPTIONS } });
    webauthn.startRegistration.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    render(<PasskeysCard />);
    expect(await screen.findByText('暂无通行密钥')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '添加通行密钥' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '继续' }));
    expect(await screen.findByText('已取消')).toBeTruthy();
    expect(calls().some((call) => call.includes('register/finish'))).toBe(false);
  });

  it('renames and, after confirming, deletes a passkey; the server’s refusal is shown', async () => {
    // Arco's popups animate in with pointer-events off.
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    serve({
      'GET /api/user/passkey': { success: true, message: '', data: [KEY] },
      'PUT /api/user/passkey/3': { success: false, message: '通行密钥名称不能超过 64 个字符' },
      'DELETE /api/user/passkey/3': { success: true, message: '通行密钥已删除', data: null },
    });
    render(<PasskeysCard />);
    await user.click(await screen.findByRole('button', { name: '重命名 办公电脑' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('通行密钥名称'), '2');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('通行密钥名称不能超过 64 个字符')).toBeTruthy();
    expect(calls()).toContain(`PUT /api/user/passkey/3 ${JSON.stringify({ name: '办公电脑2' })}`);
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));

    await user.click(screen.getByRole('button', { name: '删除 办公电脑' }));
    expect(calls().some((call) => call.startsWith('DELETE'))).toBe(false);
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryByText('办公电脑')).toBeNull());
    expect(calls()).toContain('DELETE /api/user/passkey/3');
  });

  it('explains and disables 添加通行密钥 in a browser without WebAuthn', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    serve({ 'GET /api/user/passkey': { success: true, message: '', data: [] } });
    render(<PasskeysCard />);
    expect(await screen.findByText(/当前浏览器不支持通行密钥/)).toBeTruthy();
    expect((screen.getByRole('button', { name: '添加通行密钥' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
