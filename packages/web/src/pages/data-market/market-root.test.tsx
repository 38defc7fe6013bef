import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import {
  MSG_COVER_SELECT_IMAGE,
  MSG_COVER_UPDATE_FAILED,
  MSG_COVER_UPDATED,
  MSG_COVER_UPLOAD_FAILED,
  MSG_DATASET_DELETE_FAILED,
  MSG_DATASET_DELETED,
  MSG_IMAGE_UPLOAD_FAILED,
} from '@gw/shared';
import { COVER_UPLOAD_PATH } from '@/api/data-library';
import { uploadFile } from '@/api/upload';
import { fail, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { LIST, dataPage, listCalls, makeDataset, renderMarket } from './test-market';

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

const DATASET = makeDataset({ id: 7, name: '医疗问答', data_num: 1500, data_size: 3 * 1024 * 1024 });

async function openAction(routes: Record<string, Route>, action: string) {
  const u = user();
  const calls = renderMarket({ [LIST]: ok(dataPage([DATASET])), ...routes }, 'root');
  await u.click(await screen.findByRole('button', { name: '数据集 医疗问答 的操作' }));
  await u.click(await screen.findByRole('menuitem', { name: action }));
  const dialog = await screen.findByRole('dialog');
  return { u, calls, dialog };
}

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

describe('delete a dataset', () => {
  it('confirms, deletes, closes, says 数据集删除成功 and reloads the list', async () => {
    const { u, calls, dialog } = await openAction({ 'DELETE /api/data_library/7': ok(true) }, '删除');
    expect(within(dialog).getByText(/确定删除数据集「医疗问答」吗/)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await u.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    expect(await message(MSG_DATASET_DELETED)).toBeTruthy();
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/data_library/7']);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('详情页')).toBeNull();
  });

  it('deletes nothing when cancelled', async () => {
    const { u, calls, dialog } = await openAction({ 'DELETE /api/data_library/7': ok(true) }, '删除');
    await u.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);
  });

  it.each([
    ['a refusal', fail('数据集不存在'), `${MSG_DATASET_DELETE_FAILED}：数据集不存在`],
    ['a success without data', ok(false), MSG_DATASET_DELETE_FAILED],
  ])('says 删除数据集失败 on %s and keeps the dialog open', async (_, reply, shown) => {
    const { u, calls, dialog } = await openAction({ 'DELETE /api/data_library/7': reply }, '删除');
    await u.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    expect(await message(shown)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);
  });
});

describe('change a cover', () => {
  const png = (size = 1000) => new File([new Uint8Array(size)], 'cover.png', { type: 'image/png' });
  const pick = (u: ReturnType<typeof user>, dialog: HTMLElement, file: File) => u.upload(within(dialog).getByLabelText('选择封面图片'), file);
  const confirm = (u: ReturnType<typeof user>, dialog: HTMLElement) => u.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

  it('shows the upload area with its hint, and asks for an image when confirmed without one', async () => {
    const { u, calls, dialog } = await openAction({}, '更换封面');
    expect(within(dialog).getByText('更换封面')).toBeTruthy();
    expect(within(dialog).getByText('JPG、PNG、GIF、WEBP，不超过 5MB')).toBeTruthy();
    expect(within(dialog).getByLabelText('选择封面图片').getAttribute('accept')).toBe('image/*');

    await confirm(u, dialog);
    expect(await message(MSG_COVER_SELECT_IMAGE)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(writes(calls)).toEqual([]);
  });

  it('refuses an image over 5 MB before sending anything', async () => {
    const { u, dialog } = await openAction({}, '更换封面');
    await pick(u, dialog, png(5 * 1024 * 1024 + 1));
    expect(await message('图片不能超过 5MB')).toBeTruthy();
    await confirm(u, dialog);
    expect(await message(MSG_COVER_SELECT_IMAGE)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads the image, sets it as cover_page, says 封面更新成功, closes and reloads', async () => {
    upload.mockResolvedValue({ success: true, message: '', data: { oss_url: '/uploads/covers/new.png' } });
    const { u, calls, dialog } = await openAction({ 'PUT /api/data_library/7': ok(makeDataset({ id: 7 })) }, '更换封面');
    const file = png();
    await pick(u, dialog, file);
    expect(within(dialog).getByText('cover.png')).toBeTruthy();
    await confirm(u, dialog);

    expect(await message(MSG_COVER_UPDATED)).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0][0]).toBe(COVER_UPLOAD_PATH);
    expect(upload.mock.calls[0][1]).toBe(file);
    expect(writes(calls)).toMatchObject([{ method: 'PUT', path: '/api/data_library/7', body: { cover_page: '/uploads/covers/new.png' } }]);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['no oss_url in the reply', { success: true, message: '', data: {} }, MSG_IMAGE_UPLOAD_FAILED],
    ['a refused upload', { success: false, message: '只能上传 JPG、PNG、GIF、WEBP 图片', data: null }, `${MSG_IMAGE_UPLOAD_FAILED}：只能上传 JPG、PNG、GIF、WEBP 图片`],
  ])('says 图片上传失败 on %s and changes nothing', async (_, reply, shown) => {
    upload.mockResolvedValue(reply as never);
    const { u, calls, dialog } = await openAction({}, '更换封面');
    await pick(u, dialog, png());
    await confirm(u, dialog);
    expect(await message(shown)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says 封面更新失败 when the dataset is not updated', async () => {
    upload.mockResolvedValue({ success: true, message: '', data: { oss_url: '/uploads/covers/new.png' } });
    const { u, calls, dialog } = await openAction({ 'PUT /api/data_library/7': fail('数据集不存在') }, '更换封面');
    await pick(u, dialog, png());
    await confirm(u, dialog);
    expect(await message(`${MSG_COVER_UPDATE_FAILED}：数据集不存在`)).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('says 封面上传失败 when the upload throws', async () => {
    upload.mockRejectedValue(new Error('网络错误，上传失败'));
    const { u, calls, dialog } = await openAction({}, '更换封面');
    await pick(u, dialog, png());
    await confirm(u, dialog);
    expect(await message(MSG_COVER_UPLOAD_FAILED)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });
});

describe('create and edit a dataset', () => {
  it('creates a dataset from the form and reloads the list', async () => {
    const u = user();
    const calls = renderMarket({ [LIST]: ok(dataPage([DATASET])), 'POST /api/data_library/': ok(makeDataset({ id: 8 })) }, 'root');
    await u.click(await screen.findByRole('button', { name: /添加数据/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('添加数据集')).toBeTruthy();

    await u.type(within(dialog).getByLabelText('名称'), '  代码题库 ');
    await u.click(within(dialog).getByRole('combobox'));
    // A multiple select's option is a checkbox beside its text; the text takes the click.
    await u.click(within(await screen.findByRole('option', { name: '代码' })).getByText('代码'));
    await u.click(within(screen.getByRole('option', { name: '问答' })).getByText('问答'));
    await u.type(within(dialog).getByLabelText('描述'), 'Python 练习');
    await u.type(within(dialog).getByLabelText('标签'), '热门');
    await u.type(within(dialog).getByLabelText('提供方'), '示例科技');
    await u.type(within(dialog).getByLabelText('图片字段'), 'image, ,figure');
    await u.click(within(dialog).getByLabelText('数据格式'));
    await u.paste('{"question":"string","image":"multimodal"}');
    await u.click(within(dialog).getByLabelText('字段说明'));
    await u.paste('练习题，每行一题');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    expect(await message('数据集已创建')).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/data_library/',
        query: {},
        body: {
          name: '代码题库',
          data_type: '问答,代码',
          description: 'Python 练习',
          tag: '热门',
          factory: '示例科技',
          image_field: 'image,figure',
          data_format: '{"question":"string","image":"multimodal"}',
          readme: '练习题，每行一题',
          cover_page: '',
        },
      },
    ]);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('says what is missing or wrong before calling the server', async () => {
    const u = user();
    const calls = renderMarket({ [LIST]: ok(dataPage([DATASET])) }, 'root');
    await u.click(await screen.findByRole('button', { name: /添加数据/ }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    for (const text of ['请输入数据集名称', '请选择数据类型', '请输入数据集描述', '请输入数据格式']) expect(await within(dialog).findByText(text)).toBeTruthy();

    await u.click(within(dialog).getByLabelText('数据格式'));
    await u.paste('{"question":');
    await u.click(within(dialog).getByLabelText('字段说明'));
    await u.paste('{"title":"说明"}');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('数据格式不是合法的 JSON')).toBeTruthy();
    expect(await within(dialog).findByText('说明文档为 JSON 时必须包含 fields')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("edits a dataset: the form starts from it, shows the server's counts, sends the changes and shows the server's refusal", async () => {
    const { u, calls, dialog } = await openAction(
      { 'PUT /api/data_library/7': fail('数据类型不合法') },
      '编辑',
    );
    expect(within(dialog).getByText('编辑数据集')).toBeTruthy();
    expect(within(dialog).getByText('1,500 条')).toBeTruthy();
    expect(within(dialog).getByText('3.0 MB')).toBeTruthy();
    expect((within(dialog).getByLabelText('名称') as HTMLInputElement).value).toBe('医疗问答');

    await u.clear(within(dialog).getByLabelText('描述'));
    await u.type(within(dialog).getByLabelText('描述'), '新的描述');
    await u.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await message('数据类型不合法')).toBeTruthy();
    expect(writes(calls)).toMatchObject([{ method: 'PUT', path: '/api/data_library/7', body: { name: '医疗问答', description: '新的描述', data_type: '问答' } }]);
    expect(writes(calls)[0].body).not.toHaveProperty('cover_page');
    expect(writes(calls)[0].body).not.toHaveProperty('data_num');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('import from the card menu', () => {
  it('opens the import dialog for that dataset, and a finished import reloads the list', async () => {
    upload.mockResolvedValue({
      success: true,
      message: '',
      data: { id: 31, dataset_id: 7, file_name: 'rows.jsonl', format: 'jsonl', mode: 'rollback', status: 'done', cancel_requested: false, bytes_total: 10, bytes_read: 10, rows_done: 1, rows_failed: 0, errors: [], message: '', created_at: 1, started_at: 1, finished_at: 1 },
    });
    const { u, calls, dialog } = await openAction({ 'GET /api/data_library/7/imports': ok([]) }, '导入数据');
    expect(within(dialog).getByText('导入数据：医疗问答')).toBeTruthy();
    await u.upload(within(dialog).getByLabelText('选择导入文件'), new File(['{}\n'], 'rows.jsonl'));
    await u.click(within(dialog).getByRole('button', { name: /开始导入/ }));
    expect(await within(dialog).findByText('已完成')).toBeTruthy();
    expect(upload.mock.calls[0][0]).toBe('/api/data_library/7/import?format=jsonl&mode=rollback');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });
});

describe('the dataset form between openings', () => {
  it('starts empty when adding after an edit was cancelled', async () => {
    const { u, dialog } = await openAction({}, '编辑');
    expect((within(dialog).getByLabelText('名称') as HTMLInputElement).value).toBe('医疗问答');
    await u.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await u.click(screen.getByRole('button', { name: /添加数据/ }));
    const added = await screen.findByRole('dialog');
    expect(within(added).getByText('添加数据集')).toBeTruthy();
    expect((within(added).getByLabelText('名称') as HTMLInputElement).value).toBe('');
    expect((within(added).getByLabelText('描述') as HTMLTextAreaElement).value).toBe('');
  });
});
