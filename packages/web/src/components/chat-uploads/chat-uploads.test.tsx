import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MSG_CHAT_FILE_ID_MISSING, MSG_CHAT_NO_IMAGE_SUPPORT, MSG_CHAT_OSS_UPLOAD_FAILED, type ChatUploadView } from '@gw/shared';
import type { ApiReply } from '@/api/http';
import { uploadFile, type UploadOptions } from '@/api/upload';
import { CHAT_UPLOAD_PATH } from '@/api/chat-models';
import { captureMessages, user } from '@/pages/channel/test-page';
import { FilePreviewModal } from './file-preview-modal';
import { ChatUploadList, useChatUploads } from './index';

// XMLHttpRequest uploads are api/upload.ts's own concern (upload.test.ts): here the hook's use of them.
vi.mock('@/api/upload', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

type UploadReply = ApiReply<{ results: Partial<ChatUploadView>[] }>;

/** Uploads that answer when the test says so, one per file, with their progress callbacks. */
function pendingUploads() {
  const pending: { file: File; options: UploadOptions; answer: (reply: UploadReply) => void }[] = [];
  upload.mockImplementation(
    (_path, file, options = {}) =>
      new Promise((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new DOMException('上传已取消', 'AbortError')));
        pending.push({ file: file as File, options, answer: (reply) => resolve(reply as ApiReply<never>) });
      }),
  );
  return pending;
}

const stored = (id: number, name: string): UploadReply => ({
  success: true,
  message: '',
  data: { results: [{ id, name, type: 'image/png', size: 4, oss_url: `https://oss.example/${name}` }] },
});
const png = (name: string, bytes = 'abcd') => new File([bytes], name, { type: 'image/png' });

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);

beforeEach(() => {
  messages = captureMessages();
  upload.mockReset();
});

afterEach(() => {
  messages.remove();
});

/** The hook as a page uses it: an add button for the given files, the thumbnails, and what was stored. */
function Harness({ canUploadImages, files }: { canUploadImages: boolean; files: File[] }) {
  const uploads = useChatUploads({ canUploadImages });
  return (
    <>
      <button type="button" onClick={() => uploads.addFiles(files)}>
        添加
      </button>
      <ChatUploadList files={uploads.files} onRemove={uploads.remove} />
      <output aria-label="已上传">{uploads.uploaded.map((item) => item.id).join(',')}</output>
      <output aria-label="上传中">{String(uploads.uploading)}</output>
    </>
  );
}

function renderHarness(files: File[], canUploadImages = true) {
  render(<Harness canUploadImages={canUploadImages} files={files} />);
  return user();
}

const thumbnails = () => screen.queryAllByRole('listitem');
const storedIds = () => screen.getByLabelText('已上传').textContent;

