import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ChannelKey, ChannelKeyPage } from '@/api/channel-keys';
import { formatTimestamp } from '@/lib/time';
import { fail, fakeApi, makeKey, makeMultiKeyChannel, ok, type ApiCall, type Reply, type Route } from '../test-fake-api';
import { captureMessages, rowOf, user } from '../test-page';
import { KeyManagerDrawer } from './key-manager-drawer';

const POOL = makeMultiKeyChannel({ id: 7, name: 'pool', models: 'gpt-4o,gpt-4o-mini', test_model: 'gpt-4o-mini' });

const KEYS: ChannelKey[] = [
  makeKey({ id: 1, masked: 'sk-a****0001', request_count: 1234, token_count: 56789, used_time: 1_717_000_000 }),
  makeKey({ id: 2, masked: 'sk-b****0002', status: 2, status_reason: '管理员手动禁用', status_time: 1_717_100_000 }),
  makeKey({
    id: 3,
    masked: 'sk-c****0003',
    status: 3,
    status_reason: '上游返回 401',
    status_time: 1_717_171_717,
    last_error: 'HTTP 401: {"error":{"message":"Incorrect API key provided","code":"invalid_api_key"}}',
  }),
];

const keyPage = (items: ChannelKey[], fields: Partial<ChannelKeyPage> = {}) =>
  ok({ items, total: items.length, page: 1, page_size: 20, enabled: 1, manual_disabled: 1, auto_disabled: 1, ...fields });

type ManageBody = { channel_id: number; action: string; key_id?: number; page?: number; page_size?: number; status?: number };

/** Answers the manage route per action; get_key_status lists KEYS unless told otherwise. */
function renderManager(actions: Record<string, Reply> = {}, routes: Record<string, Route> = {}) {
  const onChanged = vi.fn();
  const calls = fakeApi({
    'POST /api/channel/multi_key/manage': (call) => {
      const { action } = call.body as ManageBody;
      return actions[action] ?? (action === 'get_key_status' ? keyPage(KEYS) : fail(`unexpected ${action}`));
    },
    ...routes,
  });
  render(<KeyManagerDrawer channel={POOL} onClose={() => {}} onChanged={onChanged} />);
  return { calls, onChanged };
}

const manageBodies = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/channel/multi_key/manage').map((call) => call.body as ManageBody);
const listings = (calls: ApiCall[]) => manageBodies(calls).filter((body) => body.action === 'get_key_status');
const changes = (calls: ApiCall[]) => manageBodies(calls).filter((body) => body.action !== 'get_key_status');
const confirmButton = async () => screen.findByRole('button', { name: /确\s*定/ });

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  vi.unstubAllGlobals();
  messages.remove();
  window.innerWidth = 1024;
});

