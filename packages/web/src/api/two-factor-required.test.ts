import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG_ADMIN_2FA_REQUIRED } from '@gw/shared';
import { http, HttpError } from '@/api/http';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

const fetchMock = vi.fn<typeof fetch>();

describe('TwoFactorRequiredForAdmins refusals', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    useUserStore.setState({ user: makeUser({ id: 3, role: 10, token: 'kept-token' }) });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fails without fetching a new access token (it would not help and would replace the user’s)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: MSG_ADMIN_2FA_REQUIRED }, 403));
    const error = await http.get('/api/channel/').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(MSG_ADMIN_2FA_REQUIRED);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useUserStore.getState().user?.token).toBe('kept-token');
  });

  it('still refetches the token on any other 403', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ success: false, message: '无权进行此操作，权限不足' }, 403))
      .mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: 'new-token' }))
      .mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: [] }));
    await http.get('/api/channel/');
    expect(String(fetchMock.mock.calls[1][0])).toBe('/api/user/token');
  });
});
