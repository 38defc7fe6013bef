import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import type { PlanView } from '@gw/shared';
import { planFields } from '@/api/plans';
import { fail, fakeApi, ok, type ApiCall, type Reply, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, rowOf, user, writes } from '@/pages/channel/test-page';
import { makePlan } from '@/test/factories';
import PlanPage from './index';
import { whenClickable } from '@/test/popups';

const PLANS = [
  makePlan({ id: 1, name: '基础版' }),
  makePlan({ id: 2, name: '长期版', price_cny: 0, price_usd: 19.99, period: 'days', period_days: 45, quota: 25_000_000, group: 'vip', limit_per_user: 2, enabled: false, sort: 5 }),
];

/** A success as the server answers a write: with its message. */
const saved = (data: unknown): Reply => ({ success: true, message: '套餐已保存', data });

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);
const button = (scope: HTMLElement, name: string) => within(scope).getByRole('button', { name }) as HTMLButtonElement;
const switchOf = (name: string) => screen.getByRole('switch', { name: `启用套餐「${name}」` });
const listReads = (calls: ApiCall[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/subscription/plan');
const submit = (u: ReturnType<typeof user>) => u.click(screen.getByRole('button', { name: /保\s*存/ }));
const drawerTitle = (title: string) => screen.queryByText(title, { selector: '.arco-drawer-header-title' });

async function choose(u: ReturnType<typeof user>, label: string, option: string) {
  await u.click(screen.getByLabelText(label));
  await u.click(await whenClickable(await screen.findByText(option, { selector: '.arco-select-option' })));
}

beforeEach(() => {
  messages = captureMessages();
  localStorage.setItem('display_in_currency', 'true');
  localStorage.setItem('quota_per_unit', '500000');
});

afterEach(() => {
  cleanup();
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
  window.innerWidth = 1024;
});

/** Renders the page against the fake API (the plans, the groups vip and default) and waits for the first rows. */
async function renderPage(routes: Record<string, Route> = {}): Promise<{ calls: ApiCall[]; u: ReturnType<typeof user> }> {
  const calls = fakeApi({ 'GET /api/subscription/plan': ok(PLANS), 'GET /api/group/': ok(['default', 'vip']), ...routes });
  const u = user();
  render(<PlanPage />);
  await screen.findByText('基础版');
  return { calls, u };
}

async function openCreate(u: ReturnType<typeof user>) {
  await u.click(screen.getByRole('button', { name: /新建套餐/ }));
  await waitFor(() => expect(drawerTitle('新建套餐')).toBeTruthy());
}

describe('plan list', () => {
  it('shows prices (a dash where not sold), period, quota per period, group, limit, status and sort', async () => {
    await renderPage();
    expect(screen.getByText('套餐管理')).toBeTruthy();

    const basic = within(rowOf('基础版'));
    for (const text of ['¥29.90', '—', '每月', '$10.00', '保持原分组', '不限']) expect(basic.getByText(text)).toBeTruthy();
    expect(switchOf('基础版').getAttribute('aria-checked')).toBe('true');

    const long = within(rowOf('长期版'));
    for (const text of ['—', '$19.99', '每 45 天', '$50.00', 'vip', '2 次', '5']) expect(long.getByText(text)).toBeTruthy();
    expect(switchOf('长期版').getAttribute('aria-checked')).toBe('false');
  });

  it('says how to add one when there is no plan', async () => {
    fakeApi({ 'GET /api/subscription/plan': ok([]), 'GET /api/group/': ok([]) });
    render(<PlanPage />);
    expect(await screen.findByText('还没有套餐，点击“新建套餐”添加')).toBeTruthy();
  });

  it('shows the server message when the list is refused', async () => {
    fakeApi({ 'GET /api/subscription/plan': fail('无权进行此操作'), 'GET /api/group/': ok([]) });
    render(<PlanPage />);
    expect(await message('无权进行此操作')).toBeTruthy();
  });

  it('on a phone shows a card per plan with its prices, period, quota and status, the rest behind 更多', async () => {
    window.innerWidth = 390;
    const { u } = await renderPage();
    expect(screen.queryAllByRole('columnheader')).toEqual([]);

    const card = screen.getByText('长期版').closest('.rt-card') as HTMLElement;
    const long = within(card);
    expect(long.getByText('价格 · 美元').nextSibling?.textContent).toBe('$19.99');
    expect(long.getByText('周期').nextSibling?.textContent).toBe('每 45 天');
    expect(long.getByText('每周期额度').nextSibling?.textContent).toBe('$50.00');
    expect(long.getByRole('switch', { name: '启用套餐「长期版」' })).toBeTruthy();
    for (const action of ['编辑', '删除']) expect(button(card, action)).toBeTruthy();
    expect(long.queryByText('订阅分组')).toBeNull();

    await u.click(button(card, '更多'));
    expect(long.getByText('订阅分组').nextSibling?.textContent).toBe('vip');
    expect(long.getByText('每人限购').nextSibling?.textContent).toBe('2 次');
  });
});

describe('create', () => {
  it('shows each problem with the server message before sending anything, then creates the plan and lists it', async () => {
    const created = makePlan({ id: 3, name: '季度版', price_cny: 79.9, period: 'days', period_days: 90, quota: 25_000_000, group: 'vip' });
    let plans = PLANS;
    const { calls, u } = await renderPage({
      'GET /api/subscription/plan': () => ok(plans),
      'POST /api/subscription/plan': () => {
        plans = [...PLANS, created];
        return saved(created);
      },
    });
    await openCreate(u);

    await submit(u);
    expect(await message('请输入套餐名称')).toBeTruthy();
    await u.type(screen.getByLabelText('名称'), ' 季度版 ');
    await submit(u);
    expect(await message('请至少设置一种价格（人民币或美元）')).toBeTruthy();
    await u.type(screen.getByLabelText('人民币价格'), '79.9');
    await submit(u);
    expect(await message('每周期额度必须是正整数')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '$50.00' }));

    expect(screen.queryByLabelText('天数')).toBeNull();
    await choose(u, '周期', '按天数');
    await submit(u);
    expect(await message('按天数的周期必须是 1 到 3650 天')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await u.type(screen.getByLabelText('天数'), '90');
    await choose(u, '订阅分组', 'vip');
    await submit(u);

    expect(await message('套餐已保存')).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/subscription/plan',
        query: {},
        body: { name: '季度版', description: '', price_cny: 79.9, price_usd: 0, period: 'days', period_days: 90, quota: 25_000_000, group: 'vip', limit_per_user: 0, enabled: true, sort: 0 },
      },
    ]);
    expect(await screen.findByText('季度版')).toBeTruthy();
    expect(within(rowOf('季度版')).getByText('每 90 天')).toBeTruthy();
    expect(listReads(calls)).toHaveLength(2);
    await waitFor(() => expect(drawerTitle('新建套餐')).toBeNull());
  });

  it('keeps the drawer open with the server message when the server refuses', async () => {
    const { u } = await renderPage({ 'POST /api/subscription/plan': fail('分组 gold 不存在，请先在分组倍率中添加') });
    await openCreate(u);
    await u.type(screen.getByLabelText('名称'), '黄金版');
    await u.type(screen.getByLabelText('美元价格'), '9.99');
    await u.click(screen.getByRole('button', { name: '$10.00' }));
    await submit(u);

    expect(await message('分组 gold 不存在，请先在分组倍率中添加')).toBeTruthy();
    expect(drawerTitle('新建套餐')).toBeTruthy();
  });
});

