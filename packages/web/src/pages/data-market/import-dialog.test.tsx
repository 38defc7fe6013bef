import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Modal } from '@arco-design/web-react';
import type { ApiReply } from '@/api/http';
import type { ImportView } from '@gw/shared';
import { uploadFile, type UploadOptions } from '@/api/upload';
import { fakeApi, fail, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { ImportDialog } from './import-dialog';
import { makeDataset } from './test-market';

// XMLHttpRequest uploads are api/upload.ts's own concern (upload.test.ts): here the dialog's use of them.
vi.mock('@/api/upload', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

const DATASET = makeDataset({ id: 7, name: '医疗问答' });

function makeImport(fields: Partial<ImportView> = {}): ImportView {
  return {
    id: 31,
    dataset_id: 7,
    file_name: 'rows.jsonl',
    format: 'jsonl',
    mode: 'skip',
    status: 'queued',
    cancel_requested: false,
    bytes_total: 2000,
    bytes_read: 0,
    rows_done: 0,
    rows_failed: 0,
    errors: [],
    message: '',
    created_at: 1_735_689_600,
    started_at: 0,
    finished_at: 0,
    ...fields,
  };
}

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);

beforeEach(() => {
  messages = captureMessages();
  upload.mockReset();
});

afterEach(() => {
  Modal.destroyAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  messages.remove();
});

function renderDialog(routes: Record<string, Route> = {}) {
  const calls = fakeApi({ 'GET /api/data_library/7/imports': ok([]), ...routes });
  const onImported = vi.fn();
  const onClose = vi.fn();
  render(<ImportDialog dataset={DATASET} onClose={onClose} onImported={onImported} />);
  return { calls, onImported, onClose };
}

/** An upload that answers when the test says so, and reports progress meanwhile. */
function pendingUpload() {
  let answer: (reply: ApiReply<ImportView>) => void = () => undefined;
  let options: UploadOptions = {};
  upload.mockImplementation((_path, _file, given = {}) => {
    options = given;
    return new Promise((resolve) => {
      answer = resolve;
    });
  });
  return { answer: (reply: ApiReply<ImportView>) => answer(reply), progress: (percent: number) => act(() => options.onProgress?.(percent)) };
}

const jsonl = (name = 'rows.jsonl') => new File(['{"question":"q"}\n'], name, { type: 'application/json' });
const formatShown = () => document.querySelector('.arco-select-view-value')?.textContent;
const polls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/data_library/imports/31');
const settle = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe(ImportDialog.name, () => {
  it('takes the format from the extension, rolls back by default, uploads with a progress bar, then follows the import every second', async () => {
    let view = makeImport({ mode: 'skip' });
    const { calls, onImported } = renderDialog({
      'GET /api/data_library/imports/31': () => ok(view),
      'POST /api/data_library/imports/31/cancel': () => {
        view = { ...view, cancel_requested: true };
        return ok(view);
      },
    });
    const u = user();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('选择导入文件').getAttribute('accept')).toBe('.json,.jsonl,.ndjson,.csv,.parquet');
    expect((within(dialog).getByRole('radio', { name: '出错时整体回滚' }) as HTMLInputElement).checked).toBe(true);

    await u.upload(within(dialog).getByLabelText('选择导入文件'), jsonl());
    expect(formatShown()).toBe('JSONL（每行一条）');
    await u.click(within(dialog).getByRole('radio', { name: '跳过错误行' }));

    const sending = pendingUpload();
    await u.click(within(dialog).getByRole('button', { name: /开始导入/ }));
    expect(upload.mock.calls[0][0]).toBe('/api/data_library/7/import?format=jsonl&mode=skip');
    expect((upload.mock.calls[0][1] as File).name).toBe('rows.jsonl');
    await sending.progress(40);
    expect(within(dialog).getByText('40%')).toBeTruthy();
    expect(within(dialog).getByText('文件上传中，关闭对话框会取消上传。')).toBeTruthy();

    // From here the polls run on fake time; Testing Library's find queries wait on setTimeout, so plain gets follow each step.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    sending.answer(ok(view) as ApiReply<ImportView>);
    await settle(0);
    expect(within(dialog).getByText('排队中')).toBeTruthy();
    expect(within(dialog).getByText(/关闭对话框不会停止导入/)).toBeTruthy();

    view = makeImport({ mode: 'skip', status: 'running', bytes_read: 1000, rows_done: 1234, rows_failed: 2 });
    await settle(999);
    expect(polls(calls)).toHaveLength(0);
    await settle(1);
    expect(polls(calls)).toHaveLength(1);
    expect(within(dialog).getByText('导入中')).toBeTruthy();
    expect(within(dialog).getByText('50%')).toBeTruthy();
    expect(within(dialog).getByText('1,234')).toBeTruthy();
    expect(within(dialog).getByText('2')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: /取消导入/ }));
    await settle(0);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/data_library/imports/31/cancel']);
    expect(within(dialog).getByText('正在取消')).toBeTruthy();

    view = makeImport({
      mode: 'skip',
      status: 'done',
      bytes_read: 2000,
      rows_done: 5000,
      rows_failed: 150,
      errors: [
        { row: 3, message: '第 3 行不是合法的 JSON' },
        { row: 9, message: '记录超过 1MB' },
      ],
    });
    await settle(1000);
    expect(within(dialog).getByText('已完成')).toBeTruthy();
    expect(within(dialog).getByText('100%')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
    const table = within(dialog.querySelector('.data-market-import-errors') as HTMLElement).getByRole('table');
    expect(within(table).getByText('行号')).toBeTruthy();
    expect(within(table).getByText('第 3 行不是合法的 JSON')).toBeTruthy();
    expect(within(table).getByText('9')).toBeTruthy();
    expect(within(dialog).getByText('共 150 行出错，仅列出前 2 行。')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /取消导入/ })).toBeNull();

    // Done: no more polls, and the list is not reloaded again.
    await settle(5000);
    expect(polls(calls)).toHaveLength(2);
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('shows why a failed import failed, without a note when every bad row is listed, and does not reload', async () => {
    const { onImported } = renderDialog();
    const u = user();
    const dialog = await screen.findByRole('dialog');
    await u.upload(within(dialog).getByLabelText('选择导入文件'), jsonl('rows.csv'));
    expect(formatShown()).toBe('CSV');
    upload.mockResolvedValue(
      ok(makeImport({ status: 'failed', mode: 'rollback', rows_failed: 1, errors: [{ row: 4, message: '列数不一致：应为 3 列，实际 2 列' }], message: '第 4 行有错误，导入已整体回滚' })) as ApiReply<ImportView>,
    );
    await u.click(within(dialog).getByRole('button', { name: /开始导入/ }));
    expect(upload.mock.calls[0][0]).toBe('/api/data_library/7/import?format=csv&mode=rollback');
    expect(await within(dialog).findByText('失败')).toBeTruthy();
    expect(within(dialog).getByText('第 4 行有错误，导入已整体回滚')).toBeTruthy();
    expect(within(dialog).getByText('列数不一致：应为 3 列，实际 2 列')).toBeTruthy();
    expect(within(dialog).queryByText(/仅列出前/)).toBeNull();
    expect(onImported).not.toHaveBeenCalled();

    await u.click(within(dialog).getByRole('button', { name: /继续导入其他文件/ }));
    expect(within(dialog).getByLabelText('选择导入文件')).toBeTruthy();
  });

  it('asks for a format when the extension says none, and takes the one chosen', async () => {
    renderDialog();
    // The browser's file chooser can be switched to all files: accept is a hint, not a limit.
    const u = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never, applyAccept: false });
    const dialog = await screen.findByRole('dialog');
    await u.upload(within(dialog).getByLabelText('选择导入文件'), jsonl('rows.txt'));
    await u.click(within(dialog).getByRole('button', { name: /开始导入/ }));
    expect(await message('请选择文件格式')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();

    await u.click(within(dialog).getByRole('combobox'));
    await u.click(await screen.findByRole('option', { name: 'JSON（数组）' }));
    upload.mockResolvedValue(ok(makeImport({ format: 'json' })) as ApiReply<ImportView>);
    await u.click(within(dialog).getByRole('button', { name: /开始导入/ }));
    expect(upload.mock.calls[0][0]).toBe('/api/data_library/7/import?format=json&mode=rollback');
  });

  it('asks for a file before uploading', async () => {
    renderDialog();
    const u = user();
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: /开始导入/ }));
    expect(await message('请选择要导入的文件')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the upload and stays on the form", async () => {
    renderDialog();
    const u = user();
    const dialog = await screen.findByRole('dialog');
    await u.upload(within(dialog).getByLabelText('选择导入文件'), jsonl());
    upload.mockResolvedValue(fail('文件过大') as ApiReply<ImportView>);
    await u.click(within(dialog).getByRole('button', { name: /开始导入/ }));
    expect(await message('文件过大')).toBeTruthy();
    expect(within(dialog).getByLabelText('选择导入文件')).toBeTruthy();
  });

  it('picks up the running import of the dataset when opened again', async () => {
    renderDialog({
      'GET /api/data_library/7/imports': ok([makeImport({ status: 'running', bytes_read: 500, rows_done: 10 }), makeImport({ id: 30, status: 'done' })]),
      'GET /api/data_library/imports/31': ok(makeImport({ status: 'running', bytes_read: 500, rows_done: 10 })),
    });
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('导入中')).toBeTruthy();
    expect(within(dialog).getByText('25%')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /取消导入/ })).toBeTruthy();
  });

  it('starts on the form when the newest import is over', async () => {
    renderDialog({ 'GET /api/data_library/7/imports': ok([makeImport({ status: 'done' })]) });
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('选择导入文件')).toBeTruthy());
    expect(within(dialog).queryByText('已完成')).toBeNull();
  });
});
