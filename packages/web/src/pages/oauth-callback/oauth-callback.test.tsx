import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import OAuthCallbackPage from '@/pages/oauth-callback';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

const fetchMock = vi.fn<typeof fetch>();

function renderCallback(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/oauth/:type/callback" element={<OAuthCallbackPage />} />
        <Route path="/data-market" element={<p>data market</p>} />
        <Route path="/token" element={<p>token page</p>} />
        <Route path="/setting" element={<p>setting page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe(OAuthCallbackPage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: null });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('passes code and state on, signs in and goes to the remembered page', async () => {
    localStorage.setItem('redirectPath', '/token');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser({ id: 5, username: 'github_1' }) }));
    renderCallback('/oauth/github/callback?code=c0de&state=st4te');
    expect(await screen.findByText('token page')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/oauth/github?code=c0de&state=st4te');
    expect(useUserStore.getState().user?.username).toBe('github_1');
  });

  it('passes the OIDC provider’s iss on with code and state', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser({ id: 6, username: 'oidc-user' }) }));
    renderCallback('/oauth/oidc/callback?code=c0de&state=st4te&iss=https%3A%2F%2Fsso.example.com');
    expect(await screen.findByText('data market')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/oauth/oidc?code=c0de&state=st4te&iss=https%3A%2F%2Fsso.example.com');
    expect(useUserStore.getState().user?.username).toBe('oidc-user');
  });

  it('shows the two-factor code step when an OIDC sign-in answers require_2fa', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: { require_2fa: true } }));
    renderCallback('/oauth/oidc/callback?code=c&state=s&iss=https%3A%2F%2Fsso.example.com');
    expect(await screen.findByText('两步验证')).toBeTruthy();
    expect(useUserStore.getState().user).toBeNull();
  });

  it('offers 使用通行密钥验证 in that step when the account holds a passkey', async () => {
    // A browser with WebAuthn (jsdom has none).
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: { require_2fa: true, passkey: true } }));
    renderCallback('/oauth/github/callback?code=c&state=s');
    expect(await screen.findByRole('button', { name: '使用通行密钥验证' })).toBeTruthy();
  });

  it('shows the refusal of an OIDC ID token and goes to /setting', async () => {
    const error = vi.spyOn(Message, 'error');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: 'OIDC 身份令牌校验失败，请重新登录', data: null }));
    renderCallback('/oauth/oidc/callback?code=c&state=s');
    expect(await screen.findByText('setting page')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('OIDC 身份令牌校验失败，请重新登录');
  });

  it('does not pass iss on for GitHub', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser() }));
    renderCallback('/oauth/github/callback?code=c&state=s&iss=x');
    expect(await screen.findByText('data market')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/oauth/github?code=c&state=s');
  });

  it('goes to /data-market without a remembered page', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: makeUser() }));
    renderCallback('/oauth/linuxdo/callback?code=c&state=s');
    expect(await screen.findByText('data market')).toBeTruthy();
  });

  it('goes to /setting after a binding', async () => {
    const success = vi.spyOn(Message, 'success');
    useUserStore.setState({ user: makeUser({ id: 7 }) });
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: 'bind', data: null }));
    renderCallback('/oauth/github/callback?code=c&state=s');
    expect(await screen.findByText('setting page')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('绑定成功！');
    expect(useUserStore.getState().user?.id).toBe(7);
  });

  it('shows the server’s refusal and goes to /setting', async () => {
    const error = vi.spyOn(Message, 'error');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '该 GitHub 账户已被绑定到其他用户', data: null }));
    renderCallback('/oauth/github/callback?code=c&state=s');
    expect(await screen.findByText('setting page')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('该 GitHub 账户已被绑定到其他用户');
    expect(useUserStore.getState().user).toBeNull();
  });
});
