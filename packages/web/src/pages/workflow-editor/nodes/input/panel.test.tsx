import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '@/pages/channel/test-fake-api';
import { user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { MODELS, PROJECT, WORKFLOW, makeView, project, renderEditor, editorLoaded } from '../../test-editor';

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.setState({ user: null });
});

const DATASETS = 'GET /api/data_library_info/';
const datasets = ok({
  list: [
    { id: 3, name: '小学数学', title: '小学数学' },
    { id: 4, name: '电商客服多轮对话', title: '电商客服多轮对话' },
  ],
  total: 2,
  page: 1,
  page_size: 100,
});
/** The graph's input node reads dataset 3 on `question` (test-editor's fullGraph). */
const base = { [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: ok([{ id: 'gpt-4o', name: 'gpt-4o' }]), [DATASETS]: datasets };
const cardText = () => within(screen.getByTestId('node-input')).getByText(/数据集 #/).textContent;

describe('input node panel: the sample field', () => {
  it("is a choice among the dataset's fields, and says so when the field asked is not one of them", async () => {
    renderEditor({ ...base, 'GET /api/workflow/dataset-fields/3': ok({ fields: ['id', 'scene', 'messages'], field: 'messages' }) });
    await editorLoaded();
    fireEvent.click(screen.getByTestId('node-input'));
    expect(await screen.findByText('数据集的样本没有字段「question」，运行会发送空的提示词，请重新选择')).toBeTruthy();
    await user().click(screen.getByLabelText('样本字段'));
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(['id', 'scene', 'messages', 'question']);
    await user().click(screen.getByRole('option', { name: 'scene' }));
    expect(cardText()).toBe('数据集 #3 · scene');
    expect(screen.queryByText(/运行会发送空的提示词/)).toBeNull();
  });

  it('asks a newly picked dataset the field its samples suggest', async () => {
    renderEditor({
      ...base,
      'GET /api/workflow/dataset-fields/3': ok({ fields: ['question', 'answer'], field: 'question' }),
      'GET /api/workflow/dataset-fields/4': ok({ fields: ['id', 'scene', 'messages', 'meta'], field: 'messages' }),
    });
    await editorLoaded();
    fireEvent.click(screen.getByTestId('node-input'));
    await user().click(await screen.findByLabelText('选择数据集'));
    await user().click(await screen.findByRole('option', { name: '电商客服多轮对话' }));
    await waitFor(() => expect(cardText()).toBe('数据集 #4 · messages'));
    expect(screen.queryByText(/运行会发送空的提示词/)).toBeNull();
  });
});
