import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLogsBefore, defaultLogCutoff } from './clear-logs';

const reply = (body: object, status = 200) => new Response(JSON.stringify(body), { status });

describe('defaultLogCutoff', () => {
  it('is one month back', () => {
    expect(defaultLogCutoff(new Date(2024, 2, 15, 10, 30))).toEqual(new Date(2024, 1, 15, 10, 30));
  });
});

describe('clearLogsBefore', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('needs a time', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(clearLogsBefore(undefined)).resolves.toEqual({ ok: false, message: '请选择日志记录时间' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('deletes the logs before the time in unix seconds and reports the count', async () => {
    const fetchMock = vi.fn(async () => reply({ success: true, message: '', data: 42 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(clearLogsBefore(1_700_000_000_999)).resolves.toEqual({ ok: true, message: '42 条日志已清理！' });
    expect(fetchMock).toHaveBeenCalledWith('/api/log/?target_timestamp=1700000000', expect.objectContaining({ method: 'DELETE' }));
  });

  it('reports the server message on failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => reply({ success: false, message: '数据库错误', data: null })));
    await expect(clearLogsBefore(1_700_000_000_000)).resolves.toEqual({ ok: false, message: '日志清理失败：数据库错误' });
  });
});
