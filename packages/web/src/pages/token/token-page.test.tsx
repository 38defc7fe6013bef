import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message, Modal } from '@arco-design/web-react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Token } from '@/api/tokens';
import { openExpansion } from '@/components/responsive-table/test-expansion';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';
import TokenPage from './index';
import { whenClickable } from '@/test/popups';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Reply = { success: boolean; message: string; data: unknown };
type Route = Reply | ((call: Call) => Reply);

const ok = (data: unknown = null): Reply => ({ success: true, message: '', data });

function makeToken(fields: Partial<Token> = {}): Token {
  return {
    id: 1,
    name: 'prod',
    key: 'sk-abcd0000000000000000000000000000000000000000wxyz',
    status: 1,
    remain_quota: 1_000_000,
    used_quota: 250_000,
    unlimited_quota: false,
    created_time: 1_900_000_000,
    expired_time: -1,
    model_limits_enabled: false,
    model_limits: '',
    allow_ips: '',
    group: '',
    rate_limit_enabled: false,
    rate_per_minute: 0,
    ...fields,
  };
}

const TOKENS = [
  makeToken({ id: 1, name: 'prod', model_limits_enabled: true, model_limits: 'gpt-4o,o3', rate_limit_enabled: true, rate_per_minute: 30 }),
  makeToken({ id: 2, name: 'staging', status: 2, key: 'sk-efgh1111111111111111111111111111111111111111ijkl', unlimited_quota: true }),
  makeToken({ id: 3, name: 'old', status: 3, key: 'sk-mnop2222222222222222222222222222222222222222qrst', expired_time: 1_900_086_400 }),
];

const page = (items: Token[], total = items.length) => ok({ items, total, page: 0, page_size: 10 });

