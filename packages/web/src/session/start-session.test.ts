import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { startSession } from '@/session/start-session';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

const fetchMock = vi.fn<typeof fetch>();

const status = {
  system_name: '测试网关',
  logo: '/logo.png',
  footer_html: '<p>页脚</p>',
  quota_per_unit: 500000,
  display_in_currency: true,
  chat_link: 'https://chat.example',
  mj_notify_enabled: false,
  data_export_default_time: 'day',
  default_collapse_sidebar: true,
  enable_data_export: true,
  enable_monitor_data: false,
  enable_drawing: true,
};

function serve(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const handler = routes[String(input)];
    return handler ? handler() : jsonResponse({ success: false, message: 'unexpected' }, 404);
  });
}

describe(startSession.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: null });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('stores the status under the spec keys and sets title and favicon', async () => {
    serve({ '/api/status': () => jsonResponse({ success: true, message: '', data: status }) });
    startSession();
    await waitFor(() => expect(localStorage.getItem('status')).not.toBeNull());

    expect(JSON.parse(localStorage.getItem('status')!)).toMatchObject({ enable_data_export: true, enable_drawing: true, enable_monitor_data: false });
    expect(localStorage.getItem('quota_per_unit')).toBe('500000');
    expect(localStorage.getItem('display_in_currency')).toBe('true');
    expect(localStorage.getItem('footer_html')).toBe('<p>页脚</p>');
    expect(localStorage.getItem('chat_link')).toBe('https://chat.example');
    expect(localStorage.getItem('mj_notify_enabled')).toBe('false');
    expect(localStorage.getItem('data_export_default_time')).toBe('day');
    expect(localStorage.getItem('default_collapse_sidebar')).toBe('true');
    expect(document.title).toBe('测试网关');
    expect(document.querySelector<HTMLLinkElement>("link[rel~='icon']")?.getAttribute('href')).toBe('/logo.png');
  });

  it('refreshes a saved user from /api/user/self', async () => {
    useUserStore.getState().setUser(makeUser({ username: 'old', token: 'tok' }));
    serve({ '/api/user/self': () => jsonResponse({ success: true, message: '', data: makeUser({ username: 'new', quota: 99 }) }) });
    startSession();
    await waitFor(() => expect(useUserStore.getState().user?.username).toBe('new'));
    expect(useUserStore.getState().user).toMatchObject({ quota: 99, token: 'tok' });
  });

  it('forgets a saved user whose session is gone (401) and resets the routes to public', async () => {
    useUserStore.getState().setUser(makeUser({ role: 10 }));
    serve({
      '/api/user/self': () => jsonResponse({ success: false, message: '' }, 401),
      '/api/user/token': () => jsonResponse({ success: false, message: '' }, 401),
    });
    startSession();
    expect(JSON.parse(localStorage.getItem('enabled_routes')!)).toContain('/channel');
    await waitFor(() => expect(useUserStore.getState().user).toBeNull());
    expect(localStorage.getItem('user')).toBeNull();
    expect(JSON.parse(localStorage.getItem('enabled_routes')!)).not.toContain('/token');
  });
});
