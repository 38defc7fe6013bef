import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import { jsonResponse } from '@/test/factories';
import { useOptionsForm } from '../use-options-form';
import { OidcCard } from './oidc-card';

const fetchMock = vi.fn<typeof fetch>();

/** The card on the real options form, as the system tab mounts it. */
function Harness() {
  const form = useOptionsForm(false);
  return <OidcCard form={form} />;
}

const OPTIONS = [
  { key: 'ServerAddress', value: 'https://gw.example.com' },
  { key: 'OidcEnabled', value: 'false' },
  { key: 'OidcIssuer', value: 'https://sso.example.com/realms/main' },
  { key: 'OidcClientId', value: 'gateway' },
  // A secret comes back empty: the stored value never reaches the page.
  { key: 'OidcClientSecret', value: '' },
  { key: 'OidcScopes', value: 'openid profile email' },
  { key: 'OidcUsernameClaim', value: 'preferred_username' },
  { key: 'OidcDisplayName', value: 'OIDC' },
];

const puts = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)) as { key: string; value: string });

describe(OidcCard.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/option/') && (init?.method ?? 'GET') === 'GET') return jsonResponse({ success: true, message: '', data: OPTIONS });
      return jsonResponse({ success: true, message: '', data: null });
    });
    vi.stubGlobal('fetch', fetchMock);
    Message.config({ duration: 0 });
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the callback address, the Chinese labels and a write-only secret field', async () => {
    render(<Harness />);
    expect(await screen.findByText(/https:\/\/gw\.example\.com\/oauth\/oidc\/callback/)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('发行者 Issuer') as HTMLInputElement).value).toBe('https://sso.example.com/realms/main'));
    for (const label of ['Client ID', '授权范围 Scopes', '用户名字段', '按钮名称']) expect(screen.getByLabelText(label)).toBeTruthy();
    const secret = screen.getByLabelText('Client Secret') as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
    expect(screen.getByRole('switch', { name: '允许通过 OIDC 登录 & 注册' })).toBeTruthy();
  });

  it('saves only the changed fields, the secret only once typed', async () => {
    render(<Harness />);
    const user = userEvent.setup({ delay: null });
    const name = (await screen.findByLabelText('按钮名称')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('OIDC'));
    await user.clear(name);
    await user.type(name, '公司 SSO');
    await user.type(screen.getByLabelText('Client Secret'), 's3cret');
    await user.click(screen.getByRole('button', { name: '保存 OIDC 设置' }));

    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()).toEqual(
      expect.arrayContaining([
        { key: 'OidcDisplayName', value: '公司 SSO' },
        { key: 'OidcClientSecret', value: 's3cret' },
      ]),
    );
  });

  it('turns OIDC sign-in on as soon as the switch is toggled', async () => {
    render(<Harness />);
    const toggle = await screen.findByRole('switch', { name: '允许通过 OIDC 登录 & 注册' });
    await waitFor(() => expect(screen.getByLabelText('Client ID')).toHaveProperty('value', 'gateway'));
    await userEvent.setup({ delay: null }).click(toggle);
    await waitFor(() => expect(puts()).toEqual([{ key: 'OidcEnabled', value: 'true' }]));
  });
});