describe(useChatUploads.name, () => {
  it('uploads each image on its own with its own progress, then keeps what the server stored', async () => {
    const pending = pendingUploads();
    const u = renderHarness([png('a.png'), png('b.png', 'abcdef')]);
    await u.click(screen.getByRole('button', { name: '添加' }));
    expect(pending.map((item) => item.file.name)).toEqual(['a.png', 'b.png']);
    expect(upload.mock.calls.map(([path, , options]) => [path, options?.field])).toEqual([
      [CHAT_UPLOAD_PATH, 'files'],
      [CHAT_UPLOAD_PATH, 'files'],
    ]);
    expect(thumbnails()).toHaveLength(2);
    expect(screen.getByLabelText('上传中').textContent).toBe('true');

    act(() => pending[0].options.onProgress?.(40));
    expect(within(thumbnails()[0]).getByText('40%')).toBeTruthy();
    expect(within(thumbnails()[1]).getByText('0%')).toBeTruthy();

    await act(async () => pending[1].answer(stored(12, 'b.png')));
    expect(storedIds()).toBe('12');
    expect(screen.getByLabelText('上传中').textContent).toBe('true');
    await act(async () => pending[0].answer(stored(11, 'a.png')));
    // In the order they were added, whatever order they finished in.
    expect(storedIds()).toBe('11,12');
    expect(screen.getByLabelText('上传中').textContent).toBe('false');
    expect(within(thumbnails()[0]).getByRole('img').getAttribute('src')).toBe('https://oss.example/a.png');
  });

  it('names the file that failed and marks it', async () => {
    const pending = pendingUploads();
    const u = renderHarness([png('a.png')]);
    await u.click(screen.getByRole('button', { name: '添加' }));
    await act(async () => pending[0].answer({ success: false, message: '存储不可用', data: { results: [] } }));
    await message('a.png 上传失败：存储不可用');
    expect(within(thumbnails()[0]).getByText('上传失败')).toBeTruthy();
    expect(storedIds()).toBe('');
  });

  it.each([
    ['no stored address', { id: 3, oss_url: '' }, MSG_CHAT_OSS_UPLOAD_FAILED],
    ['no file id', { id: 0, oss_url: 'https://oss.example/a.png' }, MSG_CHAT_FILE_ID_MISSING],
  ])('counts a reply with %s as a failure', async (_case, result, shown) => {
    const pending = pendingUploads();
    const u = renderHarness([png('a.png')]);
    await u.click(screen.getByRole('button', { name: '添加' }));
    await act(async () => pending[0].answer({ success: true, message: '', data: { results: [result] } }));
    await message(`a.png 上传失败：${shown}`);
    expect(storedIds()).toBe('');
  });

  it('skips duplicates (same name and size) and refuses files that are not images', async () => {
    pendingUploads();
    const u = renderHarness([png('a.png'), png('a.png'), png('a.png', 'longer'), new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    await u.click(screen.getByRole('button', { name: '添加' }));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(thumbnails()).toHaveLength(2);
    await message('notes.txt 不是支持的图片格式（JPG、PNG、GIF、WEBP）');
    // Adding the same files again adds nothing.
    await u.click(screen.getByRole('button', { name: '添加' }));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(thumbnails()).toHaveLength(2);
  });

  it('adds nothing while a chosen model cannot read images', async () => {
    const u = renderHarness([png('a.png')], false);
    await u.click(screen.getByRole('button', { name: '添加' }));
    await message(MSG_CHAT_NO_IMAGE_SUPPORT);
    expect(upload).not.toHaveBeenCalled();
    expect(thumbnails()).toHaveLength(0);
  });

  it('cancels the upload of a removed file without reporting a failure', async () => {
    const pending = pendingUploads();
    const u = renderHarness([png('a.png')]);
    await u.click(screen.getByRole('button', { name: '添加' }));
    await u.click(screen.getByRole('button', { name: '移除 a.png' }));
    expect(pending[0].options.signal?.aborted).toBe(true);
    await waitFor(() => expect(thumbnails()).toHaveLength(0));
    expect(within(messages).queryByText(/上传失败/)).toBeNull();
  });

  it('previews an attached image: its name, size in KB and type, the stored image, nothing to download', async () => {
    const pending = pendingUploads();
    const u = renderHarness([png('photo.png', 'x'.repeat(2048))]);
    await u.click(screen.getByRole('button', { name: '添加' }));
    await act(async () => pending[0].answer(stored(11, 'photo.png')));
    await u.click(screen.getByRole('button', { name: '预览 photo.png' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('文件预览')).toBeTruthy();
    expect(within(dialog).getByText('photo.png')).toBeTruthy();
    expect(within(dialog).getByText('2.0 KB')).toBeTruthy();
    expect(within(dialog).getByText('image/png')).toBeTruthy();
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('https://oss.example/photo.png');
    expect(within(dialog).queryByText('下载')).toBeNull();
  });
});

describe('FilePreviewModal', () => {
  it('offers a file that is not an image for download, with its size in KB', () => {
    render(<FilePreviewModal file={{ name: 'notes.pdf', size: 1536, type: 'application/pdf', url: 'https://oss.example/notes.pdf' }} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('1.5 KB')).toBeTruthy();
    expect(within(dialog).queryByRole('img')).toBeNull();
    const download = within(dialog).getByText('下载').closest('a');
    expect(download?.getAttribute('href')).toBe('https://oss.example/notes.pdf');
    expect(download?.getAttribute('download')).toBe('notes.pdf');
  });
});