/** A stand-in for the console API: answers by "METHOD /path" and records every call; unknown is a 404. */
function fakeApi(overrides: Record<string, Route> = {}): Call[] {
  const routes: Record<string, Route> = {
    'GET /api/token/': page(TOKENS),
    'GET /api/user/self': ok(makeUser({ quota: 100_000_000 })),
    'GET /api/user/self/groups': ok({ default: '默认分组', vip: 'VIP 分组' }),
    'GET /api/user/models': ok(['gpt-4o', 'o3']),
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

const mutations = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

let messages: HTMLElement;
let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;

beforeEach(() => {
  messages = document.createElement('div');
  document.body.appendChild(messages);
  Message.config({ getContainer: () => messages, duration: 0 });
  writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
  useUserStore.getState().setUser(makeUser({ quota: 100_000_000 }));
  localStorage.setItem('display_in_currency', 'true');
  localStorage.setItem('quota_per_unit', '500000');
});

afterEach(() => {
  cleanup();
  // The clipboard-failure dialog lives outside the rendered tree; left open, its focus lock would
  // take the keyboard from the next test.
  Modal.destroyAll();
  useUserStore.getState().clearUser();
  useStatusStore.setState({ status: null });
  vi.unstubAllGlobals();
  messages.remove();
});

/** Where a link of the page went (a chat page), shown as text. */
function CurrentAddress() {
  const location = useLocation();
  return <p>opened {location.pathname + location.search}</p>;
}

/**
 * Renders the page and waits for the first rows. The clipboard is stubbed after userEvent.setup(),
 * which installs a clipboard of its own.
 */
async function renderPage() {
  const user = userEvent.setup({ delay: null });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  render(
    <MemoryRouter initialEntries={['/token']}>
      <Routes>
        <Route path="/token" element={<TokenPage />} />
        <Route path="*" element={<CurrentAddress />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByText('prod');
  return user;
}

describe('token list', () => {
  it('asks for the first page and shows every column, shading the rows that are not enabled', async () => {
    const calls = fakeApi();
    await renderPage();

    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/token/?p=0&size=10' });
    expect(screen.getByText('我的令牌')).toBeTruthy();
    expect(rowOf('prod').className).not.toContain('token-row-inactive');
    expect(rowOf('staging').className).toContain('token-row-inactive');
    expect(rowOf('old').className).toContain('token-row-inactive');

    const prod = within(rowOf('prod'));
    expect(prod.getByText('已启用')).toBeTruthy();
    expect(prod.getByText('限模型')).toBeTruthy();
    expect(prod.getByText('30次/分')).toBeTruthy();
    expect(prod.getByText('sk-abcd…wxyz')).toBeTruthy();
    expect(prod.getByText('$0.50')).toBeTruthy();
    expect(prod.getByText('$2.00')).toBeTruthy();
    expect(within(openExpansion(rowOf('prod'))).getByText('永不过期')).toBeTruthy();
    expect(prod.getByRole('button', { name: '禁用' })).toBeTruthy();
    expect(screen.queryByText(/abcd0000/)).toBeNull();

    const staging = within(rowOf('staging'));
    expect(staging.getByText('已禁用')).toBeTruthy();
    expect(staging.getByText('无限额度')).toBeTruthy();
    expect(staging.getByRole('button', { name: '启用' })).toBeTruthy();

    const old = within(rowOf('old'));
    expect(old.getByText('已过期')).toBeTruthy();
    expect(old.queryByRole('button', { name: /启用|禁用/ })).toBeNull();
    expect(within(openExpansion(rowOf('old'))).getAllByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toHaveLength(2);
  });

  it('uses the page size remembered under page-size and asks for the zero-based page', async () => {
    localStorage.setItem('page-size', '20');
    const calls = fakeApi({ 'GET /api/token/': page(TOKENS, 45) });
    const user = await renderPage();
    expect(calls[0].path).toBe('/api/token/?p=0&size=20');

    await user.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/token/?p=1&size=20'));
  });

  it('searches by name keyword and key, and lists everything again on reset', async () => {
    const calls = fakeApi({ 'GET /api/token/search': page([TOKENS[1]]) });
    const user = await renderPage();
    await user.type(screen.getByLabelText('令牌名称'), 'stag');
    await user.type(screen.getByLabelText('令牌密钥'), 'sk-efgh');
    await user.click(screen.getByRole('button', { name: /查询/ }));

    await waitFor(() => expect(screen.queryByText('prod')).toBeNull());
    expect(screen.getByText('staging')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ method: 'GET', path: '/api/token/search?keyword=stag&token=sk-efgh&p=0&size=10', body: undefined });

    await user.click(screen.getByRole('button', { name: '重置' }));
    expect(await screen.findByText('prod')).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/token/?p=0&size=10');
  });

  it('pages a search on the server, with the total it answers', async () => {
    const calls = fakeApi({ 'GET /api/token/search': page([TOKENS[1]], 25) });
    const user = await renderPage();
    await user.type(screen.getByLabelText('令牌名称'), 'stag');
    await user.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/token/search?keyword=stag&token=&p=0&size=10'));

    // The pager grows to the answered total once the reply has rendered, which may be after the call was seen.
    await user.click(await screen.findByText('3', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/api/token/search?keyword=stag&token=&p=2&size=10'));
  });

  it('refreshes the list', async () => {
    const calls = fakeApi();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /刷新/ }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/token/?p=0&size=10')).toHaveLength(2));
  });
});

describe('row actions', () => {
  it('disables an enabled token with a status-only update', async () => {
    const calls = fakeApi({ 'PUT /api/token/': ok(TOKENS[0]) });
    const user = await renderPage();
    await user.click(within(rowOf('prod')).getByRole('button', { name: '禁用' }));

    expect(await within(messages).findByText('操作成功完成！')).toBeTruthy();
    expect(mutations(calls)).toEqual([{ method: 'PUT', path: '/api/token/?status_only=true', body: { id: 1, status: 2 } }]);
  });

  it('enables a disabled token and shows the server message when it refuses', async () => {
    const calls = fakeApi({ 'PUT /api/token/': { success: false, message: '令牌已过期', data: null } });
    const user = await renderPage();
    await user.click(within(rowOf('staging')).getByRole('button', { name: '启用' }));

    expect(await within(messages).findByText('令牌已过期')).toBeTruthy();
    expect(mutations(calls)).toEqual([{ method: 'PUT', path: '/api/token/?status_only=true', body: { id: 2, status: 1 } }]);
  });

  it('deletes a token only after confirmation', async () => {
    const calls = fakeApi({ 'DELETE /api/token/2/': ok() });
    const user = await renderPage();
    await user.click(within(rowOf('staging')).getByRole('button', { name: '删除' }));

    expect(await screen.findByText('确定删除令牌「staging」吗？')).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
    await user.click(await whenClickable(screen.getByRole('button', { name: '确定' })));

    expect(await within(messages).findByText('删除成功')).toBeTruthy();
    expect(mutations(calls)).toEqual([{ method: 'DELETE', path: '/api/token/2/', body: undefined }]);
  });

  it('copies the full key of a row', async () => {
    fakeApi();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '复制密钥 prod' }));

    expect(await within(messages).findByText('已复制到剪贴板')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(TOKENS[0].key);
  });

  it('shows the key for manual copy when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    fakeApi();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: '复制密钥 prod' }));

    expect(await screen.findByText('无法复制到剪贴板，请手动复制')).toBeTruthy();
    expect(screen.getByText(TOKENS[0].key)).toBeTruthy();
  });
});

describe('token list on a phone', () => {
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('shows each token as a card with its status, key, remaining quota and actions, which still act', async () => {
    window.innerWidth = 390;
    fakeApi();
    const user = await renderPage();
    expect(screen.queryAllByRole('columnheader')).toEqual([]);

    const card = screen.getByText('prod').closest('.rt-card') as HTMLElement;
    const prod = within(card);
    for (const label of ['状态', '密钥', '剩余额度']) expect(prod.getByText(label)).toBeTruthy();
    expect(prod.getByText('sk-abcd…wxyz')).toBeTruthy();
    expect(prod.getByText('$2.00')).toBeTruthy();
    for (const action of ['禁用', '编辑', '删除']) expect(prod.getByRole('button', { name: action })).toBeTruthy();

    await user.click(prod.getByRole('button', { name: '复制密钥 prod' }));
    expect(writeText).toHaveBeenCalledWith(TOKENS[0].key);
  });
});

describe('copy selected', () => {
  it('warns and copies nothing when no token is selected', async () => {
    fakeApi();
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: /复制所选令牌/ }));

    expect(await within(messages).findByText('请至少选择一个令牌！')).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the selected keys one per line', async () => {
    fakeApi();
    const user = await renderPage();
    await user.click(within(rowOf('prod')).getByRole('checkbox'));
    await user.click(within(rowOf('old')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /复制所选令牌/ }));

    expect(await within(messages).findByText('已复制到剪贴板')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${TOKENS[0].key}\n${TOKENS[2].key}`);
  });
});

describe('add/edit drawer', () => {
  async function openAdd(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: /添加令牌/ }));
    await screen.findByText('添加令牌', { selector: '.arco-drawer-header-title' });
    // The drawer has loaded the groups, the models and the balance.
    await waitFor(() => expect(document.querySelector('.arco-drawer .arco-spin-loading')).toBeNull());
    return user;
  }

  it('creates a token with the defaults: one token, $1, never expiring', async () => {
    const calls = fakeApi({ 'POST /api/token/': ok([makeToken({ id: 9, name: 'ci' })]) });
    const user = await openAdd(await renderPage());
    await user.type(screen.getByLabelText('名称'), 'ci');
    await user.click(screen.getByRole('button', { name: '提交' }));

    expect(await within(messages).findByText('令牌创建成功')).toBeTruthy();
    expect(mutations(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/token/',
        body: {
          name: 'ci',
          group: '',
          expired_time: -1,
          unlimited_quota: false,
          remain_quota: 500000,
          model_limits_enabled: false,
          model_limits: '',
          allow_ips: '',
          rate_limit_enabled: false,
          rate_per_minute: 0,
          count: 1,
        },
      },
    ]);
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/token/?p=0&size=10')).toHaveLength(2));
  });

  it('creates a batch with a preset quota and a rate limit', async () => {
    const calls = fakeApi({ 'POST /api/token/': ok([]) });
    const user = await openAdd(await renderPage());
    await user.type(screen.getByLabelText('名称'), 'batch');
    await user.click(screen.getByRole('button', { name: '$10.00' }));
    await user.click(screen.getByRole('button', { name: '10 个' }));
    await user.click(screen.getByRole('switch', { name: '启用速率限制' }));
    await user.type(screen.getByLabelText('每分钟请求次数'), '60');
    await user.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(mutations(calls)).toHaveLength(1));
    expect(mutations(calls)[0].body).toMatchObject({ name: 'batch', remain_quota: 5_000_000, count: 10, rate_limit_enabled: true, rate_per_minute: 60 });
  });

  it('sets the expiry from a quick pick, limits models and sends allowed IPs one per line', async () => {
    const calls = fakeApi({ 'POST /api/token/': ok([]) });
    const user = await openAdd(await renderPage());
    await user.type(screen.getByLabelText('名称'), 'ci');
    const before = Math.floor(Date.now() / 1000);
    await user.click(screen.getByRole('button', { name: '一天' }));
    expect((screen.getByRole('switch', { name: '永不过期' }) as HTMLButtonElement).getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByRole('switch', { name: '启用模型限制' }));
    await user.click(screen.getByLabelText('可用模型'));
    await user.click(await whenClickable(await screen.findByText('o3', { selector: '.arco-select-option' })));
    await user.click(await whenClickable(screen.getByText('gpt-4o', { selector: '.arco-select-option' })));
    await user.type(screen.getByLabelText('IP 白名单'), '10.0.0.1{Enter}{Enter}192.168.0.0/16');
    await user.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(mutations(calls)).toHaveLength(1));
    const body = mutations(calls)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ model_limits_enabled: true, model_limits: 'o3,gpt-4o', allow_ips: '10.0.0.1\n192.168.0.0/16' });
    expect(body.expired_time).toBeGreaterThanOrEqual(before + 86_400 - 1);
    expect(body.expired_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 86_400);
  });

  it('sends nothing without a name', async () => {
    const calls = fakeApi();
    const user = await openAdd(await renderPage());
    await user.click(screen.getByRole('button', { name: '提交' }));

    expect(await within(messages).findByText('请输入令牌名称')).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
  });

  it('requires the rate per minute once rate limiting is on', async () => {
    const calls = fakeApi();
    const user = await openAdd(await renderPage());
    await user.type(screen.getByLabelText('名称'), 'ci');
    await user.click(screen.getByRole('switch', { name: '启用速率限制' }));
    await user.click(screen.getByRole('button', { name: '提交' }));

    expect(await within(messages).findByText('请输入每分钟请求次数')).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
  });

  it('warns when the quota of the batch is more than the balance and sends nothing', async () => {
    const calls = fakeApi({ 'GET /api/user/self': ok(makeUser({ quota: 1_000_000 })) });
    const user = await openAdd(await renderPage());
    await user.type(screen.getByLabelText('名称'), 'ci');
    await user.click(screen.getByRole('button', { name: '10 个' }));

    const warning = '额度超出账户余额，每个令牌最多 $0.20';
    expect(await screen.findByText(warning)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(await within(messages).findByText(warning)).toBeTruthy();
    expect(mutations(calls)).toEqual([]);
  });

  it('keeps the drawer open with the server message when creation fails', async () => {
    fakeApi({ 'POST /api/token/': { success: false, message: '令牌名称过长', data: null } });
    const user = await openAdd(await renderPage());
    await user.type(screen.getByLabelText('名称'), 'ci');
    await user.click(screen.getByRole('button', { name: '提交' }));

    expect(await within(messages).findByText('令牌名称过长')).toBeTruthy();
    expect(screen.getByText('添加令牌', { selector: '.arco-drawer-header-title' })).toBeTruthy();
  });

  it('edits a token as the server has it and sends the id with the fields', async () => {
    const current = { ...TOKENS[0], name: 'prod-current', remain_quota: 2_000_000 };
    const calls = fakeApi({ 'GET /api/token/1': ok(current), 'PUT /api/token/': ok(current) });
    const user = await renderPage();
    await user.click(within(rowOf('prod')).getByRole('button', { name: '编辑' }));

    const name = await screen.findByLabelText('名称');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('prod-current'));
    expect(screen.queryByLabelText('数量')).toBeNull();
    await user.clear(name);
    await user.type(name, 'renamed');
    await user.click(screen.getByRole('button', { name: '提交' }));

    expect(await within(messages).findByText('令牌更新成功')).toBeTruthy();
    expect(calls.some((call) => call.method === 'GET' && call.path === '/api/token/1')).toBe(true);
    expect(mutations(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/token/',
        body: {
          id: 1,
          name: 'renamed',
          group: '',
          expired_time: -1,
          unlimited_quota: false,
          remain_quota: 2_000_000,
          model_limits_enabled: true,
          model_limits: 'gpt-4o,o3',
          allow_ips: '',
          rate_limit_enabled: true,
          rate_per_minute: 30,
        },
      },
    ]);
  });
});

describe('chat from a token row', () => {
  it('opens the only configured chat with that token, and offers none on a token that is not enabled', async () => {
    useStatusStore.setState({ status: { chat_link: 'https://chat.example.com' } });
    fakeApi();
    const user = await renderPage();

    expect(within(rowOf('staging')).queryByRole('button', { name: '聊天 staging' })).toBeNull();
    await user.click(within(rowOf('prod')).getByRole('button', { name: '聊天 prod' }));
    expect(await screen.findByText('opened /chat/0?token=1')).toBeTruthy();
  });

  it('lists every Chats entry and the redirect link, each opening with that token', async () => {
    useStatusStore.setState({ status: { chats: [{ 'Next Web': 'https://next.example.com/?key={key}' }, { Lobe: 'https://lobe.example.com/?key={key}' }], chat_link2: 'https://two.example.com' } });
    fakeApi();
    const user = await renderPage();

    await user.click(within(rowOf('prod')).getByRole('button', { name: '聊天 prod' }));
    expect(await screen.findByText('Next Web')).toBeTruthy();
    expect(screen.getByText('在新页面中聊天')).toBeTruthy();
    await user.click(await whenClickable(screen.getByText('Lobe')));
    expect(await screen.findByText('opened /chat/1?token=1')).toBeTruthy();
  });

  it('offers no chat while none is configured', async () => {
    useStatusStore.setState({ status: { chats: [], chat_link: '' } });
    fakeApi();
    await renderPage();
    expect(screen.queryByRole('button', { name: /^聊天/ })).toBeNull();
  });
});
