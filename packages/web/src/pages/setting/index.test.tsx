import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { useStatusStore } from '@/stores/status';
import { useUserStore, type User } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';
import SettingPage from './index';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { success: boolean; message: string; data: unknown };

const ok = (data: unknown = null): Reply => ({ success: true, message: '', data });

const OPTION_RECORDS = [
  { key: 'QuotaForNewUser', value: '123' },
  { key: 'ServerAddress', value: 'https://gw.example.com' },
  { key: 'PasswordLoginEnabled', value: 'true' },
  { key: 'AutomaticDisableChannelEnabled', value: 'false' },
  { key: 'ModelRatio', value: '{"gpt-4":15}' },
  { key: 'SMTPToken', value: '' },
];

/**
 * A stand-in for the gateway's console API: answers by "METHOD /path" and records every call.
 * A function route sees the call; anything unknown is a 404.
 */
function fakeApi(user: User, overrides: Record<string, Reply | ((call: Call) => Reply)> = {}): Call[] {
  const routes: Record<string, Reply | ((call: Call) => Reply)> = {
    'GET /api/user/self': ok(user),
    'GET /api/user/models': ok(['gpt-4o', 'claude-3-5-sonnet']),
    'GET /api/user/aff': ok('Ab12'),
    'GET /api/option/': ok(OPTION_RECORDS),
    'PUT /api/option/': ok(),
    ...overrides,
  };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = { method: init?.method ?? 'GET', path: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const route = routes[`${call.method} ${url.pathname}`];
      if (!route) return jsonResponse({ success: false, message: 'not found' }, 404);
      return jsonResponse(typeof route === 'function' ? route(call) : route);
    }),
  );
  return calls;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/setting" element={<SettingPage />} />
        <Route path="/entry" element={<p>入口页</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const mutations = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

let messages: HTMLElement;

beforeEach(() => {
  // A fresh container per test, so that a message left over from another test cannot be found.
  // Messages stay (duration 0): no close animation is left running when the environment is torn down.
  messages = document.createElement('div');
  document.body.appendChild(messages);
  Message.config({ getContainer: () => messages, duration: 0 });
});

afterEach(() => {
  // Unmount first: with the user cleared a mounted page would switch to the personal tab and fetch.
  cleanup();
  useUserStore.getState().clearUser();
  useStatusStore.setState({ status: null });
  vi.unstubAllGlobals();
  messages.remove();
});

describe('SettingPage tabs', () => {
  it('shows a non-admin only the personal tab, even when ?tab=system is asked', async () => {
    const user = makeUser({ role: 1 });
    useUserStore.getState().setUser(user);
    const calls = fakeApi(user);
    renderAt('/setting?tab=system');

    expect(await screen.findByText('普通用户')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['个人设置']);
    expect(screen.queryByText('系统设置')).toBeNull();
    expect(screen.queryByRole('button', { name: '更新服务器地址' })).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/option/'))).toBe(false);
  });

  it('shows an administrator every tab and opens the one asked for', async () => {
    const admin = makeUser({ role: 100 });
    useUserStore.getState().setUser(admin);
    fakeApi(admin);
    renderAt('/setting?tab=system');

    expect(await screen.findByRole('button', { name: '更新服务器地址' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['个人设置', '运营设置', '系统设置', '其他设置']);
    expect((screen.getByLabelText('服务器地址') as HTMLInputElement).value).toBe('https://gw.example.com');
  });

  describe('for an administrator below role 100 (read-only)', () => {
    const NOTICE = '仅超级管理员可修改这些设置，当前为只读';
    const asAdmin = () => {
      const admin = makeUser({ role: 10 });
      useUserStore.getState().setUser(admin);
      return fakeApi(admin);
    };
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

    it('shows the system options disabled, the secrets empty, and no save button', async () => {
      const calls = asAdmin();
      renderAt('/setting?tab=system');

      expect(await screen.findByText(NOTICE)).toBeTruthy();
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['个人设置', '运营设置', '系统设置', '其他设置']);
      await waitFor(() => expect(field('服务器地址').value).toBe('https://gw.example.com'));
      expect(field('服务器地址').disabled).toBe(true);
      expect(field('SMTP 访问凭证').value).toBe('');
      expect(field('SMTP 访问凭证').disabled).toBe(true);
      expect(field('SMTP 访问凭证').placeholder).toBe('敏感信息不会发送到前端显示');
      expect(field('易支付商户密钥').disabled).toBe(true);
      expect((screen.getByRole('switch', { name: '允许通过密码进行登录' }) as HTMLButtonElement).disabled).toBe(true);
      expect(field('添加邮箱域名').disabled).toBe(true);
      expect(screen.queryAllByRole('button', { name: /^(保存|更新)/ })).toEqual([]);
      expect(screen.queryByText('运维工具')).toBeNull();
      expect(calls.filter((call) => call.path === '/api/option/').map((call) => call.method)).toEqual(['GET']);
    });

    it('sends nothing from the operation tab: switches locked, no log clearing, no ratio reset', async () => {
      const calls = asAdmin();
      renderAt('/setting?tab=operation');
      const toggle = await screen.findByRole('switch', { name: '失败时自动禁用渠道' });
      await waitFor(() => expect(field('新用户初始额度').value).toBe('123'));

      await userEvent.setup().click(toggle);
      expect(toggle.getAttribute('aria-checked')).toBe('false');
      expect((toggle as HTMLButtonElement).disabled).toBe(true);
      expect(field('新用户初始额度').disabled).toBe(true);
      expect(JSON.parse(field('模型倍率').value)).toEqual({ 'gpt-4': 15 });
      expect(field('模型倍率').disabled).toBe(true);
      expect(screen.queryByRole('button', { name: '清除历史日志' })).toBeNull();
      expect(screen.queryByRole('button', { name: '重置模型倍率' })).toBeNull();
      expect(screen.queryAllByRole('button', { name: /^保存/ })).toEqual([]);
      expect(mutations(calls)).toEqual([]);
    });

    it('shows the other tab disabled without its save buttons', async () => {
      asAdmin();
      renderAt('/setting?tab=other');

      expect(await screen.findByText(NOTICE)).toBeTruthy();
      expect(((await screen.findByLabelText('公告')) as HTMLTextAreaElement).disabled).toBe(true);
      expect(screen.queryByRole('button', { name: '保存公告' })).toBeNull();
    });

    it('leaves the personal tab as it is, without the notice', async () => {
      asAdmin();
      renderAt('/setting');

      expect(await screen.findByText('普通用户')).toBeTruthy();
      expect(screen.queryByText(NOTICE)).toBeNull();
    });
  });

  it('tags a super administrator 管理员 and shows the quota as currency', async () => {
    const admin = makeUser({ role: 100, quota: 1_000_000, used_quota: 500_160 });
    useUserStore.getState().setUser(admin);
    localStorage.setItem('display_in_currency', 'true');
    localStorage.setItem('quota_per_unit', '500000');
    fakeApi(admin);
    renderAt('/setting');

    expect(await screen.findByText('管理员')).toBeTruthy();
    expect(screen.getByText('$2.00')).toBeTruthy();
    // As many decimals as show the amount exactly: $1.00 would hide what was spent.
    expect(screen.getByText('$1.00032')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('邀请链接') as HTMLInputElement).value).toBe(`${window.location.origin}/register?aff=Ab12`),
    );
  });
});