describe('KeyManagerDrawer key table', () => {
  it('lists the keys masked with their status, counts and last use, and the channel counts by status', async () => {
    const { calls } = renderManager();
    expect(await screen.findByText('密钥管理：pool')).toBeTruthy();
    await screen.findByText('sk-a****0001');

    expect(listings(calls)).toEqual([{ channel_id: 7, action: 'get_key_status', page: 1, page_size: 20 }]);
    expect(screen.getByText('启用 1，手动禁用 1，自动禁用 1')).toBeTruthy();
    const first = within(rowOf('sk-a****0001'));
    expect(first.getByText('启用')).toBeTruthy();
    expect(first.getByText('1,234')).toBeTruthy();
    expect(first.getByText('56,789')).toBeTruthy();
    expect(first.getByText(formatTimestamp(1_717_000_000))).toBeTruthy();
    expect(first.getByRole('button', { name: '禁用' })).toBeTruthy();
    expect(within(rowOf('sk-b****0002')).getByText('手动禁用')).toBeTruthy();
    expect(within(rowOf('sk-b****0002')).getByText('从未使用')).toBeTruthy();
    expect(within(rowOf('sk-b****0002')).getByRole('button', { name: '启用' })).toBeTruthy();
    expect(within(rowOf('sk-c****0003')).getByText('自动禁用')).toBeTruthy();
  });

  it('explains an auto-disabled key in a tooltip and shows its whole last error on hover', async () => {
    renderManager();
    await screen.findByText('sk-c****0003');
    const row = within(rowOf('sk-c****0003'));
    const u = user();
    await u.hover(row.getByText('自动禁用'));
    expect(await screen.findByText('原因：上游返回 401')).toBeTruthy();
    expect(screen.getByText(`时间：${formatTimestamp(1_717_171_717)}`)).toBeTruthy();

    const error = row.getByText(/^HTTP 401/);
    expect(error.className).toBe('channel-key-error');
    await u.hover(error);
    await waitFor(() => expect(screen.getAllByText(KEYS[2].last_error)).toHaveLength(2));
  });

  it('pages on the server and filters by status from the first page', async () => {
    const many = Array.from({ length: 20 }, (_, index) => makeKey({ id: index + 1, masked: `sk-k****${String(index + 1).padStart(4, '0')}` }));
    const { calls } = renderManager({ get_key_status: keyPage(many, { total: 45 }) });
    await screen.findByText('sk-k****0001');
    const u = user();
    await u.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(listings(calls).at(-1)).toEqual({ channel_id: 7, action: 'get_key_status', page: 2, page_size: 20 }));

    await u.click(screen.getByRole('combobox', { name: '密钥状态' }));
    await u.click(await screen.findByRole('option', { name: '自动禁用' }));
    await waitFor(() => expect(listings(calls).at(-1)).toEqual({ channel_id: 7, action: 'get_key_status', page: 1, page_size: 20, status: 3 }));
  });

  it('shows each key as a card on a phone, without a sideways table', async () => {
    window.innerWidth = 390;
    renderManager();
    await screen.findByText('sk-a****0001');

    expect(screen.queryAllByRole('columnheader')).toEqual([]);
    const card = within(screen.getByText('sk-c****0003').closest('.rt-card') as HTMLElement);
    expect(card.getByText('自动禁用')).toBeTruthy();
    expect(card.getByText('最近错误')).toBeTruthy();
    expect(card.getByRole('button', { name: '测试' })).toBeTruthy();
    expect(document.querySelectorAll('.rt-card')).toHaveLength(3);
  });
});

