import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { RouteGate } from '@/routes/route-gate';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<p>login page</p>} />
        <Route
          path="*"
          element={
            <RouteGate>
              <p>the page</p>
            </RouteGate>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe(RouteGate.name, () => {
  beforeEach(() => useUserStore.setState({ user: null }));
  afterEach(() => vi.restoreAllMocks());

  it('sends a guest to login, remembering the page and telling why', async () => {
    const warning = vi.spyOn(Message, 'warning');
    renderAt('/token?p=2');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
    expect(localStorage.getItem('redirectPath')).toBe('/token?p=2');
    expect(warning).toHaveBeenCalledWith('请先登录以访问该页面');
  });

  it('shows 无权访问 instead of an admin page to a common user', () => {
    useUserStore.setState({ user: makeUser({ role: 1 }) });
    renderAt('/channel/edit/3');
    expect(screen.getByText('无权访问')).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
  });

  it('shows the admin page to an admin', () => {
    useUserStore.setState({ user: makeUser({ role: 10 }) });
    renderAt('/channel/edit/3');
    expect(screen.getByText('the page')).toBeTruthy();
  });

  it('shows 页面不存在 for an unknown path', () => {
    renderAt('/no-such-page');
    expect(screen.getByText('页面不存在')).toBeTruthy();
  });
});
