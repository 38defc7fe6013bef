import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ShellLayout } from '@/layout/shell-layout';
import { sanitizeHtml } from '@/lib/sanitize';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

const fetchMock = vi.fn<typeof fetch>();

// The real sanitizer, watched: what it removes is tested with a DOM it works in (lib/sanitize.test.ts).
vi.mock('@/lib/sanitize', async (importOriginal) => {
  const { sanitizeHtml } = await importOriginal<typeof import('@/lib/sanitize')>();
  return { sanitizeHtml: vi.fn(sanitizeHtml) };
});

function renderShell() {
  return render(
    <MemoryRouter initialEntries={['/data-market']}>
      <Routes>
        <Route element={<ShellLayout />}>
          <Route path="/data-market" element={<p>page body</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe(ShellLayout.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: '', data: '' }));
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: null });
    useStatusStore.setState({ status: { enable_drawing: true } });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a guest as 游客 and no admin entries', () => {
    renderShell();
    expect(screen.getByText('page body')).toBeTruthy();
    expect(screen.getByText('游客')).toBeTruthy();
    expect(screen.getByText('数据市场')).toBeTruthy();
    expect(screen.getByText('绘图')).toBeTruthy();
    expect(screen.queryByText('渠道')).toBeNull();
  });

  it("shows a signed-in user's initial, and admin entries only to admins", () => {
    useUserStore.setState({ user: makeUser({ username: 'zoe', role: 1 }) });
    const { unmount } = renderShell();
    expect(screen.getByText('z')).toBeTruthy();
    expect(screen.queryByText('渠道')).toBeNull();
    unmount();

    useUserStore.setState({ user: makeUser({ username: 'root', role: 100 }) });
    renderShell();
    expect(screen.getByText('渠道')).toBeTruthy();
    expect(screen.getByText('用户联系列表')).toBeTruthy();
  });

  it('renders the footer HTML from local storage through the sanitizer', async () => {
    localStorage.setItem('footer_html', '<b>备案号</b>');
    renderShell();
    await waitFor(() => expect(screen.getByText('备案号')).toBeTruthy());
    expect(sanitizeHtml).toHaveBeenCalledWith('<b>备案号</b>');
  });

  it('re-reads the footer while the status arrives', async () => {
    renderShell();
    expect(screen.queryByText('新页脚')).toBeNull();
    localStorage.setItem('footer_html', '新页脚');
    await waitFor(() => expect(screen.getByText('新页脚')).toBeTruthy());
  });

  it('shows a new site notice once', async () => {
    fetchMock.mockImplementation(async (input) =>
      jsonResponse({ success: true, message: '', data: String(input) === '/api/notice' ? '维护通知' : '' }),
    );
    const { unmount } = renderShell();
    expect(await screen.findByText('维护通知')).toBeTruthy();
    screen.getByRole('button', { name: '我知道了' }).click();
    await waitFor(() => expect(localStorage.getItem('notice-seen')).toBe('维护通知'));
    unmount();

    renderShell();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/notice')).toHaveLength(2));
    expect(screen.queryByText('维护通知')).toBeNull();
  });
});
