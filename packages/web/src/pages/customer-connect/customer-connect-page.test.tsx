import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { CustomerConnect } from '@/api/customer-connect';
import { fail, fakeApi, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { findRoute } from '@/routes/access';
import CustomerConnectPage, { totalText } from './index';
import { toContactFilters } from './filters';

const SUBMITTED = 1_750_000_000;

function makeContact(fields: Partial<CustomerConnect> = {}): CustomerConnect {
  return { id: 1, name: '张三', phone: '13800138000', company: '示例科技', remark: '需要医疗问答数据', updated_at: SUBMITTED, status: 0, ...fields };
}

const CONTACTS = [
  makeContact(),
  makeContact({ id: 2, name: '李四', phone: '19912345678', company: '', remark: '', updated_at: 0, status: 3 }),
];

const LIST = 'POST /api/customer_connect/admin';
const listCalls = (calls: ApiCall[]) => calls.filter((call) => `${call.method} ${call.path}` === LIST);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

function renderPage(routes: Record<string, Route> = {}): ApiCall[] {
  const calls = fakeApi({ [LIST]: ok({ data: { list: CONTACTS }, total: 35 }), ...routes });
  render(<CustomerConnectPage />);
  return calls;
}

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  vi.unstubAllGlobals();
  messages.remove();
});

