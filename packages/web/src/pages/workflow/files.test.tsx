import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Modal } from '@arco-design/web-react';
import type { ApiReply } from '@/api/http';
import { uploadFile, type UploadOptions } from '@/api/upload';
import { fail, ok, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { FILES, PROJECTS, callsTo, lastQuery, makeFile, makeProject, page, renderWorkflow } from './test-workflow';

// XMLHttpRequest uploads are api/upload.ts's own concern (upload.test.ts): here the page's use of them.
vi.mock('@/api/upload', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);

beforeEach(() => {
  messages = captureMessages();
  upload.mockReset();
});

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
  useUserStore.setState({ user: null });
});

async function openFiles(routes: Record<string, Route>) {
  const calls = renderWorkflow({ [PROJECTS]: ok(page([])), ...routes });
  const u = user();
  await u.click(screen.getByRole('tab', { name: '文件库' }));
  return { calls, u };
}

/** Uploads that answer when the test says so, each reporting its own progress meanwhile. */
function pendingUploads() {
  const pending = new Map<string, { answer: (reply: ApiReply<string>) => void; options: UploadOptions }>();
  upload.mockImplementation((_path, file, options = {}) => new Promise((resolve) => pending.set((file as File).name, { answer: resolve as (reply: ApiReply<string>) => void, options })));
  return {
    progress: (name: string, percent: number) => act(() => pending.get(name)?.options.onProgress?.(percent)),
    answer: (name: string, reply: ApiReply<string>) => act(async () => pending.get(name)?.answer(reply)),
    started: () => pending.size,
  };
}

const row = (name: string) => screen.getByText(name, { selector: '.workflow-file-name, .workflow-file-name *' }).closest('tr') as HTMLElement;
const uploadRow = (name: string) => screen.getByRole('listitem', { name: `上传 ${name}` });
const csv = (name: string) => new File(['question,answer\nq,a\n'], name, { type: 'text/csv' });

