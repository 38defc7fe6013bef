import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Channel, ChannelTagRow } from '@/api/channels';
import { openExpansion } from '@/components/responsive-table/test-expansion';
import { formatTimestamp } from '@/lib/time';
import { fail, makeChannel, ok, type ApiCall, type Route } from './test-fake-api';
import { captureMessages, renderChannelPage, rowOf, user, writes } from './test-page';

const CHANNELS: Channel[] = [
  makeChannel({ id: 1, name: 'openai-main', status: 1, priority: 3, response_time: 800 }),
  makeChannel({ id: 2, name: 'claude-backup', type: 14, status: 2, group: 'default,vip', weight: 5 }),
  makeChannel({
    id: 3,
    name: 'azure-east',
    type: 3,
    status: 3,
    other_info: JSON.stringify({ status_reason: '上游返回 401 Unauthorized', status_time: 1_717_171_717 }),
  }),
];

const TAG_ROW: ChannelTagRow = {
  key: 'tag:team-a',
  tag: 'team-a',
  name: 'team-a',
  group: 'default,vip',
  models: 'gpt-4o',
  used_quota: 1_500_000,
  response_time: 2500,
  priority: 5,
  weight: 2,
  status: 1,
  children: [makeChannel({ id: 11, name: 'a-1', tag: 'team-a', priority: 5, weight: 2 }), makeChannel({ id: 12, name: 'a-2', tag: 'team-a', status: 2 })],
};

const page = (items: unknown[]) => ok({ items, total: items.length, page: 0, page_size: 10 });

function renderPage(routes: Record<string, Route> = {}): ApiCall[] {
  return renderChannelPage({
    'GET /api/channel/': (call) => (call.query.tag_mode === 'true' ? page([TAG_ROW, CHANNELS[0]]) : page(CHANNELS)),
    'PUT /api/channel/': ok(),
    ...routes,
  });
}

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  messages.remove();
});

