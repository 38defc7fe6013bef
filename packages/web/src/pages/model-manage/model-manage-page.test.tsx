import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { Ability } from '@/api/channels';
import type { ModelStatusSummary } from '@gw/shared';
import { fail, fakeApi, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import ModelManagePage from './index';

function makeAbility(fields: Partial<Ability> = {}): Ability {
  return {
    id: '3:default:gpt-4o',
    model: 'gpt-4o',
    owned_by: 'OpenAI',
    channel_id: 3,
    channel_name: 'openai-main',
    group: 'default',
    is_deep_seek: false,
    is_viewable: true,
    status: 1,
    status_reason: '',
    status_time: 0,
    ...fields,
  };
}

const ABILITIES = [
  makeAbility(),
  makeAbility({ id: '5:vip:deepseek-reasoner', model: 'deepseek-reasoner', owned_by: 'DeepSeek', channel_id: 5, channel_name: 'deepseek', group: 'vip', is_deep_seek: true, is_viewable: false }),
];

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/channel/abilities');
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

function renderPage(routes: Record<string, Route> = {}): ApiCall[] {
  const calls = fakeApi({
    'GET /api/channel/abilities': ok({ items: ABILITIES, total: 25 }),
    'GET /api/group/': ok(['default', 'vip']),
    ...routes,
  });
  render(<ModelManagePage />);
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

describe('ModelManagePage', () => {
  it('lists the first page of 10 models with their channel, group and capability flags', async () => {
    const calls = renderPage();
    expect(await screen.findByText('模型管理')).toBeTruthy();
    await screen.findByText('deepseek-reasoner');

    expect(listCalls(calls)[0].query).toEqual({ p: '0', page_size: '10' });
    const row = rowOf('deepseek-reasoner');
    expect(within(row).getByText('#5 deepseek')).toBeTruthy();
    expect(within(row).getByText('vip')).toBeTruthy();
    expect(within(row).getAllByText(/^[是否]$/).map((tag) => tag.textContent)).toEqual(['是', '否']);
    expect(within(rowOf('gpt-4o')).getAllByText(/^[是否]$/).map((tag) => tag.textContent)).toEqual(['否', '是']);
  });

  it('asks the server for the next page', async () => {
    const calls = renderPage();
    await screen.findByText('gpt-4o');
    await user().click(screen.getByText('2', { selector: '.arco-pagination-item' }));

    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toEqual({ p: '1', page_size: '10' }));
  });

  it('filters by model, group, channel id and the flags, and drops the filters on reset', async () => {
    const calls = renderPage();
    await screen.findByText('gpt-4o');
    const u = user();
    await u.type(screen.getByLabelText('模型名称'), ' deepseek ');
    await u.click(screen.getByRole('combobox', { name: '分组' }));
    await u.click(await screen.findByRole('option', { name: 'vip' }));
    await u.type(screen.getByLabelText('渠道 ID'), '5');
    await u.click(screen.getByRole('combobox', { name: '是否深度思考' }));
    await u.click(await screen.findByRole('option', { name: '是' }));
    await u.click(screen.getByRole('button', { name: /查询/ }));

    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.query).toEqual({ p: '0', page_size: '10', model: 'deepseek', group: 'vip', channel_id: '5', is_deep_seek: 'true' }),
    );

    await u.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query).toEqual({ p: '0', page_size: '10' }));
    expect((screen.getByLabelText('模型名称') as HTMLInputElement).value).toBe('');
  });

  it('saves the capability flags of one model with update_ability, then reloads', async () => {
    const calls = renderPage({ 'POST /api/channel/update_ability': ok() });
    await screen.findByText('gpt-4o');
    const u = user();
    await u.click(within(rowOf('gpt-4o')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('#3 openai-main')).toBeTruthy();
    await u.click(within(dialog).getByRole('switch', { name: '是否深度思考' }));
    await u.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    expect(await within(messages).findByText('模型能力更新成功！')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/channel/update_ability',
        query: {},
        body: { channel_id: 3, group: 'default', model: 'gpt-4o', is_deep_seek: true, is_viewable: true },
      },
    ]);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('shows why the flags could not be saved and keeps the dialog open', async () => {
    const calls = renderPage({ 'POST /api/channel/update_ability': fail('该渠道能力不存在') });
    await screen.findByText('gpt-4o');
    const u = user();
    await u.click(within(rowOf('deepseek-reasoner')).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('switch', { name: '是否支持图片' }));
    await u.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    expect(await within(messages).findByText('该渠道能力不存在')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      channel_id: 5,
      group: 'vip',
      model: 'deepseek-reasoner',
      is_deep_seek: true,
      is_viewable: true,
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(listCalls(calls)).toHaveLength(1);
  });

  describe('model status (model-level health)', () => {
    const REASON = 'HTTP 404: The model `gpt-4o` does not exist';
    const GPT_STATES: ModelStatusSummary = {
      model: 'gpt-4o',
      enabled: 3,
      auto_disabled: 1,
      manually_disabled: 0,
      channel_disabled: 0,
      channels: [
        { channel_id: 3, channel_name: 'openai-main', channel_status: 1, status: 1, status_reason: '', status_time: 0 },
        { channel_id: 4, channel_name: 'openai-backup', channel_status: 1, status: 1, status_reason: '', status_time: 0 },
        { channel_id: 6, channel_name: 'azure-east', channel_status: 1, status: 1, status_reason: '', status_time: 0 },
        { channel_id: 7, channel_name: 'relay-cn', channel_status: 1, status: 3, status_reason: REASON, status_time: 1_700_000_000 },
      ],
    };
    const routes = (abilities: Ability[]): Record<string, Route> => ({
      'GET /api/channel/abilities': ok({ items: abilities, total: abilities.length, model_states: [GPT_STATES] }),
      'GET /api/channel/model_states/7': ok([{ model: 'gpt-4o', status: 3, status_reason: REASON, status_time: 1_700_000_000 }]),
      'GET /api/channel/availability/7': ok([]),
    });

    it('shows the row\'s own status and the model\'s counts over every channel, and lists each channel with reason and time', async () => {
      renderPage(routes([makeAbility(), makeAbility({ id: '7:default:gpt-4o', channel_id: 7, channel_name: 'relay-cn', status: 3, status_reason: REASON, status_time: 1_700_000_000 })]));
      await screen.findByText('#7 relay-cn');
      const disabledRow = rowOf('#7 relay-cn');
      expect(within(disabledRow).getByText('自动禁用')).toBeTruthy();
      expect(within(disabledRow).getByText(`原因：${REASON}`)).toBeTruthy();
      expect(within(rowOf('#3 openai-main')).getByText('启用')).toBeTruthy();

      const tags = screen.getAllByText('3 个渠道可用 · 1 个自动禁用');
      expect(tags).toHaveLength(2);
      await user().click(tags[0]);
      const list = await screen.findByRole('list', { name: 'gpt-4o 的渠道状态' });
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual(['#3 openai-main', '#4 openai-backup', '#6 azure-east', '#7 relay-cn']);
      expect(within(items[3]).getByText('自动禁用')).toBeTruthy();
      expect(within(items[3]).getByText(`原因：${REASON}`)).toBeTruthy();
      expect(within(items[3]).getByText(/^时间：/)).toBeTruthy();
    });

    it('opens a channel\'s 模型 drawer from the list, and reads the list again when it closes', async () => {
      const calls = renderPage(routes([makeAbility()]));
      const u = user();
      await u.click(await screen.findByText('3 个渠道可用 · 1 个自动禁用'));
      await u.click(await screen.findByRole('button', { name: '#7 relay-cn' }));
      expect(await screen.findByText('模型：relay-cn')).toBeTruthy();
      await waitFor(() => expect(calls.some((call) => call.path === '/api/channel/model_states/7')).toBe(true));
      const before = listCalls(calls).length;
      await u.click(document.querySelector('.arco-drawer-close-icon') as HTMLElement);
      await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
    });
  });
});
