import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Message } from '@arco-design/web-react';
import { call, callOk, callQuietly, callReply, describeError, http, HttpError, showError } from '@/api/http';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

const fetchMock = vi.fn<typeof fetch>();

function sentHeaders(callIndex: number): Headers {
  return fetchMock.mock.calls[callIndex][1]!.headers as Headers;
}

function sentUrl(callIndex: number): string {
  return String(fetchMock.mock.calls[callIndex][0]);
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useUserStore.setState({ user: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('request client headers', () => {
  it('sends New-Api-User and Cache-Control on every call, without Authorization on /api/', async () => {
    useUserStore.getState().setUser(makeUser({ id: 42, token: 'secret' }));
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: '', data: 1 }));

    await http.get('/api/status');

    const headers = sentHeaders(0);
    expect(headers.get('New-Api-User')).toBe('42');
    expect(headers.get('Cache-Control')).toBe('no-store');
    expect(headers.get('Authorization')).toBeNull();
  });

  it.each(['/v1/chat/completions', '/relay/mj/submit'])('adds Authorization from the access token on %s', async (path) => {
    useUserStore.getState().setUser(makeUser({ token: 'secret' }));
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: '', data: null }));

    await http.post(path, { a: 1 });

    expect(sentHeaders(0).get('Authorization')).toBe('Bearer secret');
    expect(sentHeaders(0).get('Content-Type')).toBe('application/json');
  });

  it('sends no user header for a guest', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: '', data: null }));
    await http.get('/api/notice');
    expect(sentHeaders(0).has('New-Api-User')).toBe(false);
    expect(sentHeaders(0).get('Cache-Control')).toBe('no-store');
  });

  it('puts params in the query string, skipping empty ones', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: '', data: null }));
    await http.get('/api/verification', { email: 'a@b.c', turnstile: '', aff: undefined });
    expect(sentUrl(0)).toBe('/api/verification?email=a%40b.c&turnstile=');
  });
});

describe('request client on 401', () => {
  it('refetches the token once, then retries the call', async () => {
    useUserStore.getState().setUser(makeUser({ token: 'old' }));
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'expired' }, 401))
      .mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: 'fresh' }))
      .mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: { id: 7 } }));

    const reply = await http.get<{ id: number }>('/api/user/self');

    expect(reply.data).toEqual({ id: 7 });
    expect(fetchMock.mock.calls.map((_, i) => sentUrl(i))).toEqual(['/api/user/self', '/api/user/token', '/api/user/self']);
    expect(useUserStore.getState().user?.token).toBe('fresh');
    expect(JSON.parse(localStorage.getItem('user')!).token).toBe('fresh');
  });

  it('does not refetch a second time when the retry fails too', async () => {
    useUserStore.getState().setUser(makeUser());
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'no' }, 401))
      .mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: 'fresh' }))
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'still no' }, 401));

    await expect(http.get('/api/user/self')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('clears the stored user when the refetch fails', async () => {
    useUserStore.getState().setUser(makeUser());
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'expired' }, 401))
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'expired' }, 401));

    const failure = await http.get('/api/user/self').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useUserStore.getState().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('refetches once for several calls that fail together', async () => {
    useUserStore.getState().setUser(makeUser());
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/user/token') return jsonResponse({ success: true, message: '', data: 'fresh' });
      const retried = fetchMock.mock.calls.filter(([u]) => String(u) === url).length > 1;
      return retried ? jsonResponse({ success: true, message: '', data: url }) : jsonResponse({ success: false, message: '' }, 401);
    });

    await Promise.all([http.get('/api/a'), http.get('/api/b')]);

    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/user/token')).toHaveLength(1);
  });

  it('does not refetch for a guest', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: 'login first' }, 401));
    await expect(http.get('/api/user/self')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe(describeError.name, () => {
  it.each([
    [401, '错误：未登录或登录已过期，请重新登录！'],
    [429, '错误：请求次数过多，请稍后再试！'],
    [500, '错误：服务器内部错误，请联系管理员！'],
    [405, '本站仅作演示之用，无服务端！'],
    [404, '错误：Not Found'],
  ])('describes HTTP %i as %s', (status, text) => {
    expect(describeError(new HttpError(status, 'Not Found'))).toBe(text);
  });

  it('prefixes non-HTTP errors with 错误：', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe('错误：Failed to fetch');
  });
});