describe('file library', () => {
  it('lists 10 a page: name, type, size in MB, fields as tags, row count; search and paging', async () => {
    const { calls, u } = await openFiles({
      [FILES]: (call) =>
        ok(page([makeFile({ id: Number(call.query.page), filename: `p${call.query.page}-${call.query.search_key ?? 'all'}.csv` })], 25, Number(call.query.page), 10)),
    });
    await screen.findByText('p1-all.csv');
    expect(lastQuery(calls, '/api/file_upload/')).toEqual({ page: '1', page_size: '10' });
    const first = row('p1-all.csv');
    expect(within(first).getByText('csv')).toBeTruthy();
    expect(within(first).getByText('1.5 MB')).toBeTruthy();
    expect(within(first).getByText('question')).toBeTruthy();
    expect(within(first).getByText('answer')).toBeTruthy();
    expect(within(first).getByText((1200).toLocaleString('zh-CN'))).toBeTruthy();

    await u.click(screen.getByText('3', { selector: '.arco-pagination-item' }));
    await screen.findByText('p3-all.csv');
    expect(lastQuery(calls, '/api/file_upload/')).toEqual({ page: '3', page_size: '10' });

    await u.type(screen.getByLabelText('搜索文件'), 'qa');
    await screen.findByText('p1-qa.csv');
    expect(lastQuery(calls, '/api/file_upload/')).toEqual({ page: '1', page_size: '10', search_key: 'qa' });
  });

  it('filters by project: the first 100 projects offered, app_id sent and given to uploads, cleared back to every file', async () => {
    const calls = renderWorkflow({
      [PROJECTS]: ok(page([makeProject({ id: 3, title: '客服问答清洗' }), makeProject({ id: 8, title: '题库评测' })], 2, 1, 100)),
      [FILES]: (call) => ok(page([makeFile({ filename: `files-of-${call.query.app_id ?? 'all'}.csv` })], 1, 1, 10)),
      'POST /api/file_upload/': (call) => ok({ ...makeFile({ id: 9, filename: 'p8.csv' }), file_id: 9, app_id: (call.body as { app_id: number }).app_id }),
    });
    const u = user();
    await u.click(screen.getByRole('tab', { name: '文件库' }));
    await screen.findByText('files-of-all.csv');
    expect(callsTo(calls, 'GET', '/api/apps/').some((call) => call.query.page === '1' && call.query.page_size === '100')).toBe(true);

    await u.click(screen.getByLabelText('所属项目'));
    await u.click(await screen.findByRole('option', { name: '题库评测' }));
    await screen.findByText('files-of-8.csv');
    expect(lastQuery(calls, '/api/file_upload/')).toEqual({ page: '1', page_size: '10', app_id: '8' });

    // A file uploaded while a project is chosen is registered under it.
    upload.mockResolvedValue({ success: true, message: '', data: '/uploads/files/p8.csv' });
    await u.upload(screen.getByLabelText('选择上传文件') as HTMLInputElement, [csv('p8.csv')]);
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/file_upload/').map((call) => call.body)).toEqual([{ file_url: '/uploads/files/p8.csv', app_id: 8 }]));

    await u.click(screen.getByLabelText('所属项目').closest('.arco-select')!.querySelector('.arco-select-clear-icon')!);
    await screen.findByText('files-of-all.csv');
    expect(lastQuery(calls, '/api/file_upload/')).toEqual({ page: '1', page_size: '10' });
  });

  it('uploads several files side by side with their progress, registers each, names a failed one, and reloads the list', async () => {
    let list = [makeFile({ id: 1, filename: 'old.csv' })];
    const { calls, u } = await openFiles({
      [FILES]: () => ok(page(list, list.length, 1, 10)),
      'POST /api/file_upload/': (call) => {
        const added = makeFile({ id: 2, filename: 'a.csv', file_url: (call.body as { file_url: string }).file_url });
        list = [added, ...list];
        return ok({ ...added, file_id: 2 });
      },
    });
    await screen.findByText('old.csv');
    const picker = screen.getByLabelText('选择上传文件') as HTMLInputElement;
    expect(picker.getAttribute('accept')).toBe('.txt,.csv,.jsonl,.xlsx');
    expect(picker.multiple).toBe(true);

    const sending = pendingUploads();
    await u.upload(picker, [csv('a.csv'), csv('b.csv')]);
    await waitFor(() => expect(sending.started()).toBe(2));
    expect(upload.mock.calls[0][0]).toBe('/api/file_upload/uploadToOss');
    expect(upload.mock.calls[0][2]).toMatchObject({ field: 'file' });

    await sending.progress('a.csv', 40);
    await sending.progress('b.csv', 70);
    expect(within(uploadRow('a.csv')).getByText('40%')).toBeTruthy();
    expect(within(uploadRow('b.csv')).getByText('70%')).toBeTruthy();
    expect(within(uploadRow('a.csv')).getByText('上传中')).toBeTruthy();

    await sending.answer('b.csv', { success: false, message: '只支持 txt、csv、jsonl、xlsx 文件', data: '' });
    expect(await message('文件 b.csv 上传失败：只支持 txt、csv、jsonl、xlsx 文件')).toBeTruthy();
    expect(within(uploadRow('b.csv')).getByText('失败')).toBeTruthy();

    await sending.answer('a.csv', { success: true, message: '', data: '/uploads/files/a1.csv' });
    await waitFor(() => expect(within(uploadRow('a.csv')).getByText('已完成')).toBeTruthy());
    expect(callsTo(calls, 'POST', '/api/file_upload/').map((call) => call.body)).toEqual([{ file_url: '/uploads/files/a1.csv', app_id: null }]);
    expect(await screen.findByText('a.csv', { selector: '.workflow-file-name, .workflow-file-name *' })).toBeTruthy();
  });

  it('shows the server reason when registering fails, and refuses other types before sending', async () => {
    const { calls, u } = await openFiles({
      [FILES]: ok(page([], 0, 1, 10)),
      'POST /api/file_upload/': fail('文件 bad.jsonl 上传失败：第 3 行不是 JSON'),
    });
    await screen.findByText('还没有文件，点击“上传文件”添加');
    upload.mockResolvedValue({ success: true, message: '', data: '/uploads/files/x.jsonl' });
    const picker = screen.getByLabelText('选择上传文件');
    await u.upload(picker, new File(['{"a":1}\n'], 'bad.jsonl'));
    expect(await message('文件 bad.jsonl 上传失败：第 3 行不是 JSON')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/file_upload/')).toHaveLength(1);

    // The picker's accept list is only a hint to the browser: another type is refused before sending.
    const u2 = userEvent.setup({ delay: null, applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await u2.upload(picker, new File(['<html>'], 'page.html'));
    expect(await message('文件 page.html 上传失败：只支持 txt、csv、jsonl、xlsx 文件')).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('deletes a file after the confirmation', async () => {
    let list = [makeFile({ id: 4, filename: 'gone.csv' }), makeFile({ id: 5, filename: 'kept.csv' })];
    const { calls, u } = await openFiles({
      [FILES]: () => ok(page(list, list.length, 1, 10)),
      'DELETE /api/file_upload/4': () => {
        list = list.filter((file) => file.id !== 4);
        return { success: true, message: '文件已删除', data: true };
      },
    });
    await screen.findByText('gone.csv');
    await u.click(screen.getByRole('button', { name: '删除文件 gone.csv' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确定删除文件「gone.csv」吗/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await message('文件已删除')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('gone.csv')).toBeNull());
    expect(screen.getByText('kept.csv')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/file_upload/4')).toHaveLength(1);
  });

  it('says 删除文件失败 when the delete is refused', async () => {
    const { u } = await openFiles({ [FILES]: ok(page([makeFile({ id: 4, filename: 'stuck.csv' })], 1, 1, 10)), 'DELETE /api/file_upload/4': fail('删除文件失败') });
    await screen.findByText('stuck.csv');
    await u.click(screen.getByRole('button', { name: '删除文件 stuck.csv' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    expect(await message('删除文件失败')).toBeTruthy();
    expect(screen.getByText('stuck.csv')).toBeTruthy();
  });
});
