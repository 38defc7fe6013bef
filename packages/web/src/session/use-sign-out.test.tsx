import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { RouteGate } from '@/routes/route-gate';
import { useSignOut } from '@/session/use-sign-out';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

const fetchMock = vi.fn<typeof fetch>();

function SignOutButton() {
  const signOut = useSignOut();
  return <button onClick={() => void signOut()}>退出登录</button>;
}

/** A signed-in page behind the route gate, as /about is in the console. */
function renderSignedInPage() {
  return render(
    <MemoryRouter initialEntries={['/about']}>
      <Routes>
        <Route
          path="/entry"
          element={
            <RouteGate>
              <p>entry page</p>
              <Link to="/about">关于</Link>
            </RouteGate>
          }
        />
        <Route path="/login" element={<p>login page</p>} />
        <Route
          path="*"
          element={
            <RouteGate>
              <SignOutButton />
            </RouteGate>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe(useSignOut.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: makeUser({ role: 100 }), signingOut: false });
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lands on /entry, not on login with "please sign in" for the page it left', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: '', data: null }));
    const warning = vi.spyOn(Message, 'warning');
    renderSignedInPage();
    await userEvent.click(screen.getByText('退出登录'));
    expect(await screen.findByText('entry page')).toBeTruthy();
    expect(screen.queryByText('login page')).toBeNull();
    expect(warning).not.toHaveBeenCalled();
    expect(localStorage.getItem('redirectPath')).toBeNull();
    expect(useUserStore.getState().user).toBeNull();
  });

  it('sends a guest who opens a signed-in page after logout to login as usual', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: '', data: null }));
    renderSignedInPage();
    await userEvent.click(screen.getByText('退出登录'));
    await screen.findByText('entry page');
    await userEvent.click(screen.getByText('关于'));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(localStorage.getItem('redirectPath')).toBe('/about');
  });

  it('also forgets the user when the server session had already ended (401)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: false, message: '未登录' }, 401));
    renderSignedInPage();
    await userEvent.click(screen.getByText('退出登录'));
    expect(await screen.findByText('entry page')).toBeTruthy();
    expect(useUserStore.getState().user).toBeNull();
  });
});