describe('edit, toggle and delete', () => {
  it('edits a plan: the drawer holds its values and the update sends every field', async () => {
    const { calls, u } = await renderPage({ 'PUT /api/subscription/plan/2': (call) => saved({ ...PLANS[1], ...(call.body as object) }) });
    await u.click(button(rowOf('长期版'), '编辑'));
    await waitFor(() => expect(drawerTitle('编辑套餐')).toBeTruthy());

    const name = screen.getByLabelText('名称') as HTMLInputElement;
    expect(name.value).toBe('长期版');
    expect((screen.getByLabelText('美元价格') as HTMLInputElement).value).toBe('19.99');
    expect((screen.getByLabelText('天数') as HTMLInputElement).value).toBe('45');
    expect((screen.getByLabelText('每周期额度') as HTMLInputElement).value).toBe('25000000');
    expect((screen.getByLabelText('每人限购') as HTMLInputElement).value).toBe('2');
    await u.clear(name);
    await u.type(name, '长期版二代');
    await submit(u);

    expect(await message('套餐已保存')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PUT', path: '/api/subscription/plan/2', query: {}, body: { ...planFields(PLANS[1]), name: '长期版二代' } }]);
  });

  it('enables a stopped plan with the switch (its status alone) and shows what the server saved', async () => {
    const { calls, u } = await renderPage({ 'PUT /api/subscription/plan/2/status': saved({ ...PLANS[1], enabled: true }) });
    await u.click(switchOf('长期版'));

    expect(await message('套餐已保存')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PUT', path: '/api/subscription/plan/2/status', query: {}, body: { enabled: true } }]);
    await waitFor(() => expect(switchOf('长期版').getAttribute('aria-checked')).toBe('true'));
  });

  it('keeps the switch as it was when the server refuses', async () => {
    const { u } = await renderPage({ 'PUT /api/subscription/plan/1/status': fail('套餐不存在') });
    await u.click(switchOf('基础版'));

    expect(await message('套餐不存在')).toBeTruthy();
    expect(switchOf('基础版').getAttribute('aria-checked')).toBe('true');
  });

  it('deletes a plan only after confirmation, then lists the rest', async () => {
    let plans = PLANS;
    const { calls, u } = await renderPage({
      'GET /api/subscription/plan': () => ok(plans),
      'DELETE /api/subscription/plan/1': () => {
        plans = [PLANS[1]];
        return { success: true, message: '套餐已删除', data: null };
      },
    });
    await u.click(button(rowOf('基础版'), '删除'));

    expect(await screen.findByText('确定删除套餐「基础版」吗？')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await u.click(await whenClickable(screen.getByRole('button', { name: /确\s*定/ })));

    expect(await message('套餐已删除')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/api/subscription/plan/1', query: {}, body: undefined }]);
    await waitFor(() => expect(screen.queryByText('基础版')).toBeNull());
    expect(screen.getByText('长期版')).toBeTruthy();
  });
});
