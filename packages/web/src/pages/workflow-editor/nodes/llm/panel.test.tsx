import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '@/pages/channel/test-fake-api';
import { user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import type { WorkflowGraph } from '@gw/shared';
import { MODELS, PROJECT, SAVE, WORKFLOW, makeView, project, renderEditor } from '../../test-editor';

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.setState({ user: null });
});

const models = ok([{ id: 'gpt-4o', name: 'gpt-4o' }, { id: 'claude', name: 'claude' }, { id: 'qwen', name: 'qwen' }]);

describe('llm node panel', () => {
  it('picks several models for one node, shows them on its card and saves them as models', async () => {
    // test-editor's fullGraph saves its llm node with model.name alone, as graphs did before.
    const calls = renderEditor({ [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: models, [SAVE]: ok(makeView()) });
    await screen.findByText('数学评测');
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
});