describe('personal tab', () => {
  beforeEach(() => {
    useUserStore.getState().setUser(makeUser());
  });

  async function openChangePassword(password: string, confirmation: string) {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '修改密码' }));
    await user.type(screen.getByLabelText('新密码'), password);
    await user.type(screen.getByLabelText('确认新密码'), confirmation);
    await user.click(screen.getByRole('button', { name: '确定' }));
  }

  it('refuses a password change whose two entries differ', async () => {
    const calls = fakeApi(makeUser());
    renderAt('/setting');
    await openChangePassword('abcdefgh1', 'abcdefgh2');

    expect(await within(messages).findByText('两次输入的密码不一致！')).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
  });

  it('changes the password when both entries match', async () => {
    const calls = fakeApi(makeUser(), { 'PUT /api/user/self': ok() });
    renderAt('/setting');
    await openChangePassword('abcdefgh1', 'abcdefgh1');

    expect(await within(messages).findByText('密码修改成功！')).toBeTruthy();
    expect(mutations(calls)).toEqual([{ method: 'PUT', path: '/api/user/self', body: { password: 'abcdefgh1' } }]);
  });

  async function confirmDeletion(typed: string) {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '删除个人账户' }));
    await user.type(screen.getByLabelText('确认账户名'), typed);
    await user.click(screen.getByRole('button', { name: '确定' }));
  }

  it('refuses to delete the account when the typed name is not the own username', async () => {
    const calls = fakeApi(makeUser());
    renderAt('/setting');
    await confirmDeletion('alice2');

    expect(await within(messages).findByText('请输入你的账户名以确认删除！')).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
    expect(useUserStore.getState().user).not.toBeNull();
  });

  it('deletes the account, logs out and goes to /entry when the name matches', async () => {
    const calls = fakeApi(makeUser(), { 'DELETE /api/user/self': ok() });
    renderAt('/setting');
    await confirmDeletion('alice');

    expect(await screen.findByText('入口页')).toBeTruthy();
    expect(await within(messages).findByText('账户已删除！')).toBeTruthy();
    expect(mutations(calls)).toEqual([{ method: 'DELETE', path: '/api/user/self', body: undefined }]);
    expect(useUserStore.getState().user).toBeNull();
  });

  it('shows a bind button only for the methods the server enables', async () => {
    useStatusStore.getState().setStatus({ email_verification: true, github_oauth: false });
    fakeApi(makeUser({ email: 'alice@example.com' }));
    renderAt('/setting');

    expect(await screen.findByRole('button', { name: '修改邮箱绑定' })).toBeTruthy();
    expect(screen.getByText('alice@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '绑定GitHub' })).toBeNull();
    expect(screen.queryByRole('button', { name: '绑定微信' })).toBeNull();
  });
});

