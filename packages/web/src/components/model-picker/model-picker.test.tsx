import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Button } from '@arco-design/web-react';
import { MSG_CHAT_NO_MODEL, MSG_CHAT_USAGE_HISTORY, type ChatModelView } from '@gw/shared';
import { ModelPicker } from './index';
import { formatMaxTokens } from './picker-filter';
import { makeModel } from './test-models';

const MODELS = [
  makeModel('qwen-max', { max_token: 32768 }),
  makeModel('claude-3-5-sonnet', { is_viewable: true, max_token: 200_000 }),
  makeModel('my-local-llm'),
  makeModel('deepseek-r1', { is_deep_seek: true, max_token: 64_000 }),
  makeModel('gpt-4o', { is_viewable: true, max_token: 128_000, sort_number: 2 }),
  makeModel('gpt-4o-mini', { is_viewable: true, sort_number: 1 }),
];

async function openPicker(props: { models?: ChatModelView[]; historyModels?: ChatModelView[]; selected?: string[] } = {}) {
  const onPick = vi.fn();
  // Arco's popup ignores the pointer while it fades in.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <ModelPicker
      models={props.models ?? MODELS}
      historyModels={props.historyModels ?? []}
      selected={props.selected ?? []}
      max={3}
      onPick={onPick}
      trigger={<Button>选择模型</Button>}
    />,
  );
  await user.click(screen.getByRole('button', { name: '选择模型' }));
  const panel = await screen.findByRole('dialog', { name: '选择模型' });
  return { onPick, user, panel };
}

/** The model names in the tree, top to bottom. */
const shownModels = (panel: HTMLElement) => Array.from(panel.querySelectorAll('.model-picker-name')).map((node) => node.textContent);
/** A model's row, by its exact name (the row's accessible name goes on with its tags). */
const row = (panel: HTMLElement, name: string) => within(panel).getByRole('button', { name: new RegExp(`^${name.replace(/[.-]/g, '\\$&')}( |$)`) });
const groupTitles = (panel: HTMLElement) => Array.from(panel.querySelectorAll('.model-picker-group')).map((node) => node.textContent);

describe(ModelPicker.name, () => {
  it('groups the models by vendor in the spec order, with capability tags and the context window', async () => {
    const { panel } = await openPicker();
    expect(groupTitles(panel)).toEqual(['OpenAI', 'Anthropic', 'DeepSeek', '阿里云百炼', '其他']);
    expect(shownModels(panel)).toEqual(['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet', 'deepseek-r1', 'qwen-max', 'my-local-llm']);
    const gpt = row(panel, 'gpt-4o');
    expect(within(gpt).getByText('图片理解')).toBeTruthy();
    expect(within(gpt).getByText('128K')).toBeTruthy();
    const mini = row(panel, 'gpt-4o-mini');
    expect(mini.textContent).not.toMatch(/K$/);
    expect(within(row(panel, 'deepseek-r1')).getByText('深度思考')).toBeTruthy();
    expect(within(panel).getByText('已选 0/3')).toBeTruthy();
  });

  it('reports a pick and closes; chosen models are marked', async () => {
    const { panel, user, onPick } = await openPicker({ selected: ['gpt-4o'] });
    expect(row(panel, 'gpt-4o').getAttribute('aria-pressed')).toBe('true');
    await user.click(row(panel, 'claude-3-5-sonnet'));
    expect(onPick).toHaveBeenCalledWith(MODELS[1]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择模型' })).toBeNull());
  });

  it('narrows the tree by search, case-insensitively', async () => {
    const { panel, user } = await openPicker();
    await user.type(within(panel).getByPlaceholderText('搜索模型'), 'GPT');
    expect(shownModels(panel)).toEqual(['gpt-4o-mini', 'gpt-4o']);
    expect(groupTitles(panel)).toEqual(['OpenAI']);
  });

  it('filters by capability (all of those chosen) and by vendor', async () => {
    const { panel, user } = await openPicker();
    const capabilities = within(panel).getByRole('group', { name: '能力' });
    await user.click(within(capabilities).getByRole('button', { name: '图片理解' }));
    expect(shownModels(panel)).toEqual(['gpt-4o-mini', 'gpt-4o', 'claude-3-5-sonnet']);
    await user.click(within(capabilities).getByRole('button', { name: '深度思考' }));
    expect(within(panel).getByText(MSG_CHAT_NO_MODEL)).toBeTruthy();
    await user.click(within(capabilities).getByRole('button', { name: '图片理解' }));
    expect(shownModels(panel)).toEqual(['deepseek-r1']);
    await user.click(within(capabilities).getByRole('button', { name: '深度思考' }));

    const vendors = within(panel).getByRole('group', { name: '厂商' });
    // Only vendors with models get a button, in the spec order.
    expect(within(vendors).getAllByRole('button').map((button) => button.textContent)).toEqual(['全部', 'OpenAI', 'Anthropic', 'DeepSeek', '阿里云百炼', '其他']);
    await user.click(within(vendors).getByRole('button', { name: '其他' }));
    expect(shownModels(panel)).toEqual(['my-local-llm']);
    await user.click(within(vendors).getByRole('button', { name: '全部' }));
    expect(shownModels(panel)).toHaveLength(6);
  });

  it('lists the usage history first, filtered like the rest', async () => {
    const { panel, user } = await openPicker({ historyModels: [makeModel('deepseek-r1', { is_deep_seek: true }), makeModel('gpt-4o', { is_viewable: true })] });
    expect(groupTitles(panel)[0]).toBe(MSG_CHAT_USAGE_HISTORY);
    const history = within(panel).getByRole('region', { name: MSG_CHAT_USAGE_HISTORY });
    expect(shownModels(history)).toEqual(['deepseek-r1', 'gpt-4o']);
    await user.type(within(panel).getByPlaceholderText('搜索模型'), 'deep');
    expect(shownModels(within(panel).getByRole('region', { name: MSG_CHAT_USAGE_HISTORY }))).toEqual(['deepseek-r1']);
    await user.type(within(panel).getByPlaceholderText('搜索模型'), 'nothing');
    expect(within(panel).queryByRole('region', { name: MSG_CHAT_USAGE_HISTORY })).toBeNull();
    expect(within(panel).getByText(MSG_CHAT_NO_MODEL)).toBeTruthy();
  });

  it('shows the empty state when there are no models at all', async () => {
    const { panel } = await openPicker({ models: [] });
    expect(within(panel).getByText(MSG_CHAT_NO_MODEL)).toBeTruthy();
  });
});

describe(formatMaxTokens.name, () => {
  it.each([
    [128_000, '128K'],
    [131_072, '128K'],
    [32_768, '32K'],
    [200_000, '200K'],
    [500, '1K'],
  ])('shows %d tokens as %s', (tokens, shown) => {
    expect(formatMaxTokens(tokens)).toBe(shown);
  });

  it('shows nothing for an unknown window', () => {
    expect(formatMaxTokens(0)).toBeNull();
  });
});