describe('CustomerConnectPage', () => {
  it('is the admin page of /customer-connect', () => {
    expect(findRoute('/customer-connect')).toMatchObject({ page: 'customerConnect', access: 'admin' });
  });

  it('lists data.data.list with the columns of spec 2, dashes for empty text and time, coloured status tags', async () => {
    const calls = renderPage();
    expect(await screen.findByText('用户联系列表')).toBeTruthy();
    await screen.findByText('李四');

    expect(listCalls(calls)[0].query).toEqual({ page: '1', page_size: '10' });
    const headers = [...document.querySelectorAll('.arco-table-th')].map((th) => th.textContent?.trim());
    expect(headers).toEqual(['ID', '姓名', '手机号', '公司名称', '备注', '提交时间', '状态', '操作']);

    const first = rowOf('张三');
    expect(within(first).getByText('13800138000')).toBeTruthy();
    expect(within(first).getByText('示例科技')).toBeTruthy();
    expect(within(first).getByText('需要医疗问答数据')).toBeTruthy();
    expect(within(first).getByText(new Date(SUBMITTED * 1000).toLocaleString('zh-CN'))).toBeTruthy();
    expect(within(first).getByText('待处理').closest('.arco-tag')?.className).toContain('arco-tag-orange');

    const second = rowOf('李四');
    const cells = [...second.querySelectorAll('.arco-table-td')].map((td) => td.textContent?.trim());
    expect(cells.slice(0, 7)).toEqual(['2', '李四', '19912345678', '-', '-', '-', '已拒绝']);
    expect(within(second).getByText('已拒绝').closest('.arco-tag')?.className).toContain('arco-tag-red');
  });

  it('shows "第 a-b 条，共 n 条", a size changer and a quick jumper, and pages through the server', async () => {
    const calls = renderPage();
    await screen.findByText('张三');
    expect(screen.getByText('第 1-10 条，共 35 条')).toBeTruthy();
    expect(document.querySelector('.arco-pagination-jumper input')).toBeTruthy();
    expect(document.querySelector('.arco-pagination-option .arco-select')).toBeTruthy();

    const u = user();
    await u.click(screen.getByText('4', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toEqual({ page: '4', page_size: '10' }));
    expect(await screen.findByText('第 31-35 条，共 35 条')).toBeTruthy();

    await u.click(document.querySelector(".arco-pagination-option .arco-select-view") as HTMLElement);
    await u.click(await screen.findByRole('option', { name: /20/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toEqual({ page: '1', page_size: '20' }));
  });

  it('filters by status (all statuses first) and resets to no filter', async () => {
    const calls = renderPage();
    await screen.findByText('张三');
    const u = user();
    await u.click(screen.getByRole('combobox', { name: '状态' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['全部状态', '待处理', '处理中', '已完成', '已拒绝']);
    await u.click(screen.getByRole('option', { name: '处理中' }));
    await u.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toEqual({ page: '1', page_size: '10', status: '1' }));

    await u.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toEqual({ page: '1', page_size: '10' }));
  });

  it('turns the picked days into a range of unix seconds from the first day to the end of the last', () => {
    const [start, end] = toContactFilters({ range: ['2025-06-01', '2025-06-03'], status: 2 }).dateRange!;
    expect(new Date(start * 1000).toLocaleString('zh-CN')).toBe(new Date(2025, 5, 1, 0, 0, 0).toLocaleString('zh-CN'));
    expect(end).toBe(Math.floor(new Date(2025, 5, 3, 23, 59, 59).getTime() / 1000));
    expect(toContactFilters({ range: ['2025-06-01', '2025-06-03'], status: 2 }).status).toBe(2);
    expect(toContactFilters({ status: '' })).toEqual({ status: undefined, dateRange: undefined });
  });

  it('sends the date range picked in the form as "start,end"', async () => {
    const calls = renderPage();
    await screen.findByText('张三');
    const u = user();
    const [startInput] = screen.getAllByRole('textbox').filter((input) => input.closest('.arco-picker'));
    await u.click(startInput);
    const cells = document.querySelectorAll('.arco-picker-cell-in-view');
    await u.click(cells[0]);
    await u.click(cells[2]);
    await u.click(screen.getByRole('button', { name: /查询/ }));

    await waitFor(() => expect(listCalls(calls).at(-1)?.query.dateRange).toBeDefined());
    const [start, end] = listCalls(calls).at(-1)!.query.dateRange.split(',').map(Number);
    expect(new Date(start * 1000).getDate()).toBe(1);
    expect(new Date(start * 1000).getHours()).toBe(0);
    expect(new Date(end * 1000).getDate()).toBe(3);
    expect([new Date(end * 1000).getHours(), new Date(end * 1000).getMinutes(), new Date(end * 1000).getSeconds()]).toEqual([23, 59, 59]);
  });

  it('offers every status but "all" in the row dropdown, saves it, says so and reloads', async () => {
    const calls = renderPage({ 'PUT /api/customer_connect/admin/status': ok(makeContact({ status: 2 })) });
    await screen.findByText('张三');
    const u = user();
    await u.click(within(rowOf('张三')).getByRole('button', { name: '修改联系记录 1 的状态' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['待处理', '处理中', '已完成', '已拒绝']);
    await u.click(screen.getByRole('menuitem', { name: '已完成' }));

    expect(await within(messages).findByText('状态更新成功')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/customer_connect/admin/status', query: {}, body: { id: 1, status: 2 } },
    ]);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('shows 状态更新失败 when the update cannot be made, and does not reload', async () => {
    const calls = renderPage({ 'PUT /api/customer_connect/admin/status': () => Promise.reject(new TypeError('network down')) });
    await screen.findByText('张三');
    const u = user();
    await u.click(within(rowOf('李四')).getByRole('button', { name: '修改联系记录 2 的状态' }));
    await u.click(await screen.findByRole('menuitem', { name: '处理中' }));
    expect(await within(messages).findByText('状态更新失败')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('shows the server message when it refuses the status', async () => {
    renderPage({ 'PUT /api/customer_connect/admin/status': fail('联系记录不存在') });
    await screen.findByText('张三');
    const u = user();
    await u.click(within(rowOf('张三')).getByRole('button', { name: '修改联系记录 1 的状态' }));
    await u.click(await screen.findByRole('menuitem', { name: '已拒绝' }));
    expect(await within(messages).findByText('联系记录不存在')).toBeTruthy();
  });

  it('ends the total text of the last page at the total, and counts nothing as 0-0', () => {
    expect(totalText(35, [31, 40])).toBe('第 31-35 条，共 35 条');
    expect(totalText(35, [11, 20])).toBe('第 11-20 条，共 35 条');
    expect(totalText(0, [1, 10])).toBe('第 0-0 条，共 0 条');
  });

  it('shows 获取数据失败 when the list cannot be loaded, with an empty table', async () => {
    renderPage({ [LIST]: () => Promise.reject(new TypeError('network down')) });
    expect(await within(messages).findByText('获取数据失败')).toBeTruthy();
    expect(document.querySelectorAll('.arco-table-tr .arco-table-td').length).toBeLessThanOrEqual(1);
  });
});