describe('e-mail binding', () => {
  beforeEach(() => {
    useUserStore.getState().setUser(makeUser());
    useStatusStore.getState().setStatus({ email_verification: true });
  });

  it('sends a code, binds the address with it and says 邮箱账户绑定成功！', async () => {
    const calls = fakeApi(makeUser(), { 'GET /api/verification': ok(), 'GET /api/oauth/email/bind': ok() });
    renderAt('/setting');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '绑定邮箱' }));
    await user.type(screen.getByLabelText('邮箱'), 'alice@example.com');
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(await within(messages).findByText('请输入邮箱验证码！')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await within(messages).findByText('验证码发送成功，请检查你的邮箱！')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新发送 \(30\)/ })).toBeTruthy();
    await user.type(screen.getByLabelText('验证码'), 'K7PX2M');
    await user.click(screen.getByRole('button', { name: '确定' }));

    expect(await within(messages).findByText('邮箱账户绑定成功！')).toBeTruthy();
    const emailCalls = calls.filter((call) => /^\/api\/(verification|oauth\/email)/.test(call.path)).map((call) => call.path);
    expect(emailCalls).toEqual(['/api/verification?email=alice%40example.com&turnstile=', '/api/oauth/email/bind?email=alice%40example.com&code=K7PX2M']);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    fakeApi(makeUser(), { 'GET /api/oauth/email/bind': { success: false, message: '邮箱地址已被占用', data: null } });
    renderAt('/setting');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '绑定邮箱' }));
    await user.type(screen.getByLabelText('邮箱'), 'taken@example.com');
    await user.type(screen.getByLabelText('验证码'), 'K7PX2M');
    await user.click(screen.getByRole('button', { name: '确定' }));

    expect(await within(messages).findByText('邮箱地址已被占用')).toBeTruthy();
    expect(screen.getByLabelText('验证码')).toBeTruthy();
    expect(within(messages).queryByText('邮箱账户绑定成功！')).toBeNull();
  });
});

