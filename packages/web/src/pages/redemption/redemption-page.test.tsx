import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import type { Redemption } from '@/api/redemptions';
import { fail, fakeApi, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, rowOf, user, writes } from '@/pages/channel/test-page';
import RedemptionPage from './index';

function makeCode(fields: Partial<Redemption> = {}): Redemption {
  return {
    id: 1,
    name: 'spring',
    key: '0123456789abcdef0123456789abcdef',
    status: 1,
    quota: 100_000,
    created_time: 1_900_000_000,
    redeemed_time: 0,
    used_user_id: 0,
    expired_time: 0,
    ...fields,
  };
}

const CODES = [
  makeCode({ id: 1, name: 'spring', quota: 500_000 }),
  makeCode({ id: 2, name: 'paused', status: 2, key: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' }),
  makeCode({ id: 3, name: 'spent', status: 3, key: 'cccccccccccccccccccccccccccccccc', used_user_id: 7, redeemed_time: 1_900_000_100 }),
  makeCode({ id: 4, name: 'stale', key: 'dddddddddddddddddddddddddddddddd', expired_time: 1_000_000_000 }),
];

const codePage = (items: Redemption[], total = items.length) => ok({ items, total, page: 0, page_size: 10 });

let messages: HTMLElement;
let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
const message = (text: string) => within(messages).findByText(text);
const button = (row: HTMLElement, name: string) => within(row).getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => {
  messages = captureMessages();
  writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
  localStorage.setItem('display_in_currency', 'true');
  localStorage.setItem('quota_per_unit', '500000');
});

afterEach(() => {
  cleanup();
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
});

/** Renders the page against the fake API and waits for the first rows; the clipboard is stubbed after userEvent's own. */
async function renderPage(routes: Record<string, Route> = {}): Promise<{ calls: ApiCall[]; u: ReturnType<typeof user> }> {
  const calls = fakeApi({ 'GET /api/redemption/': codePage(CODES), ...routes });
  const u = user();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(<RedemptionPage />);
  await screen.findByText('spring');
  return { calls, u };
}

async function openAdd(u: ReturnType<typeof user>) {
  await u.click(screen.getByRole('button', { name: /添加兑换码/ }));
  await screen.findByText('添加兑换码', { selector: '.arco-drawer-header-title' });
}

describe('redemption list', () => {
  it('asks for the first page and shows status tags, quota and times', async () => {
    const { calls } = await renderPage();

    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/redemption/', query: { p: '0', page_size: '10' } });
    expect(screen.getByText('管理兑换码')).toBeTruthy();
    expect(within(rowOf('spring')).getByText('未使用')).toBeTruthy();
    expect(within(rowOf('spring')).getByText('$1.00')).toBeTruthy();
    expect(within(rowOf('spring')).getByText('永不过期')).toBeTruthy();
    expect(within(rowOf('paused')).getByText('已禁用')).toBeTruthy();
    expect(within(rowOf('paused')).getByText('$0.20')).toBeTruthy();
    const spent = within(rowOf('spent'));
    expect(spent.getByText('已使用')).toBeTruthy();
    expect(spent.getByText('用户 #7')).toBeTruthy();
    expect(within(rowOf('stale')).getByText('未使用')).toBeTruthy();
    expect(within(rowOf('stale')).getByText('已过期')).toBeTruthy();
  });

  it('searches by keyword over id and name, and lists everything again on reset', async () => {
    const { calls, u } = await renderPage({ 'GET /api/redemption/search': codePage([CODES[1]], 25) });
    await u.type(screen.getByLabelText('搜索关键字'), ' paused ');
    await u.click(screen.getByRole('button', { name: /查\s*询/ }));

    await waitFor(() => expect(screen.queryByText('spring')).toBeNull());
    expect(calls.at(-1)).toMatchObject({ path: '/api/redemption/search', query: { keyword: 'paused', p: '0', page_size: '10' } });

    await u.click(screen.getByText('3', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ keyword: 'paused', p: '2', page_size: '10' }));

    await u.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(await screen.findByText('spring')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ path: '/api/redemption/', query: { p: '0', page_size: '10' } });
  });

  it('shows an empty table with the server message when the list fails', async () => {
    fakeApi({ 'GET /api/redemption/': fail('无权进行此操作') });
    render(<RedemptionPage />);
    expect(await message('无权进行此操作')).toBeTruthy();
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});

describe('row actions', () => {
  it('offers no status toggle and no edit for a used code', async () => {
    await renderPage();
    const spent = rowOf('spent');
    expect(button(spent, '禁用').disabled).toBe(true);
    expect(button(spent, '编辑').disabled).toBe(true);
    expect(button(rowOf('paused'), '编辑').disabled).toBe(true);
    expect(button(rowOf('spring'), '编辑').disabled).toBe(false);
  });

  it('disables an unused code with a status-only update and shows the status the server answered', async () => {
    const { calls, u } = await renderPage({ 'PUT /api/redemption/': ok({ ...CODES[0], status: 2 }) });
    await u.click(button(rowOf('spring'), '禁用'));

    expect(await message('操作成功完成！')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PUT', path: '/api/redemption/', query: { status_only: 'true' }, body: { id: 1, status: 2 } }]);
    expect(within(rowOf('spring')).getByText('已禁用')).toBeTruthy();
    expect(button(rowOf('spring'), '启用')).toBeTruthy();
  });

  it('enables a disabled code and shows the server message when it refuses', async () => {
    const { calls, u } = await renderPage({ 'PUT /api/redemption/': fail('兑换码已使用，无法启用') });
    await u.click(button(rowOf('paused'), '启用'));

    expect(await message('兑换码已使用，无法启用')).toBeTruthy();
    expect(writes(calls)[0]).toMatchObject({ query: { status_only: 'true' }, body: { id: 2, status: 1 } });
    expect(within(rowOf('paused')).getByText('已禁用')).toBeTruthy();
  });

  it('deletes a code only after confirmation', async () => {
    const { calls, u } = await renderPage({ 'DELETE /api/redemption/2/': ok() });
    await u.click(button(rowOf('paused'), '删除'));

    expect(await screen.findByText('确定删除兑换码「paused」吗？')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await u.click(screen.getByRole('button', { name: /确\s*定/ }));

    expect(await message('删除成功')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/api/redemption/2/', query: {}, body: undefined }]);
  });

  it('copies the code of a row', async () => {
    const { u } = await renderPage();
    await u.click(button(rowOf('paused'), '复制'));

    expect(await message('已复制到剪贴板')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(CODES[1].key);
  });

  it('shows the code for manual copy when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    const { u } = await renderPage();
    await u.click(button(rowOf('paused'), '复制'));

    expect(await screen.findByText('无法复制到剪贴板，请手动复制')).toBeTruthy();
    expect(screen.getByText(CODES[1].key)).toBeTruthy();
  });
});

describe('copy selected', () => {
  it('warns and copies nothing when no code is selected', async () => {
    const { u } = await renderPage();
    await u.click(screen.getByRole('button', { name: /复制所选兑换码/ }));

    expect(await message('请至少选择一个兑换码！')).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the selected codes one per line', async () => {
    const { u } = await renderPage();
    await u.click(within(rowOf('spring')).getByRole('checkbox'));
    await u.click(within(rowOf('spent')).getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: /复制所选兑换码/ }));

    expect(await message('已复制到剪贴板')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${CODES[0].key}\n${CODES[2].key}`);
  });
});

describe('create and edit', () => {
  it('creates one code of 100000 quota that never expires by default, then shows the new codes once with a copy button', async () => {
    const created = ['aaaa1111aaaa1111aaaa1111aaaa1111'];
    const { calls, u } = await renderPage({ 'POST /api/redemption/': ok(created) });
    await openAdd(u);
    expect((screen.getByLabelText('额度') as HTMLInputElement).value).toBe('100000');
    expect((screen.getByLabelText('数量') as HTMLInputElement).value).toBe('1');

    await u.type(screen.getByLabelText('名称'), 'launch');
    await u.click(screen.getByRole('button', { name: '提交' }));

    expect(await message('兑换码创建成功')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/redemption/', query: {}, body: { name: 'launch', quota: 100_000, expired_time: 0, count: 1 } }]);
    expect(await screen.findByText('兑换码已生成')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: '新兑换码' })).getByText(created[0])).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/redemption/' && call.method === 'GET')).toHaveLength(2));

    await u.click(screen.getByRole('button', { name: /复制全部/ }));
    expect(await message('已复制到剪贴板')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(created[0]);
  });

  it('sets the quota from a dollar quick pick and creates several codes at once', async () => {
    const created = ['k1', 'k2', 'k3'];
    const { calls, u } = await renderPage({ 'POST /api/redemption/': ok(created) });
    await openAdd(u);
    for (const label of ['$1.00', '$10.00', '$50.00', '$100.00', '$500.00', '$1000.00']) expect(screen.getByRole('button', { name: label })).toBeTruthy();

    await u.type(screen.getByLabelText('名称'), 'batch');
    await u.click(screen.getByRole('button', { name: '$50.00' }));
    expect((screen.getByLabelText('额度') as HTMLInputElement).value).toBe('25000000');
    const count = screen.getByLabelText('数量');
    await u.clear(count);
    await u.type(count, '3');
    await u.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ name: 'batch', quota: 25_000_000, expired_time: 0, count: 3 });
    await u.click(await screen.findByRole('button', { name: /复制全部/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('k1\nk2\nk3'));
  });

  it('sends nothing without a name', async () => {
    const { calls, u } = await renderPage();
    await openAdd(u);
    await u.click(screen.getByRole('button', { name: '提交' }));

    expect(await message('请输入名称')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('keeps the drawer open with the server message when creation fails', async () => {
    const { u } = await renderPage({ 'POST /api/redemption/': fail('一次最多创建 100 个兑换码') });
    await openAdd(u);
    await u.type(screen.getByLabelText('名称'), 'launch');
    await u.click(screen.getByRole('button', { name: '提交' }));

    expect(await message('一次最多创建 100 个兑换码')).toBeTruthy();
    expect(screen.getByText('添加兑换码', { selector: '.arco-drawer-header-title' })).toBeTruthy();
    expect(screen.queryByText('兑换码已生成')).toBeNull();
  });

  it('edits an unused code: name, quota and expiry with its id, no count', async () => {
    const { calls, u } = await renderPage({ 'PUT /api/redemption/': ok({ ...CODES[0], name: 'summer' }) });
    await u.click(button(rowOf('spring'), '编辑'));

    const name = (await screen.findByLabelText('名称')) as HTMLInputElement;
    expect(name.value).toBe('spring');
    expect(screen.queryByLabelText('数量')).toBeNull();
    await u.clear(name);
    await u.type(name, 'summer');
    await u.click(screen.getByRole('button', { name: '提交' }));

    expect(await message('兑换码更新成功')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PUT', path: '/api/redemption/', query: {}, body: { id: 1, name: 'summer', quota: 500_000, expired_time: 0 } }]);
    expect(screen.queryByText('兑换码已生成')).toBeNull();
  });
});
