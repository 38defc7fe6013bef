import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { MODELS, PROJECT, WORKFLOW, makeView, project, renderEditor, editorLoaded } from '../../test-editor';

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.setState({ user: null });
});

/** The graph's input node reads dataset 3 on `question` (test-editor's fullGraph). */
const base = { [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: ok([{ id: 'gpt-4o', name: 'gpt-4o' }]) };
const cardText = () => within(screen.getByTestId('node-input')).getByText(/^数据集/).textContent;

describe('input node card', () => {
  it('names the dataset it reads', async () => {
    renderEditor({ ...base, 'GET /api/data_library_info/3': ok({ id: 3, name: '小学数学', title: '小学数学' }) });
    await editorLoaded();
    await waitFor(() => expect(cardText()).toBe('数据集 小学数学 · question'));
  });

  it('says so when the dataset was deleted', async () => {
    renderEditor({ ...base, 'GET /api/data_library_info/3': fail('数据集不存在') });
    await editorLoaded();
    await waitFor(() => expect(cardText()).toBe('数据集 #3（已删除） · question'));
  });

  it('shows the id while the name cannot be read', async () => {
    renderEditor(base);
    await editorLoaded();
    expect(cardText()).toBe('数据集 #3 · question');
  });
});