describe('operation and system tabs', () => {
  beforeEach(() => {
    useUserStore.getState().setUser(makeUser({ role: 100 }));
  });

  it('warns and sends nothing when a card is saved unchanged', async () => {
    const calls = fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=operation');
    await userEvent.setup().click(await screen.findByRole('button', { name: '保存额度设置' }));

    expect(await within(messages).findByText('你似乎并没有修改什么')).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
  });

  it('sends only the changed option of a card', async () => {
    const calls = fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=operation');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('新用户初始额度');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('123'));
    await user.clear(input);
    await user.type(input, '500');
    await user.click(screen.getByRole('button', { name: '保存额度设置' }));

    expect(await within(messages).findByText('保存成功')).toBeTruthy();
    expect(mutations(calls)).toEqual([{ method: 'PUT', path: '/api/option/', body: { key: 'QuotaForNewUser', value: '500' } }]);
  });

  it('saves SqlDsns as a secret: a password field, empty, sent only once typed', async () => {
    const calls = fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=system');
    const user = userEvent.setup();
    const input = (await screen.findByLabelText('数据库连接串')) as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.placeholder).toBe('敏感信息不会发送到前端显示，已设置则留空不修改');
    await user.type(input, 'postgres://stats:pw@db.example.com/gw');
    await user.click(screen.getByRole('button', { name: '更新数据库连接串' }));

    expect(await within(messages).findByText('保存成功')).toBeTruthy();
    expect(mutations(calls)).toEqual([{ method: 'PUT', path: '/api/option/', body: { key: 'SqlDsns', value: 'postgres://stats:pw@db.example.com/gw' } }]);
  });

  it('names the page each chat link feeds', async () => {
    fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=operation');

    expect(await screen.findByLabelText('聊天页面链接（用于 /chat）')).toBeTruthy();
    expect(screen.getByLabelText('聊天页面链接 2（用于 /chat2link）')).toBeTruthy();
    expect(screen.getByText('/chat2link 页面跳转到此链接；留空则使用聊天页面链接')).toBeTruthy();
  });

  it('marks an invalid ratio and says 请检查输入 without saving', async () => {
    const calls = fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=operation');
    const user = userEvent.setup();
    await user.click(await screen.findByText('JSON'));
    const ratio = await screen.findByLabelText('模型倍率');
    await user.clear(ratio);
    await user.type(ratio, 'gpt-4: 15');
    await user.click(screen.getByRole('button', { name: '保存倍率设置' }));

    expect(await within(messages).findByText('请检查输入')).toBeTruthy();
    expect(screen.getByText('不是合法的 JSON 字符串')).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
  });

  it('saves a switch as soon as it is toggled', async () => {
    const calls = fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=operation');
    await userEvent.setup().click(await screen.findByRole('switch', { name: '失败时自动禁用渠道' }));

    await waitFor(() =>
      expect(mutations(calls)).toEqual([{ method: 'PUT', path: '/api/option/', body: { key: 'AutomaticDisableChannelEnabled', value: 'true' } }]),
    );
  });

  it('shows the arena switches off by default in 模型对战设置 and saves each as soon as it is toggled', async () => {
    const calls = fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=operation');
    const publicBoard = await screen.findByRole('switch', { name: '全站排行榜对所有用户公开' });
    const dropSelfNamed = screen.getByRole('switch', { name: '排除回答中自报模型名称的投票' });
    expect([publicBoard, dropSelfNamed].map((toggle) => toggle.getAttribute('aria-checked'))).toEqual(['false', 'false']);
    expect(publicBoard.closest('.arco-card')?.querySelector('.arco-card-header')?.textContent).toBe('模型对战设置');
    await userEvent.setup().click(publicBoard);
    await userEvent.setup().click(dropSelfNamed);

    await waitFor(() =>
      expect(mutations(calls)).toEqual([
        { method: 'PUT', path: '/api/option/', body: { key: 'ArenaLeaderboardPublic', value: 'true' } },
        { method: 'PUT', path: '/api/option/', body: { key: 'ArenaDropSelfIdentified', value: 'true' } },
      ]),
    );
  });

  it('shows the wallet fallback of subscriptions on by default in 订阅套餐设置 and saves it off', async () => {
    const calls = fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=operation');
    const fallback = await screen.findByRole('switch', { name: '套餐本周期额度用完后继续从钱包余额扣费' });
    expect(fallback.getAttribute('aria-checked')).toBe('true');
    expect(fallback.closest('.arco-card')?.querySelector('.arco-card-header')?.textContent).toBe('订阅套餐设置');
    await userEvent.setup().click(fallback);
    await waitFor(() => expect(mutations(calls)).toEqual([{ method: 'PUT', path: '/api/option/', body: { key: 'SubscriptionWalletFallback', value: 'false' } }]));
  });

  it('shows the switch for channels on local or private addresses off by default, says when to turn it on, and saves it on', async () => {
    const calls = fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=operation');
    const toggle = await screen.findByRole('switch', { name: '允许渠道代理地址使用本机或内网地址' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/^默认关闭：.*使用部署在本机或内网的模型服务（如 Ollama、vLLM）时打开此开关/)).toBeTruthy();
    await userEvent.setup().click(toggle);

    await waitFor(() =>
      expect(mutations(calls)).toEqual([{ method: 'PUT', path: '/api/option/', body: { key: 'ChannelPrivateAddressEnabled', value: 'true' } }]),
    );
  });

  it('shows sticky routing on and the route header off by default, and saves the binding lifetime and the switches', async () => {
    const calls = fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=operation');
    const user = userEvent.setup();
    const affinity = await screen.findByRole('switch', { name: '启用会话亲和（粘性路由）' });
    expect(affinity.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: '未携带会话标识的请求按令牌绑定' }).getAttribute('aria-checked')).toBe('false');
    const header = screen.getByRole('switch', { name: '在响应头 X-Gateway-Route 中返回路由过程' });
    expect(header.getAttribute('aria-checked')).toBe('false');
    const ttl = screen.getByLabelText('会话绑定有效期（秒）') as HTMLInputElement;
    expect(ttl.value).toBe('3600');

    await user.clear(ttl);
    await user.type(ttl, '600');
    await user.click(screen.getByRole('button', { name: '保存渠道路由' }));
    expect(await within(messages).findByText('保存成功')).toBeTruthy();
    await user.click(header);
    await waitFor(() =>
      expect(mutations(calls)).toEqual([
        { method: 'PUT', path: '/api/option/', body: { key: 'ChannelAffinityTTL', value: '600' } },
        { method: 'PUT', path: '/api/option/', body: { key: 'RouteHeaderEnabled', value: 'true' } },
      ]),
    );
  });

  it('asks before turning password login off', async () => {
    const calls = fakeApi(makeUser({ role: 100 }));
    renderAt('/setting?tab=system');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: '允许通过密码进行登录' }));

    expect(await screen.findByText('确定要取消密码登录吗？')).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(mutations(calls)).toEqual([{ method: 'PUT', path: '/api/option/', body: { key: 'PasswordLoginEnabled', value: 'false' } }]),
    );
    await waitFor(() => expect(screen.queryByText('确定要取消密码登录吗？')).toBeNull());
  });

  it('requires the server address before saving payment settings', async () => {
    const calls = fakeApi(makeUser({ role: 100 }), {
      'GET /api/option/': ok([{ key: 'ServerAddress', value: '' }]),
    });
    renderAt('/setting?tab=system');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('易支付商户 ID'), '1001');
    await user.click(screen.getByRole('button', { name: '更新支付设置' }));

    expect(await within(messages).findByText('请先填写服务器地址')).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
  });

  it.each([
    [true, '公告已更新'],
    [false, '公告更新失败'],
  ])('saves the notice on its own (server accepts: %s)', async (accepted, message) => {
    const calls = fakeApi(makeUser({ role: 100 }), {
      'PUT /api/option/': accepted ? ok() : { success: false, message: '数据库错误', data: null },
    });
    renderAt('/setting?tab=other');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('公告'), '维护通知');
    await user.click(screen.getByRole('button', { name: '保存公告' }));

    expect(await within(messages).findByText(message)).toBeTruthy();
    expect(mutations(calls)).toEqual([{ method: 'PUT', path: '/api/option/', body: { key: 'Notice', value: '维护通知' } }]);
  });
});
