import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { fail, ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { captureMessages, rowOf, user, writes } from '@/pages/channel/test-page';
import { makeAdminUser, renderUserPage, userPage, where } from './test-page';

const USERS = [
  makeAdminUser({ id: 1, username: 'root', display_name: 'Root User', role: 100, quota: 0, used_quota: 0, request_count: 0 }),
  makeAdminUser({ id: 2, username: 'alice', display_name: 'Alice Wang', remark: '华东客户', role: 1, quota: 1_000_000 }),
  makeAdminUser({ id: 3, username: 'bob', display_name: 'bob', role: 10, status: 2, group: 'vip' }),
  makeAdminUser({ id: 4, username: 'carol', role: 1, DeletedAt: 1_714_521_600 }),
  makeAdminUser({ id: 5, username: 'odd', role: 5 }),
];

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);
const button = (row: HTMLElement, name: string) => within(row).getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => {
  messages = captureMessages();
  localStorage.setItem('display_in_currency', 'true');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  messages.remove();
});

describe('UserPage list', () => {
  it('shows every user with names, group, quota, role and status', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage(USERS) });

    expect(await screen.findByText('管理用户')).toBeTruthy();
    await screen.findByText('alice');
    expect(calls.find((call) => call.path === '/api/user/')?.query).toEqual({ p: '0', page_size: '10' });
    const alice = rowOf('alice');
    expect(within(alice).getByText('Alice Wang')).toBeTruthy();
    expect(within(alice).getByText('备注：华东客户')).toBeTruthy();
    expect(within(alice).getByText('$2.00')).toBeTruthy();
    expect(within(alice).getByText('$0.50')).toBeTruthy();
    expect(within(alice).getByText('12')).toBeTruthy();
    expect(within(alice).getByText('普通用户')).toBeTruthy();
    expect(within(alice).getByText('已激活')).toBeTruthy();
    expect(within(rowOf('root')).getByText('超级管理员')).toBeTruthy();
    expect(within(rowOf('bob')).getByText('管理员')).toBeTruthy();
    expect(within(rowOf('bob')).getByText('已封禁')).toBeTruthy();
    expect(within(rowOf('bob')).getByText('vip')).toBeTruthy();
    expect(within(rowOf('carol')).getByText('已注销')).toBeTruthy();
    expect(within(rowOf('odd')).getByText('未知身份')).toBeTruthy();
  });

  it('searches by keyword and group, and an empty search lists everyone again', async () => {
    const calls = renderUserPage({
      'GET /api/user/': userPage(USERS),
      'GET /api/user/search': userPage([USERS[2]]),
    });
    await screen.findByText('alice');
    const u = user();

    await u.type(screen.getByLabelText('搜索关键字'), '  bob ');
    await u.click(screen.getByRole('combobox', { name: '分组' }));
    await u.click(await screen.findByRole('option', { name: 'vip' }));
    await u.click(screen.getByRole('button', { name: /查\s*询/ }));

    await waitFor(() => expect(screen.queryByText('alice')).toBeNull());
    expect(calls.find((call) => call.path === '/api/user/search')?.query).toEqual({ keyword: 'bob', group: 'vip', p: '0', page_size: '10' });
    expect(screen.getByText('bob')).toBeTruthy();

    await u.clear(screen.getByLabelText('搜索关键字'));
    await u.click(screen.getByRole('combobox', { name: '分组' }).closest('.arco-select')!.querySelector('.arco-select-clear-icon')!);
    await u.click(screen.getByRole('button', { name: /查\s*询/ }));

    expect(await screen.findByText('alice')).toBeTruthy();
    expect(calls.filter((call) => call.path.startsWith('/api/user/')).map((call) => call.path)).toEqual(['/api/user/', '/api/user/search', '/api/user/']);
  });

  it('pages through the server: the second page asks for p=1', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => makeAdminUser({ id: index + 1, username: `user-${index + 1}` }));
    const calls = renderUserPage({
      'GET /api/user/': (call: ApiCall) =>
        call.query.p === '1' ? userPage([makeAdminUser({ id: 11, username: 'user-11' })], 11, 1) : userPage(firstPage, 11),
    });
    await screen.findByText('user-10');
    expect(screen.getByText('共 11 条')).toBeTruthy();

    await user().click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await screen.findByText('user-11');
    expect(calls.filter((call) => call.path === '/api/user/').map((call) => call.query.p)).toEqual(['0', '1']);
  });

  it('shows an empty table when the list fails, with the server message', async () => {
    renderUserPage({ 'GET /api/user/': fail('无权进行此操作') });
    expect(await message('无权进行此操作')).toBeTruthy();
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
});

