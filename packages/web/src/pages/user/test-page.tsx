import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import type { AdminUser } from '@/api/users-admin';
import { fakeApi, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import UserPage from './index';

/** Test support for the user page: user factories and the page on a route against a fake API. */
export function makeAdminUser(fields: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 2,
    username: 'alice',
    display_name: 'Alice',
    group: 'default',
    quota: 1_000_000,
    used_quota: 250_000,
    request_count: 12,
    aff_count: 0,
    aff_history_quota: 0,
    inviter_id: 0,
    role: 1,
    status: 1,
    DeletedAt: null,
    remark: '',
    ...fields,
  };
}

export const userPage = (items: AdminUser[], total = items.length, page = 0) => ok({ items, total, page, page_size: 10 });

/** The path the page navigated to, for the monitor link and the edit routes. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** Renders the user page at url for a signed-in viewer (root, id 1, by default). */
export function renderUserPage(routes: Record<string, Route>, { url = '/user', viewer = { id: 1, role: 100 } } = {}): ApiCall[] {
  useUserStore.setState({ user: makeUser({ id: viewer.id, role: viewer.role, username: viewer.id === 1 ? 'root' : 'admin' }) });
  const calls = fakeApi({ 'GET /api/group/': ok(['default', 'vip']), ...routes });
  const page = (
    <>
      <UserPage />
      <Where />
    </>
  );
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <RouterRoute path="/user" element={page} />
        <RouterRoute path="/user/edit/:id" element={page} />
        <RouterRoute path="/user/edit" element={page} />
        <RouterRoute path="/monitor" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

export const where = () => screen.getByTestId('where').textContent;