describe('ChannelPage list', () => {
  it('loads the first page with the stored page size and greys channels that are not enabled', async () => {
    localStorage.setItem('page-size', '20');
    const calls = renderPage();

    expect(await screen.findByText('管理渠道')).toBeTruthy();
    await screen.findByText('openai-main');
    expect(calls.find((call) => call.path === '/api/channel/')?.query).toEqual({ p: '0', page_size: '20', id_sort: 'false', tag_mode: 'false' });
    expect(rowOf('openai-main').className).not.toContain('channel-row-disabled');
    expect(rowOf('claude-backup').className).toContain('channel-row-disabled');
    expect(rowOf('azure-east').className).toContain('channel-row-disabled');
    const claudeMore = within(openExpansion(rowOf('claude-backup')));
    expect(claudeMore.getByText('Anthropic Claude')).toBeTruthy();
    expect(claudeMore.getByText('vip')).toBeTruthy();
    expect(within(rowOf('openai-main')).getByText('0.80 秒')).toBeTruthy();
    expect(within(rowOf('claude-backup')).getByText('未测试')).toBeTruthy();
  });

  it('explains an auto-disabled channel with the reason and time in a tooltip', async () => {
    renderPage();
    const status = await screen.findByText('已自动禁用');
    await user().hover(status);

    expect(await screen.findByText('原因：上游返回 401 Unauthorized')).toBeTruthy();
    expect(screen.getByText(`时间：${formatTimestamp(1_717_171_717)}`)).toBeTruthy();
  });

  it('tags a channel the relay is cooling down, with the reason and the end in a tooltip', async () => {
    const until = Math.floor(Date.now() / 1000) + 3600;
    renderPage({ 'GET /api/channel/': page([makeChannel({ id: 5, name: 'flaky', cooldown_until: until, cooldown_reason: 'HTTP 500: upstream exploded' }), CHANNELS[0]]) });
    await screen.findByText('flaky');
    const cooling = within(rowOf('flaky')).getByText('冷却中');
    expect(within(rowOf('openai-main')).queryByText('冷却中')).toBeNull();
    await user().hover(cooling);

    expect(await screen.findByText('原因：HTTP 500: upstream exploded')).toBeTruthy();
    expect(screen.getByText(`冷却至：${formatTimestamp(until)}`)).toBeTruthy();
  });

  it('saves an inline priority edit with PUT {id, priority}', async () => {
    const calls = renderPage();
    const input = await screen.findByLabelText('渠道 1 的优先级');
    const u = user();
    await u.clear(input);
    await u.type(input, '7');
    await u.tab();

    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'PUT', path: '/api/channel/', query: {}, body: { id: 1, priority: 7 } }]));
    expect(await within(messages).findByText('操作成功完成！')).toBeTruthy();
  });

  it('turns a negative row weight into 0 and ignores an emptied input', async () => {
    const calls = renderPage();
    const u = user();
    const weight = await screen.findByLabelText('渠道 1 的权重');
    await u.clear(weight);
    await u.tab();
    expect(writes(calls)).toEqual([]);

    const other = screen.getByLabelText('渠道 2 的权重');
    await u.clear(other);
    await u.type(other, '-4');
    await u.tab();
    await waitFor(() => expect(writes(calls).map((call) => call.body)).toEqual([{ id: 2, weight: 0 }]));
  });

  it('disables an enabled channel with PUT {id, status: 2} and greys its row without a reload', async () => {
    const calls = renderPage();
    await screen.findByText('openai-main');
    const lists = calls.length;
    await user().click(within(rowOf('openai-main')).getByRole('button', { name: '禁用' }));

    await waitFor(() => expect(rowOf('openai-main').className).toContain('channel-row-disabled'));
    expect(writes(calls).map((call) => call.body)).toEqual([{ id: 1, status: 2 }]);
    expect(calls.slice(lists).filter((call) => call.path === '/api/channel/' && call.method === 'GET')).toEqual([]);
  });

  it('warns instead of deleting when no channel is selected', async () => {
    const calls = renderPage();
    await screen.findByText('openai-main');
    await user().click(screen.getByRole('button', { name: '删除所选' }));

    expect(await within(messages).findByText('请先选择要删除的渠道')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('deletes the selected channels with POST /api/channel/batch after confirming', async () => {
    const calls = renderPage({ 'POST /api/channel/batch': ok(2) });
    await screen.findByText('openai-main');
    const u = user();
    await u.click(within(rowOf('openai-main')).getByRole('checkbox'));
    await u.click(within(rowOf('azure-east')).getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: '删除所选' }));
    await u.click(await screen.findByRole('button', { name: /确\s*定/ }));

    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/channel/batch', query: {}, body: { ids: [1, 3] } }]));
    expect(await within(messages).findByText('已删除 2 个渠道')).toBeTruthy();
  });

  it('deletes disabled channels after confirming and reports the count', async () => {
    const calls = renderPage({ 'DELETE /api/channel/disabled': ok(3) });
    await screen.findByText('openai-main');
    const u = user();
    await u.click(screen.getByRole('button', { name: '删除禁用渠道' }));
    expect(writes(calls)).toEqual([]);
    await u.click(await screen.findByRole('button', { name: /确\s*定/ }));

    expect(await within(messages).findByText('已删除 3 个禁用渠道')).toBeTruthy();
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/channel/disabled']);
  });

  it('rebuilds abilities and reports how many channels were fixed', async () => {
    const calls = renderPage({ 'POST /api/channel/fix': ok(4) });
    await screen.findByText('openai-main');
    await user().click(screen.getByRole('button', { name: '修复能力' }));

    expect(await within(messages).findByText('已修复 4 个渠道')).toBeTruthy();
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/channel/fix']);
  });

  it('copies a channel under a new name with copy_from and no key', async () => {
    const calls = renderPage({ 'POST /api/channel/': ok({ ids: [9] }) });
    await screen.findByText('openai-main');
    await user().click(within(rowOf('openai-main')).getByRole('button', { name: '复制' }));

    expect(await within(messages).findByText('渠道复制成功')).toBeTruthy();
    const body = writes(calls)[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'openai-main 副本', copy_from: 1, key: '', type: 1, group: 'default', models: 'gpt-4o,gpt-4o-mini', priority: 3, status: 1 });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('used_quota');
  });

  it('says why a copy failed', async () => {
    renderPage({ 'POST /api/channel/': fail('渠道名称已存在') });
    await screen.findByText('openai-main');
    await user().click(within(rowOf('openai-main')).getByRole('button', { name: '复制' }));

    expect(await within(messages).findByText('渠道复制失败：渠道名称已存在')).toBeTruthy();
  });

  it('stores the id sort choice and asks the server to sort by id', async () => {
    const calls = renderPage();
    await screen.findByText('openai-main');
    await user().click(screen.getByRole('switch', { name: 'ID 排序' }));

    await waitFor(() => expect(calls.filter((call) => call.path === '/api/channel/').at(-1)?.query.id_sort).toBe('true'));
    expect(localStorage.getItem('id-sort')).toBe('true');
  });

  it('searches with keyword and group, and goes back to the paged list on reset', async () => {
    const calls = renderPage({ 'GET /api/channel/search': page([CHANNELS[1]]) });
    await screen.findByText('openai-main');
    const u = user();
    await u.type(screen.getByLabelText('搜索关键字'), 'claude');
    await u.click(screen.getByRole('combobox', { name: '分组' }));
    await u.click(await screen.findByRole('option', { name: 'vip' }));
    await u.click(screen.getByRole('button', { name: /查询/ }));

    await waitFor(() => expect(screen.queryByText('openai-main')).toBeNull());
    expect(calls.find((call) => call.path === '/api/channel/search')?.query).toEqual({ keyword: 'claude', group: 'vip', p: '0', page_size: '10', id_sort: 'false', tag_mode: 'false' });
    expect(screen.getByText('claude-backup')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(await screen.findByText('openai-main')).toBeTruthy();
    expect(calls.at(-1)?.path).toBe('/api/channel/');
  });

  it('pages a search on the server, with the total it answers', async () => {
    const calls = renderPage({ 'GET /api/channel/search': ok({ items: [CHANNELS[1]], total: 25, page: 0, page_size: 10 }) });
    await screen.findByText('openai-main');
    const u = user();
    await u.type(screen.getByLabelText('搜索关键字'), 'claude');
    await u.click(screen.getByRole('button', { name: /查询/ }));
    await screen.findByText('claude-backup');

    await u.click(screen.getByText('3', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/channel/search').at(-1)?.query).toMatchObject({ keyword: 'claude', p: '2', page_size: '10' }));
  });

  it('navigates to the edit page', async () => {
    renderPage();
    await screen.findByText('openai-main');
    await user().click(within(rowOf('openai-main')).getByRole('button', { name: '编辑' }));
    expect(await screen.findByText('编辑页')).toBeTruthy();
  });
});

describe('ChannelPage tag mode', () => {
  async function renderTagMode(routes: Record<string, Route> = {}) {
    const calls = renderPage({ 'PUT /api/channel/tag': ok(2), 'POST /api/channel/tag/disabled': ok(2), ...routes });
    await screen.findByText('openai-main');
    await user().click(screen.getByRole('switch', { name: '标签聚合' }));
    await screen.findByText('team-a');
    return calls;
  }

  it('asks for tag rows and shows the tag aggregate', async () => {
    const calls = await renderTagMode();
    expect(calls.filter((call) => call.path === '/api/channel/').at(-1)?.query.tag_mode).toBe('true');
    const row = rowOf('team-a');
    expect(within(row).getByText('2.50 秒')).toBeTruthy();
    expect(within(row).getByText('vip')).toBeTruthy();
    expect(within(row).getByText('已启用')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '编辑标签' })).toBeTruthy();
  });

  it('rejects a negative tag weight and saves a valid one with PUT /api/channel/tag', async () => {
    const calls = await renderTagMode();
    const u = user();
    const weight = screen.getByLabelText('标签 team-a 的权重');
    await u.clear(weight);
    await u.type(weight, '-1');
    await u.tab();
    expect(await within(messages).findByText('weight must be a non-negative integer')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    const priority = screen.getByLabelText('标签 team-a 的优先级');
    await u.clear(priority);
    await u.type(priority, '8');
    await u.tab();
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'PUT', path: '/api/channel/tag', query: {}, body: { tag: 'team-a', priority: 8 } }]));
  });

  it('disables every channel of a tag', async () => {
    const calls = await renderTagMode();
    await user().click(within(rowOf('team-a')).getByRole('button', { name: '禁用全部' }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/channel/tag/disabled', query: {}, body: { tag: 'team-a' } }]));
  });

  it('warns when the tag dialog is saved without changes, and sends only what changed', async () => {
    const calls = await renderTagMode();
    const u = user();
    await u.click(within(rowOf('team-a')).getByRole('button', { name: '编辑标签' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(messages).findByText('没有任何修改')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    const mapping = within(dialog).getByLabelText('模型映射');
    await u.type(mapping, 'not json');
    await u.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(messages).findByText('model mapping must be a valid JSON format')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    const name = within(dialog).getByPlaceholderText('留空则不修改标签名称');
    await u.clear(name);
    await u.type(name, 'team-b');
    await u.clear(mapping);
    await u.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'PUT', path: '/api/channel/tag', query: {}, body: { tag: 'team-a', new_tag: 'team-b' } }]));
  });
});
