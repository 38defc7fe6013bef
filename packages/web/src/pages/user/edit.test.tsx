import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { MSG_PASSWORD_TOO_SHORT } from '@gw/shared';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, rowOf, user, writes } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { makeAdminUser, renderUserPage, userPage, where } from './test-page';

const ALICE = makeAdminUser({ id: 2, username: 'alice', display_name: 'Alice', quota: 1_000_000, group: 'default', remark: '老客户' });
const BOB = makeAdminUser({ id: 3, username: 'bob', display_name: 'Bob', role: 10 });
const ROOT = makeAdminUser({ id: 1, username: 'root', display_name: 'Root', role: 100, quota: 0 });

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);
const drawer = () => document.querySelector('.arco-drawer') as HTMLElement;
const field = (label: string) => within(drawer()).getByLabelText(label) as HTMLInputElement;
const submit = () => user().click(within(drawer()).getByRole('button', { name: /提\s*交/ }));

beforeEach(() => {
  messages = captureMessages();
  localStorage.setItem('display_in_currency', 'true');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  messages.remove();
});

describe('UserPage add', () => {
  it('opens on the left and sends nothing without a username and a password', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage([ALICE]), 'POST /api/user/': ok() });
    await screen.findByText('alice');
    const u = user();

    await u.click(screen.getByRole('button', { name: '添加用户' }));
    expect(await within(drawer()).findByText('添加用户')).toBeTruthy();
    expect(drawer().style.left).toBe('0px');
    await submit();
    expect(await within(drawer()).findByText('请输入用户名')).toBeTruthy();
    expect(within(drawer()).getByText('请输入密码')).toBeTruthy();

    await u.type(field('用户名'), 'dave');
    await submit();
    expect(await within(drawer()).findByText('请输入密码')).toBeTruthy();
    await u.type(field('密码'), 'short');
    await submit();
    expect(await within(drawer()).findByText(MSG_PASSWORD_TOO_SHORT)).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('creates the user, says so and reloads the list', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage([ALICE]), 'POST /api/user/': ok() });
    await screen.findByText('alice');
    const u = user();

    await u.click(screen.getByRole('button', { name: '添加用户' }));
    await u.type(await within(drawer()).findByLabelText('用户名'), ' dave ');
    await u.type(field('显示名称'), '戴夫');
    await u.type(field('密码'), 'dave-pass-1');
    await submit();

    expect(await message('用户账户创建成功！')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/user/', query: {}, body: { username: 'dave', display_name: '戴夫', password: 'dave-pass-1' } }]);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/user/' && call.method === 'GET')).toHaveLength(2));
  });

  it('keeps the drawer open with the server message when the name is taken', async () => {
    renderUserPage({ 'GET /api/user/': userPage([ALICE]), 'POST /api/user/': fail('用户名已存在') });
    await screen.findByText('alice');
    const u = user();

    await u.click(screen.getByRole('button', { name: '添加用户' }));
    await u.type(await within(drawer()).findByLabelText('用户名'), 'alice');
    await u.type(field('密码'), 'alice-pass');
    await submit();

    expect(await message('用户名已存在')).toBeTruthy();
    expect(field('用户名').value).toBe('alice');
  });
});

