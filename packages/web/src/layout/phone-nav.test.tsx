import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ShellLayout } from '@/layout/shell-layout';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderShellAt(width: number) {
  window.innerWidth = width;
  return render(
    <MemoryRouter initialEntries={['/data-market']}>
      <Routes>
        <Route element={<ShellLayout />}>
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

const menuDrawer = () => document.querySelector('.shell-menu-drawer') as HTMLElement | null;

describe('the shell on a phone and on a desktop', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ success: true, message: '', data: '' })));
    useUserStore.setState({ user: makeUser({ username: 'zoe', role: 1 }) });
    useStatusStore.setState({ status: { system_name: '测试网关' } });
  });

  afterEach(() => {
    window.innerWidth = 1024;
    vi.unstubAllGlobals();
  });

  it('on a phone: no sidebar, a menu button opening the labelled menu in a drawer that closes on navigation', async () => {
    renderShellAt(390);
    expect(document.querySelector('.shell-sider')).toBeNull();
    expect(screen.queryByText('令牌')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = await waitFor(() => menuDrawer()!);
    const menu = within(drawer).getByRole('navigation', { name: '菜单' });
    for (const label of ['数据市场', '多模型对话', '令牌', '日志', '设置']) expect(within(menu).getByText(label)).toBeTruthy();
    // The theme switch moves from the header into the menu.
    expect(within(drawer).getByRole('button', { name: /切换到/ })).toBeTruthy();

    fireEvent.click(within(menu).getByText('令牌'));
    expect(screen.getByTestId('where').textContent).toBe('/token');
    await waitFor(() => expect(menuDrawer()).toBeNull());
  });

  it('on a desktop: the sidebar with its labels, and no menu button', () => {
    renderShellAt(1280);
    const sider = document.querySelector('.shell-sider') as HTMLElement;
    expect(within(sider).getByText('令牌')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '打开菜单' })).toBeNull();
  });
});
