import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '@/pages/channel/test-fake-api';
import { user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import type { WorkflowGraph } from '@gw/shared';
import { MODELS, PROJECT, SAVE, WORKFLOW, makeView, project, renderEditor, editorLoaded } from '../../test-editor';

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.setState({ user: null });
});

const models = ok([{ id: 'gpt-4o', name: 'gpt-4o' }, { id: 'claude', name: 'claude' }, { id: 'qwen', name: 'qwen' }]);

describe('llm node panel', () => {
  it('picks several models for one node, shows them on its card and saves them as models', async () => {
    // test-editor's fullGraph saves its llm node with model.name alone, as graphs did before.
    const calls = renderEditor({ [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: models, [SAVE]: ok(makeView()) });
    await editorLoaded();
    expect(within(screen.getByTestId('node-llm')).getByText('gpt-4o · 温度 0.7')).toBeTruthy();
    fireEvent.click(screen.getByTestId('node-llm'));
    const u = user();
    await u.click(await screen.findByLabelText('模型'));
    // A multiple select's option is a checkbox beside its text; the text takes the click.
    await u.click(within(await screen.findByRole('option', { name: 'claude' })).getByText('claude'));
    await u.click(within(screen.getByRole('option', { name: 'qwen' })).getByText('qwen'));
    await waitFor(() => expect(within(screen.getByTestId('node-llm')).getByText('gpt-4o、claude、qwen · 温度 0.7')).toBeTruthy());

    await u.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/workflow/12')).toBe(true));
    const graph = (calls.find((call) => call.method === 'POST' && call.path === '/api/workflow/12')!.body as { graph: WorkflowGraph }).graph;
    const llm = graph.nodes.find((node) => node.id === 'llm-1')!;
    expect(llm.data.models).toEqual(['gpt-4o', 'claude', 'qwen']);
    expect((llm.data.model as { name: string }).name).toBe('gpt-4o');
  });

  it('adds, renames and removes prompt variants, the first a copy of the node\'s prompt, and saves them', async () => {
    const calls = renderEditor({ [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: models, [SAVE]: ok(makeView()) });
    await editorLoaded();
    fireEvent.click(screen.getByTestId('node-llm'));
    const u = user();
    await u.click(await screen.findByRole('button', { name: '添加消息' }));
    await u.type(screen.getByLabelText('第 1 条消息'), '你是老师');
    const variant = (n: number) => screen.getByRole('group', { name: `提示词变体 ${n}` });

    await u.click(screen.getByRole('button', { name: '新增变体' }));
    expect((within(variant(1)).getByLabelText('第 1 个变体的名称') as HTMLInputElement).value).toBe('变体 A');
    expect((within(variant(1)).getByLabelText('第 1 条消息') as HTMLTextAreaElement).value).toBe('你是老师');
    // The node's own prompt is kept but not asked while it has variants.
    expect(screen.getByText('已设置提示词变体，运行时使用各变体，不使用此模板；删除全部变体后恢复使用。')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '添加消息' })).toHaveLength(1);

    await u.click(screen.getByRole('button', { name: '新增变体' }));
    const second = within(variant(2));
    expect((second.getByLabelText('第 2 个变体的名称') as HTMLInputElement).value).toBe('变体 B');
    expect(second.queryByLabelText('第 1 条消息')).toBeNull();
    await u.clear(second.getByLabelText('第 2 个变体的名称'));
    await u.type(second.getByLabelText('第 2 个变体的名称'), '变体 A');
    expect(second.getByText('变体名称重复')).toBeTruthy();
    await u.clear(second.getByLabelText('第 2 个变体的名称'));
    await u.type(second.getByLabelText('第 2 个变体的名称'), '分步');
    expect(second.queryByText('变体名称重复')).toBeNull();
    await u.click(second.getByRole('button', { name: '添加消息' }));
    await u.type(second.getByLabelText('第 1 条消息'), '逐步思考');
    expect(within(screen.getByTestId('node-llm')).getByText('gpt-4o · 温度 0.7 · 2 个提示词变体')).toBeTruthy();

    for (let added = 0; added < 3; added += 1) await u.click(screen.getByRole('button', { name: '新增变体' }));
    // The first default name no variant has: 变体 B is free again since the second was renamed.
    const names = [3, 4, 5].map((n) => (within(variant(n)).getByLabelText(`第 ${n} 个变体的名称`) as HTMLInputElement).value);
    expect(names).toEqual(['变体 B', '变体 C', '变体 D']);
    expect(screen.getByRole('button', { name: '新增变体' })).toHaveProperty('disabled', true);
    expect(screen.getByText('每个节点最多 5 个提示词变体')).toBeTruthy();
    for (const n of [5, 4, 3, 1]) await u.click(screen.getByRole('button', { name: `删除第 ${n} 个变体` }));
    expect((within(variant(1)).getByLabelText('第 1 个变体的名称') as HTMLInputElement).value).toBe('分步');
    expect(screen.queryByRole('group', { name: '提示词变体 2' })).toBeNull();
    expect(within(screen.getByTestId('node-llm')).getByText('gpt-4o · 温度 0.7 · 1 个提示词变体')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/workflow/12')).toBe(true));
    const graph = (calls.find((call) => call.method === 'POST' && call.path === '/api/workflow/12')!.body as { graph: WorkflowGraph }).graph;
    const llm = graph.nodes.find((node) => node.id === 'llm-1')!;
    expect(llm.data.prompt_variants).toEqual([{ name: '分步', prompt_template: [{ id: expect.any(String), role: 'system', text: '逐步思考' }] }]);
    expect(llm.data.prompt_template).toEqual([{ id: expect.any(String), role: 'system', text: '你是老师' }]);
  });

  it('gives the node its own prompt back when every variant is removed', async () => {
    renderEditor({ [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: models, [SAVE]: ok(makeView()) });
    await editorLoaded();
    fireEvent.click(screen.getByTestId('node-llm'));
    const u = user();
    await u.click(await screen.findByRole('button', { name: '新增变体' }));
    expect(screen.getByRole('group', { name: '提示词变体 1' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '删除第 1 个变体' }));
    expect(screen.queryByRole('group', { name: '提示词变体 1' })).toBeNull();
    expect(screen.queryByText(/不使用此模板/)).toBeNull();
    expect(screen.getByRole('button', { name: '添加消息' })).toBeTruthy();
    expect(within(screen.getByTestId('node-llm')).getByText('gpt-4o · 温度 0.7')).toBeTruthy();
  });
});
