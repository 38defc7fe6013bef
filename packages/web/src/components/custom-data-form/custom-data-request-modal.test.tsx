import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { fail, fakeApi, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { CustomDataRequestModal } from './custom-data-request-modal';

const SUBMIT = 'POST /api/customer_connect/';
const submits = (calls: ApiCall[]) => calls.filter((call) => `${call.method} ${call.path}` === SUBMIT);

function renderModal(routes: Record<string, Route> = {}) {
  const calls = fakeApi({ [SUBMIT]: ok(), ...routes });
  const onClose = vi.fn();
  render(<CustomDataRequestModal visible onClose={onClose} />);
  return { calls, onClose };
}

async function fill(fields: Partial<Record<'姓名' | '手机号' | '公司名称' | '备注', string>>) {
  const u = user();
  for (const [label, text] of Object.entries(fields)) await u.type(screen.getByLabelText(label), text);
  await u.click(screen.getByRole('button', { name: /提\s*交/ }));
}

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  vi.unstubAllGlobals();
  messages.remove();
});

describe(CustomDataRequestModal.name, () => {
  it('is titled 定制数据需求 and asks for contact information', () => {
    renderModal();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('定制数据需求')).toBeTruthy();
    expect(within(dialog).getByText(/联系方式/)).toBeTruthy();
    for (const label of ['姓名', '手机号', '公司名称', '备注']) expect(within(dialog).getByLabelText(label)).toBeTruthy();
  });

  it('sends name, phone, company and remark to the public contact call, says thanks and closes', async () => {
    const { calls, onClose } = renderModal({ [SUBMIT]: { success: true, message: '提交成功，我们会尽快与您联系', data: null } });
    await fill({ 姓名: '张三', 手机号: '13800138000', 公司名称: '示例科技', 备注: '医疗问答数据 1 万条' });

    expect(await within(messages).findByText('提交成功，我们会尽快与您联系')).toBeTruthy();
    expect(submits(calls).map((call) => call.body)).toEqual([{ name: '张三', phone: '13800138000', company: '示例科技', remark: '医疗问答数据 1 万条' }]);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('sends empty company and remark when they are left out', async () => {
    const { calls } = renderModal();
    await fill({ 姓名: '李四', 手机号: '19912345678' });
    await waitFor(() => expect(submits(calls).map((call) => call.body)).toEqual([{ name: '李四', phone: '19912345678', company: '', remark: '' }]));
  });

  it('requires a name and a phone number before calling the server', async () => {
    const { calls, onClose } = renderModal();
    await fill({});
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    expect(screen.getByText('请输入手机号')).toBeTruthy();
    expect(submits(calls)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a blank name', async () => {
    const { calls } = renderModal();
    await fill({ 姓名: '   ', 手机号: '13800138000' });
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    expect(submits(calls)).toEqual([]);
  });

  it.each(['1380013800', '12800138000', '23800138000', '1380013800a'])('refuses the phone number %s: 11 digits, 1 then 3 to 9', async (phone) => {
    const { calls } = renderModal();
    await fill({ 姓名: '张三', 手机号: phone });
    expect(await screen.findByText('请输入正确的 11 位手机号')).toBeTruthy();
    expect(submits(calls)).toEqual([]);
  });

  it('keeps the form open and shows the server message when the request is refused', async () => {
    const { onClose } = renderModal({ [SUBMIT]: fail('请输入正确的 11 位手机号') });
    await fill({ 姓名: '张三', 手机号: '13800138000' });
    expect(await within(messages).findByText('请输入正确的 11 位手机号')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('takes another title and a prefilled remark, sent unless the user changes it', async () => {
    const calls = fakeApi({ [SUBMIT]: ok() });
    render(<CustomDataRequestModal visible onClose={vi.fn()} title="获取完整数据集" initialRemark="获取完整数据集：数学题库" />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('获取完整数据集')).toBeTruthy();
    expect(within(dialog).queryByText('定制数据需求')).toBeNull();
    await waitFor(() => expect((screen.getByLabelText('备注') as HTMLTextAreaElement).value).toBe('获取完整数据集：数学题库'));
    await fill({ 姓名: '张三', 手机号: '13800138000' });
    await waitFor(() => expect(submits(calls).map((call) => call.body)).toEqual([{ name: '张三', phone: '13800138000', company: '', remark: '获取完整数据集：数学题库' }]));
  });

  it('shows the generic error when the request cannot be sent, keeping the form open', async () => {
    const { onClose } = renderModal({ [SUBMIT]: () => Promise.reject(new TypeError('offline')) });
    await fill({ 姓名: '张三', 手机号: '13800138000' });
    expect(await within(messages).findByText('错误：offline')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