describe('KeyManagerDrawer per-key actions', () => {
  it('disables and enables a key through the manage route, then reads the keys and the channel again', async () => {
    const { calls, onChanged } = renderManager({ disable_key: ok(), enable_key: ok() });
    await screen.findByText('sk-a****0001');
    const u = user();
    await u.click(within(rowOf('sk-a****0001')).getByRole('button', { name: '禁用' }));

    expect(await message('操作成功完成！')).toBeTruthy();
    await waitFor(() => expect(listings(calls)).toHaveLength(2));
    expect(onChanged).toHaveBeenCalledTimes(1);

    await u.click(within(rowOf('sk-b****0002')).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(listings(calls)).toHaveLength(3));
    expect(changes(calls)).toEqual([
      { channel_id: 7, action: 'disable_key', key_id: 1 },
      { channel_id: 7, action: 'enable_key', key_id: 2 },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('deletes a key only after confirming', async () => {
    const { calls, onChanged } = renderManager({ delete_key: ok() });
    await screen.findByText('sk-b****0002');
    await user().click(within(rowOf('sk-b****0002')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除密钥 sk-b****0002 吗？')).toBeTruthy();
    expect(changes(calls)).toEqual([]);
    await user().click(await confirmButton());

    await waitFor(() => expect(changes(calls)).toEqual([{ channel_id: 7, action: 'delete_key', key_id: 2 }]));
    expect(await message('操作成功完成！')).toBeTruthy();
    await waitFor(() => expect(listings(calls)).toHaveLength(2));
    expect(onChanged).toHaveBeenCalled();
  });

  it("shows the server's message when it refuses, and changes nothing", async () => {
    const { calls, onChanged } = renderManager({ delete_key: fail('至少保留一个密钥') });
    await screen.findByText('sk-a****0001');
    await user().click(within(rowOf('sk-a****0001')).getByRole('button', { name: '删除' }));
    await user().click(await confirmButton());

    expect(await message('至少保留一个密钥')).toBeTruthy();
    expect(listings(calls)).toHaveLength(1);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('tests one key with the test model and its key_id, then reads the keys again', async () => {
    const { calls } = renderManager({}, { 'GET /api/channel/test/7': { ...ok({ model: 'gpt-4o-mini', unpriced_models: [] }), time: 1.5 } as never });
    await screen.findByText('sk-c****0003');
    await user().click(within(rowOf('sk-c****0003')).getByRole('button', { name: '测试' }));

    expect(await message('密钥 sk-c****0003 测试成功，耗时 1.50 秒。')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/channel/test/7').map((call) => call.query)).toEqual([{ model: 'gpt-4o-mini', key_id: '3' }]);
    await waitFor(() => expect(listings(calls)).toHaveLength(2));
  });

  it('shows why a key test failed and reads the keys again for the recorded error', async () => {
    const { calls } = renderManager({}, { 'GET /api/channel/test/7': fail('上游返回 401 Unauthorized') });
    await screen.findByText('sk-a****0001');
    await user().click(within(rowOf('sk-a****0001')).getByRole('button', { name: '测试' }));

    expect(await message('上游返回 401 Unauthorized')).toBeTruthy();
    await waitFor(() => expect(listings(calls)).toHaveLength(2));
  });
});

describe('KeyManagerDrawer batch actions', () => {
  it('enables every key at once and says how many', async () => {
    const { calls, onChanged } = renderManager({ enable_all_keys: ok({ affected: 2 }) });
    await screen.findByText('sk-a****0001');
    await user().click(screen.getByRole('button', { name: '全部启用' }));

    expect(await message('已启用 2 个密钥')).toBeTruthy();
    expect(changes(calls)).toEqual([{ channel_id: 7, action: 'enable_all_keys' }]);
    await waitFor(() => expect(listings(calls)).toHaveLength(2));
    expect(onChanged).toHaveBeenCalled();
  });

  it('disables every key after confirming', async () => {
    const { calls } = renderManager({ disable_all_keys: ok({ affected: 3 }) });
    await screen.findByText('sk-a****0001');
    await user().click(screen.getByRole('button', { name: '全部禁用' }));
    expect(await screen.findByText('确定禁用全部密钥吗？')).toBeTruthy();
    expect(changes(calls)).toEqual([]);
    await user().click(await confirmButton());

    expect(await message('已禁用 3 个密钥')).toBeTruthy();
    expect(changes(calls)).toEqual([{ channel_id: 7, action: 'disable_all_keys' }]);
  });

  it('deletes the auto-disabled keys after confirming', async () => {
    const { calls } = renderManager({ delete_disabled_keys: ok({ affected: 1 }) });
    await screen.findByText('sk-a****0001');
    await user().click(screen.getByRole('button', { name: '删除自动禁用的密钥' }));
    expect(await screen.findByText('确定删除所有自动禁用的密钥吗？')).toBeTruthy();
    expect(changes(calls)).toEqual([]);
    await user().click(await confirmButton());

    expect(await message('已删除 1 个自动禁用的密钥')).toBeTruthy();
    expect(changes(calls)).toEqual([{ channel_id: 7, action: 'delete_disabled_keys' }]);
  });

  it('retests the auto-disabled keys and says how many were tested and came back', async () => {
    const { calls, onChanged } = renderManager({ retest_disabled_keys: ok({ tested: 2, enabled: 1 }) });
    await screen.findByText('sk-a****0001');
    await user().click(screen.getByRole('button', { name: '重新测试自动禁用的密钥' }));

    expect(await message('重新测试完成：测试 2 个，恢复 1 个')).toBeTruthy();
    expect(changes(calls)).toEqual([{ channel_id: 7, action: 'retest_disabled_keys' }]);
    await waitFor(() => expect(listings(calls)).toHaveLength(2));
    expect(onChanged).toHaveBeenCalled();
  });

  it("shows the server's message when a batch action is refused", async () => {
    const { onChanged } = renderManager({ enable_all_keys: fail('该渠道不是多密钥渠道') });
    await screen.findByText('sk-a****0001');
    await user().click(screen.getByRole('button', { name: '全部启用' }));

    expect(await message('该渠道不是多密钥渠道')).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
  });
});