describe('UserPage actions', () => {
  it('disables a user at once and shows the status the server answered', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage(USERS), 'POST /api/user/manage': ok({ status: 2, role: 1 }) });
    await screen.findByText('alice');

    await user().click(button(rowOf('alice'), '禁用'));

    expect(await message('操作成功完成！')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/user/manage', query: {}, body: { id: 2, action: 'disable' } }]);
    expect(within(rowOf('alice')).getByText('已封禁')).toBeTruthy();
    expect(button(rowOf('alice'), '启用')).toBeTruthy();
  });

  it('enables a banned user', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage(USERS), 'POST /api/user/manage': ok({ status: 1, role: 10 }) });
    await screen.findByText('bob');

    await user().click(button(rowOf('bob'), '启用'));

    expect(await message('操作成功完成！')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({ id: 3, action: 'enable' });
    expect(within(rowOf('bob')).getByText('已激活')).toBeTruthy();
  });

  it('promotes only after the confirmation, and shows the new role', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage(USERS), 'POST /api/user/manage': ok({ status: 1, role: 10 }) });
    await screen.findByText('alice');
    const u = user();

    await u.click(button(rowOf('alice'), '提升'));
    expect(await screen.findByText('确定将「alice」提升为管理员吗？')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await u.click(screen.getByRole('button', { name: /确\s*定/ }));

    expect(await message('操作成功完成！')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({ id: 2, action: 'promote' });
    expect(within(rowOf('alice')).getByText('管理员')).toBeTruthy();
  });

  it('demotes an administrator after the confirmation', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage(USERS), 'POST /api/user/manage': ok({ status: 2, role: 1 }) });
    await screen.findByText('bob');
    const u = user();

    await u.click(button(rowOf('bob'), '降级'));
    await u.click(await screen.findByRole('button', { name: /确\s*定/ }));

    expect(await message('操作成功完成！')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({ id: 3, action: 'demote' });
    expect(within(rowOf('bob')).getByText('普通用户')).toBeTruthy();
  });

  it('deletes (deregisters) after the confirmation; the row shows the account as deregistered', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage(USERS), 'POST /api/user/manage': ok({ status: 1, role: 1, DeletedAt: 1_717_171_717 }) });
    await screen.findByText('alice');
    const u = user();

    await u.click(button(rowOf('alice'), '删除'));
    expect(await screen.findByText('确定注销用户「alice」吗？')).toBeTruthy();
    expect(screen.getByText('注销后不可恢复')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /确\s*定/ }));

    expect(await message('操作成功完成！')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({ id: 2, action: 'delete' });
    expect(within(rowOf('alice')).getByText('已注销')).toBeTruthy();
    expect(rowOf('alice').className).toContain('user-row-deregistered');
    expect(within(rowOf('alice')).queryByRole('button', { name: '编辑' })).toBeNull();
  });

  it('shows the server message when an action is refused and leaves the row as it was', async () => {
    renderUserPage({ 'GET /api/user/': userPage(USERS), 'POST /api/user/manage': fail('无权更新同权限等级或更高权限等级的用户信息') });
    await screen.findByText('alice');

    await user().click(button(rowOf('alice'), '禁用'));

    expect(await message('无权更新同权限等级或更高权限等级的用户信息')).toBeTruthy();
    expect(within(rowOf('alice')).getByText('已激活')).toBeTruthy();
  });

  it('offers an administrator only what its role permits', async () => {
    renderUserPage({ 'GET /api/user/': userPage(USERS) }, { viewer: { id: 3, role: 10 } });
    await screen.findByText('alice');

    const alice = rowOf('alice');
    expect(button(alice, '提升').disabled).toBe(true);
    expect(button(alice, '降级').disabled).toBe(true);
    expect(button(alice, '禁用').disabled).toBe(false);
    expect(button(alice, '删除').disabled).toBe(false);
    expect(button(alice, '编辑').disabled).toBe(false);
    const root = rowOf('root');
    for (const name of ['提升', '降级', '禁用', '删除', '编辑']) expect(button(root, name).disabled, name).toBe(true);
    // Its own row: the name and password only (one's own profile), never a manage action.
    const bob = rowOf('bob');
    expect(button(bob, '启用').disabled).toBe(true);
    expect(button(bob, '编辑').disabled).toBe(false);
  });

  it('offers nothing but the monitor on a deregistered account, which can no longer be changed', async () => {
    renderUserPage({ 'GET /api/user/': userPage(USERS) });
    await screen.findByText('carol');

    const carol = rowOf('carol');
    expect(within(carol).queryAllByRole('button')).toEqual([]);
    expect(within(carol).getByRole('link', { name: '监控' }).getAttribute('href')).toBe('/monitor?userId=4&role=1&name=carol');
    expect(within(rowOf('alice')).getAllByRole('button').map((action) => action.textContent)).toEqual(['提升', '降级', '禁用', '删除', '编辑', '设备']);
  });

  it('lets root promote and demote anyone one step, and edit itself', async () => {
    renderUserPage({ 'GET /api/user/': userPage(USERS) });
    await screen.findByText('alice');

    expect(button(rowOf('alice'), '提升').disabled).toBe(false);
    expect(button(rowOf('alice'), '降级').disabled).toBe(true);
    expect(button(rowOf('bob'), '提升').disabled).toBe(false);
    expect(button(rowOf('bob'), '降级').disabled).toBe(false);
    expect(button(rowOf('root'), '禁用').disabled).toBe(true);
    expect(button(rowOf('root'), '编辑').disabled).toBe(false);
  });

  it('never lets a super administrator raise anyone to its own rank', async () => {
    renderUserPage({ 'GET /api/user/': userPage(USERS) }, { viewer: { id: 9, role: 100 } });
    await screen.findByText('alice');

    expect(button(rowOf('alice'), '提升').disabled).toBe(false);
    expect(button(rowOf('bob'), '提升').disabled).toBe(true);
    expect(button(rowOf('bob'), '降级').disabled).toBe(false);
    expect(button(rowOf('root'), '降级').disabled).toBe(true);
  });

  it('links each user to the monitor with userId, role and name; a super administrator without the user filter', async () => {
    renderUserPage({ 'GET /api/user/': userPage(USERS) });
    await screen.findByText('alice');

    expect(within(rowOf('alice')).getByRole('link', { name: '监控' }).getAttribute('href')).toBe('/monitor?userId=2&role=1&name=alice');
    expect(within(rowOf('bob')).getByRole('link', { name: '监控' }).getAttribute('href')).toBe('/monitor?userId=3&role=10&name=bob');
    expect(within(rowOf('root')).getByRole('link', { name: '监控' }).getAttribute('href')).toBe('/monitor?role=100&name=root');

    await user().click(within(rowOf('alice')).getByRole('link', { name: '监控' }));
    expect(where()).toBe('/monitor?userId=2&role=1&name=alice');
  });
});