describe(call.name, () => {
  it('returns data on success without a message', async () => {
    const error = vi.spyOn(Message, 'error');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: ['m1'] }));
    expect(await call(http.get<string[]>('/api/user/models'))).toEqual(['m1']);
    expect(error).not.toHaveBeenCalled();
  });

  it('shows the message of a reply with success false', async () => {
    const error = vi.spyOn(Message, 'error');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '用户名或密码错误' }));
    expect(await call(http.post('/api/user/login', {}))).toBeUndefined();
    expect(error).toHaveBeenCalledWith('用户名或密码错误');
  });

  it('shows the generic message of an HTTP failure', async () => {
    const error = vi.spyOn(Message, 'error');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: 'slow down' }, 429));
    expect(await call(http.get('/api/status'))).toBeUndefined();
    expect(error).toHaveBeenCalledWith('错误：请求次数过多，请稍后再试！');
  });

  it('shows a network failure with the 错误： prefix', async () => {
    const error = vi.spyOn(Message, 'error');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await callOk(http.get('/api/status'))).toBe(false);
    expect(error).toHaveBeenCalledWith('错误：Failed to fetch');
  });
});

describe(callReply.name, () => {
  it('returns the whole reply of a success, top-level fields beside data included', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: true, message: '', time: 1.5 }));
    const reply = await callReply(http.get<null, { time: number }>('/api/channel/test/1'));
    expect(reply?.time).toBe(1.5);
  });

  it('shows the message of a failure and returns undefined', async () => {
    const error = vi.spyOn(Message, 'error');
    fetchMock.mockResolvedValueOnce(jsonResponse({ success: false, message: '余额查询失败', balance: 3 }));
    expect(await callReply(http.get<null, { balance: number }>('/api/channel/update_balance/1/'))).toBeUndefined();
    expect(error).toHaveBeenCalledWith('余额查询失败');
  });
});

describe(callQuietly.name, () => {
  it('returns the data of a success and nothing, without a message, on any failure', async () => {
    const error = vi.spyOn(Message, 'error');
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ success: true, message: '', data: { a: 1 } }))
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'no' }))
      .mockResolvedValueOnce(jsonResponse({ success: false, message: 'boom' }, 500))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));

    expect(await callQuietly(http.get('/api/a'))).toEqual({ a: 1 });
    expect(await callQuietly(http.get('/api/a'))).toBeUndefined();
    expect(await callQuietly(http.get('/api/a'))).toBeUndefined();
    expect(await callQuietly(http.get('/api/a'))).toBeUndefined();
    expect(error).not.toHaveBeenCalled();
  });
});

describe(showError.name, () => {
  it('on 401 forgets the user and goes to the root with expired=true', () => {
    const error = vi.spyOn(Message, 'error');
    useUserStore.getState().setUser(makeUser());
    showError(new HttpError(401, 'expired'));
    expect(error).toHaveBeenCalledWith('错误：未登录或登录已过期，请重新登录！');
    expect(useUserStore.getState().user).toBeNull();
    expect(window.location.pathname + window.location.search).toBe('/?expired=true');
  });

  it('on 401 after logout (nobody signed in) says nothing and stays', () => {
    const error = vi.spyOn(Message, 'error');
    window.history.replaceState(null, '', '/entry');
    useUserStore.getState().clearUser();
    showError(new HttpError(401, 'expired'));
    expect(error).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/entry');
  });
});
