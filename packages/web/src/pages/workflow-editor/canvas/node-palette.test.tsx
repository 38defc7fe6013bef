import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ok } from '@/pages/channel/test-fake-api';
import { user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { MODELS, PROJECT, WORKFLOW, makeView, project, renderEditor, editorLoaded } from '../test-editor';

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.setState({ user: null });
});

const routes = { [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: ok([{ id: 'gpt-4o', name: 'gpt-4o' }]) };
const addLlm = () => user().click(within(screen.getByRole('toolbar', { name: '添加节点' })).getByRole('button', { name: /大模型/ }));
/** Where the canvas draws the newest llm node. */
const newestLlmAt = () => (screen.getAllByTestId('node-llm').at(-1)!.closest('.react-flow__node') as HTMLElement).style.transform;

// test-editor's fullGraph: start (100,200), input (500,300), llm (800,300), answer (1100,300); the canvas shows 0–500 × 0–500.
describe('node palette', () => {
  it('puts a new node to the right of the selected one, below the node already there', async () => {
    renderEditor(routes);
    await editorLoaded();
    fireEvent.click(screen.getByTestId('node-input'));
    await addLlm();
    expect(screen.getAllByTestId('node-llm')).toHaveLength(2);
    expect(newestLlmAt()).toBe('translate(784px,438px)');
  });

  it('with nothing selected, puts it in the middle of the view, below the node there', async () => {
    renderEditor(routes);
    await editorLoaded();
    await addLlm();
    expect(newestLlmAt()).toBe('translate(128px,330px)');
  });
});
