import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';
import { uploadFile } from './upload';

/**
 * A stand-in XMLHttpRequest: records what the upload sends and lets the test answer it, report
 * progress, fail the network or see the abort.
 */
class StubXhr {
  static sent: StubXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    StubXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

/** The requests sent so far, once the upload code has had its turn (the retry starts after an await). */
async function sentRequests(count: number): Promise<StubXhr[]> {
  await vi.waitFor(() => expect(StubXhr.sent).toHaveLength(count));
  return StubXhr.sent;
}

const file = () => new File(['{"a":1}\n'], 'rows.jsonl', { type: 'application/json' });

beforeEach(() => {
  StubXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', StubXhr);
  useUserStore.setState({ user: makeUser({ id: 42 }) });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.setState({ user: null });
});

describe(uploadFile.name, () => {
  it('posts the file as multipart field `file` with the console headers and no Content-Type, reporting progress', async () => {
    const progress: number[] = [];
    const pending = uploadFile<{ oss_url: string }>('/api/data_library/upload_cover_page', file(), { onProgress: (p) => progress.push(p) });
    const [xhr] = await sentRequests(1);

    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/data_library/upload_cover_page');
    expect(xhr.headers['new-api-user']).toBe('42');
    expect(xhr.headers['cache-control']).toBe('no-store');
    expect(xhr.headers['content-type']).toBeUndefined();
    const sentFile = xhr.body?.get('file') as File;
    expect(sentFile.name).toBe('rows.jsonl');
    expect(await sentFile.text()).toBe('{"a":1}\n');

    xhr.progress(25, 100);
    xhr.progress(1, 3);
    xhr.answer(200, { success: true, message: '', data: { oss_url: '/uploads/covers/a.png' } });
    expect(await pending).toEqual({ success: true, message: '', data: { oss_url: '/uploads/covers/a.png' } });
    expect(progress).toEqual([25, 33]);
  });

  it('uses another field name when asked', async () => {
    void uploadFile('/relay/v1/talking/upload_files', file(), { field: 'files' });
    const [xhr] = await sentRequests(1);
    expect(xhr.body?.get('files')).toBeInstanceOf(File);
    expect(xhr.body?.get('file')).toBeNull();
  });

  it("answers a refusal with success false and the server's message", async () => {
    const pending = uploadFile('/api/x', file());
    (await sentRequests(1))[0].answer(413, { success: false, message: '文件过大' });
    expect(await pending).toMatchObject({ success: false, message: '文件过大' });
  });

  it('answers a non-JSON error page with its text, or the status text when empty', async () => {
    const first = uploadFile('/api/x', file());
    (await sentRequests(1))[0].answer(502, 'Bad Gateway from proxy');
    expect(await first).toMatchObject({ success: false, message: 'Bad Gateway from proxy' });

    const second = uploadFile('/api/x', file());
    (await sentRequests(2))[1].answer(500, '', 'Internal Server Error');
    expect(await second).toMatchObject({ success: false, message: 'Internal Server Error' });
  });

  it('passes a success false reply of a 200 through unchanged', async () => {
    const pending = uploadFile('/api/x', file());
    (await sentRequests(1))[0].answer(200, { success: false, message: '请上传 JPG、PNG、GIF 或 WEBP 图片', data: null });
    expect(await pending).toEqual({ success: false, message: '请上传 JPG、PNG、GIF 或 WEBP 图片', data: null });
  });

  it('on 401 refetches the token once and sends the file again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: true, message: '', data: 'new-token' })),
    );
    const pending = uploadFile('/api/x', file());
    (await sentRequests(1))[0].answer(401, { success: false, message: '未登录' });
    (await sentRequests(2))[1].answer(200, { success: true, message: '', data: 1 });
    expect(await pending).toMatchObject({ success: true, data: 1 });
    expect(useUserStore.getState().user?.token).toBe('new-token');
  });

  it('on 401 with a failed refetch signs the user out and answers the refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: false, message: '未登录' }, 401)),
    );
    const pending = uploadFile('/api/x', file());
    (await sentRequests(1))[0].answer(401, { success: false, message: '未登录' });
    expect(await pending).toMatchObject({ success: false, message: '未登录' });
    expect(StubXhr.sent).toHaveLength(1);
    expect(useUserStore.getState().user).toBeNull();
  });

  it('rejects on a network failure', async () => {
    const pending = uploadFile('/api/x', file());
    (await sentRequests(1))[0].onerror?.();
    await expect(pending).rejects.toThrow('网络错误，上传失败');
  });

  it('aborts the request when the signal fires, and does not start with an aborted signal', async () => {
    const controller = new AbortController();
    const pending = uploadFile('/api/x', file(), { signal: controller.signal });
    const [xhr] = await sentRequests(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);

    await expect(uploadFile('/api/x', file(), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(StubXhr.sent).toHaveLength(1);
  });
});