describe('UserPage edit', () => {
  it('opens on the right with the current balance; the amount added, negative too, gives the balance sent', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage([ROOT, ALICE]), 'GET /api/user/2': ok(ALICE), 'PUT /api/user/': ok(ALICE) });
    await screen.findByText('alice');
    const u = user();

    await u.click(within(rowOf('alice')).getByRole('button', { name: '编辑' }));
    expect(await within(drawer()).findByText('编辑用户信息')).toBeTruthy();
    await within(drawer()).findByLabelText('增加额度');
    expect(drawer().style.right).toBe('0px');
    expect(within(drawer()).getByText('至少 8 个字符，留空则不修改')).toBeTruthy();
    const balances = () => within(drawer()).getAllByText(/^\$/, { selector: '.arco-descriptions-item-value span' }).map((node) => node.textContent);
    expect(balances()).toEqual(['$2.00', '$2.00']);
    expect(field('备注').value).toBe('老客户');

    await u.clear(field('增加额度'));
    await u.type(field('增加额度'), '500000');
    await waitFor(() => expect(balances()).toEqual(['$2.00', '$3.00']));
    await u.clear(field('增加额度'));
    await u.type(field('增加额度'), '-250000');
    await waitFor(() => expect(balances()).toEqual(['$2.00', '$1.50']));
    await u.clear(field('显示名称'));
    await u.type(field('显示名称'), 'Alice Li');
    await submit();

    expect(await message('用户信息更新成功！')).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/user/',
        query: {},
        body: { id: 2, username: 'alice', display_name: 'Alice Li', group: 'default', remark: '老客户', quota: 750_000 },
      },
    ]);
    await waitFor(() => expect(document.querySelector('.arco-drawer')).toBeNull());
  });

  it('changes the group and the password, and refuses a password under 8 characters', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage([ALICE]), 'GET /api/user/2': ok(ALICE), 'PUT /api/user/': ok(ALICE) });
    await screen.findByText('alice');
    const u = user();

    await u.click(within(rowOf('alice')).getByRole('button', { name: '编辑' }));
    await within(drawer()).findByLabelText('增加额度');
    await u.click(within(drawer()).getByRole('combobox', { name: '分组' }));
    await u.click(await screen.findByRole('option', { name: 'vip' }));
    await u.type(field('密码'), 'short');
    await submit();
    expect(await message(MSG_PASSWORD_TOO_SHORT)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await u.type(field('密码'), '-enough');
    await submit();
    expect(await message('用户信息更新成功！')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({ id: 2, username: 'alice', display_name: 'Alice', group: 'vip', remark: '老客户', password: 'short-enough' });
  });

  it('opens from /user/edit/{id} and goes back to /user when closed', async () => {
    renderUserPage({ 'GET /api/user/': userPage([ALICE]), 'GET /api/user/2': ok(ALICE) }, { url: '/user/edit/2' });
    await within(drawer()).findByLabelText('增加额度');
    expect(field('用户名').value).toBe('alice');

    await user().click(within(drawer()).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(where()).toBe('/user'));
  });

  it('shows the bound accounts, the invitation figures and the inviter, whose name opens its own drawer', async () => {
    const invited = makeAdminUser({ id: 5, username: 'carol', email: 'carol@example.com', github_id: 'gh-42', linux_do_id: 'ld-9', aff_count: 3, aff_quota: 250_000, aff_history_quota: 1_000_000, inviter_id: 2 });
    renderUserPage({ 'GET /api/user/': userPage([ALICE, invited]), 'GET /api/user/5': ok(invited), 'GET /api/user/2': ok(ALICE) }, { url: '/user/edit/5' });
    await within(drawer()).findByLabelText('增加额度');
    const item = (label: string) => within(drawer()).getByText(label).nextElementSibling?.textContent;

    expect(item('邮箱')).toBe('carol@example.com');
    expect(item('GitHub')).toBe('gh-42');
    expect(item('LinuxDO')).toBe('ld-9');
    expect(item('微信')).toBe('未绑定');
    expect(item('Telegram')).toBe('未绑定');
    expect(item('邀请人数')).toBe('3');
    expect(item('待使用收益')).toBe('$0.50');
    expect(item('总收益')).toBe('$2.00');
    await user().click(await within(drawer()).findByRole('link', { name: 'alice' }));
    await waitFor(() => expect(where()).toBe('/user/edit/2'));
    await waitFor(() => expect(field('用户名').value).toBe('alice'));
    expect(within(drawer()).getByText('邀请人').nextElementSibling?.textContent).toBe('无');
  });

  it('edits one’s own profile at /user/edit: name and password, no group or quota', async () => {
    const me = { ...BOB, quota: 5_000_000, group: 'vip' };
    const calls = renderUserPage({ 'GET /api/user/': userPage([ALICE, BOB]), 'GET /api/user/self': ok(me), 'PUT /api/user/': ok(me) }, { url: '/user/edit', viewer: { id: 3, role: 10 } });

    expect(await within(drawer()).findByText('编辑个人信息')).toBeTruthy();
    await within(drawer()).findByLabelText('显示名称');
    expect(field('用户名').value).toBe('bob');
    expect(within(drawer()).queryByLabelText('分组')).toBeNull();
    expect(within(drawer()).queryByLabelText('增加额度')).toBeNull();
    expect(within(drawer()).queryByText('当前余额')).toBeNull();
    expect(within(drawer()).getByText('至少 8 个字符，留空则不修改')).toBeTruthy();

    const u = user();
    await u.clear(field('显示名称'));
    await u.type(field('显示名称'), '鲍勃');
    await submit();

    expect(await message('用户信息更新成功！')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PUT', path: '/api/user/', query: {}, body: { id: 3, username: 'bob', display_name: '鲍勃' } }]);
    expect(useUserStore.getState().user?.display_name).toBe('鲍勃');
    await waitFor(() => expect(where()).toBe('/user'));
  });

  it('opens one’s own profile from one’s own row for an administrator', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage([ALICE, BOB]), 'GET /api/user/self': ok(BOB) }, { viewer: { id: 3, role: 10 } });
    await screen.findByText('bob');

    await user().click(within(rowOf('bob')).getByRole('button', { name: '编辑' }));

    expect(await within(drawer()).findByText('编辑个人信息')).toBeTruthy();
    await within(drawer()).findByLabelText('显示名称');
    expect(within(drawer()).queryByLabelText('增加额度')).toBeNull();
    expect(calls.some((call) => call.path === '/api/user/3')).toBe(false);
  });

  it('gives root the quota of its own account', async () => {
    const calls = renderUserPage({ 'GET /api/user/': userPage([ROOT]), 'GET /api/user/1': ok(ROOT), 'PUT /api/user/': ok(ROOT) });
    await screen.findByText('root');
    const u = user();

    await u.click(within(rowOf('root')).getByRole('button', { name: '编辑' }));
    await u.type(await within(drawer()).findByLabelText('增加额度'), '5000000');
    await submit();

    expect(await message('用户信息更新成功！')).toBeTruthy();
    expect(writes(calls)[0].body).toMatchObject({ id: 1, quota: 5_000_000 });
  });
});
