import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import type { WorkflowGraph } from '@gw/shared';
import { makeFile } from '@/pages/workflow/test-workflow';
import { MODELS, PROJECT, SAVE, WORKFLOW, fullGraph, makeView, project, renderEditor, editorLoaded } from './test-editor';

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
  useUserStore.setState({ user: null });
});

const models = ok([{ id: 'gpt-4o', name: 'gpt-4o' }, { id: 'claude', name: 'claude' }]);

describe('workflow editor', () => {
  it('opens the saved conversation_variables graph and saves it rewired, with the project info', async () => {
    const calls = renderEditor({ [WORKFLOW]: ok(makeView()), [PROJECT]: ok({ ...project(), nodes: [], edges: [] }), [MODELS]: models, [SAVE]: ok(makeView({ id: 41 })) });
    await editorLoaded();
    expect(screen.getAllByTestId(/^node-/).map((node) => node.dataset.testid)).toEqual(['node-start', 'node-input', 'node-llm', 'node-answer']);
    expect(screen.getByText('已保存')).toBeTruthy();

    await user().click(screen.getByRole('button', { name: /保存/ }));
    expect(await message('工作流已保存')).toBeTruthy();
    const body = calls.find((call) => call.method === 'POST' && call.path === '/api/workflow/12')!.body as Record<string, any>;
    expect(body.type).toBe('chat');
    expect(body.features).toBe('new workflow');
    expect(body.environment_variables).toEqual({ project_info: { id: 12, name: '数学评测', description: '评测', status: 'stopped' } });
    expect(body.conversation_variables).toEqual(body.graph);
    const nodes = body.graph.nodes as Array<{ id: string; data: Record<string, unknown> }>;
    expect(nodes.find((node) => node.id === 'answer-1')!.data.answer).toBe('{{#llm-1.text#}}');
    expect(nodes.find((node) => node.id === 'llm-1')!.data.context).toEqual({ enabled: true, variable_selector: ['input-1', 'market_sample_text'] });
  });

  it('shows the server reason when the save is refused', async () => {
    renderEditor({ [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: models, [SAVE]: fail('节点 llm-1：模型 gpt-4o 不可用') });
    await editorLoaded();
    await user().click(screen.getByRole('button', { name: /保存/ }));
    expect(await message('保存工作流失败：节点 llm-1：模型 gpt-4o 不可用')).toBeTruthy();
  });

  it('falls back to the project nodes when the workflow call fails, and to the fallback models when the list fails', async () => {
    const graph = fullGraph();
    renderEditor({ [WORKFLOW]: fail('工作流草稿不存在'), [PROJECT]: ok({ ...project(), nodes: graph.nodes.slice(0, 3), edges: [] }), [MODELS]: fail('boom') });
    await editorLoaded();
    expect(screen.getAllByTestId(/^node-/)).toHaveLength(3);
    expect(await message('获取模型列表失败')).toBeTruthy();
    fireEvent.click(screen.getByTestId('node-llm'));
    await user().click(await screen.findByLabelText('模型'));
    expect(await screen.findByRole('option', { name: 'DeepSeek Chat' })).toBeTruthy();
  });

  it('uses the route state nodes when the workflow and project calls fail', async () => {
    const graph = fullGraph();
    renderEditor({ [WORKFLOW]: fail('x'), [PROJECT]: fail('项目不存在'), [MODELS]: models }, { state: { project: project(), nodes: graph.nodes.slice(0, 2), edges: [] } });
    await editorLoaded();
    expect(screen.getAllByTestId(/^node-/)).toHaveLength(2);
  });

  it('shows the failed state with a retry when neither the workflow nor the project loads', async () => {
    renderEditor({ [WORKFLOW]: fail('x'), [PROJECT]: fail('项目不存在'), [MODELS]: models });
    expect(await screen.findByText('工作流加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('adds a node from the palette, edits it in its panel, and marks the editor unsaved', async () => {
    renderEditor({ [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: models });
    await editorLoaded();
    await user().click(within(screen.getByRole('toolbar', { name: '添加节点' })).getByRole('button', { name: /提示词/ }));
    expect(screen.getAllByTestId('node-prompt')).toHaveLength(1);
    expect(screen.getByText('未保存')).toBeTruthy();
    await user().type(screen.getByLabelText('系统提示词'), '你是老师');
    expect(within(screen.getByTestId('node-prompt')).getByText('你是老师')).toBeTruthy();
    // Start is offered only while the graph has none.
    expect(within(screen.getByRole('toolbar', { name: '添加节点' })).queryByRole('button', { name: /开始/ })).toBeNull();
    await waitFor(() => expect(JSON.parse(localStorage.getItem('workflow_12') ?? '{"data":{"nodes":[]}}').data.nodes).toHaveLength(5));
  });

  it('deletes the draft and reloads', async () => {
    let draft = true;
    const calls = renderEditor({
      [WORKFLOW]: () => ok(draft ? makeView() : makeView({ id: null, conversation_variables: '' })),
      [PROJECT]: ok(project()),
      [MODELS]: models,
      'DELETE /api/workflow/draft/40': () => {
        draft = false;
        return ok(true);
      },
    });
    await editorLoaded();
    await user().click(screen.getByRole('button', { name: '删除草稿' }));
    await user().click(await screen.findByRole('button', { name: '确定' }));
    expect(await message('草稿已删除')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId(/^node-/)).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/workflow/draft/40']);
  });
});

describe('input node panel', () => {
  it('switches the source to a library file and its column; the save then points the llm at the file text', async () => {
    const calls = renderEditor({
      [WORKFLOW]: ok(makeView()),
      [PROJECT]: ok(project()),
      [MODELS]: models,
      [SAVE]: ok(makeView()),
      'GET /api/data_library_info/': ok({ list: [{ id: 3, name: '小学数学', title: '小学数学' }], total: 1, page: 1, page_size: 100 }),
      'GET /api/file_upload/': ok({ list: [makeFile({ id: 8, filename: '题库.csv', fields: ['题目', '答案'] })], total: 1, page: 1, page_size: 100 }),
    });
    await editorLoaded();
    fireEvent.click(screen.getByTestId('node-input'));
    const u = user();
    // The dataset the graph names is shown by its name.
    expect(await screen.findByText('小学数学')).toBeTruthy();
    await u.click(screen.getByText('文件库'));
    await u.click(await screen.findByLabelText('选择文件'));
    await u.click(await screen.findByRole('option', { name: '题库.csv' }));
    expect(within(screen.getByTestId('node-input')).getByText('题目', { selector: 'code' }).parentElement?.textContent).toBe('文件 #8 · 题目');
    await u.click(screen.getByRole('button', { name: /保存/ }));
    expect(await message('工作流已保存')).toBeTruthy();
    const nodes = (calls.find((call) => call.method === 'POST' && call.path === '/api/workflow/12')!.body as { graph: WorkflowGraph }).graph.nodes;
    expect(nodes.find((node) => node.id === 'input-1')!.data.variables).toEqual([
      { variable: 'text_file_id', label: 'text_file_id', type: 'text_file', max_length: 48, required: true, default: 8, options: [{ label: 'data_source_key', value: '题目' }] },
    ]);
    expect(nodes.find((node) => node.id === 'llm-1')!.data.context).toEqual({ enabled: true, variable_selector: ['input-1', 'file_text'] });
  });
});

describe('workflow editor on a phone', () => {
  afterEach(() => {
    window.innerWidth = 1024;
  });

  it('opens read-only: a notice, no palette, save or draft delete, nodes that neither move, connect nor open their settings', async () => {
    window.innerWidth = 390;
    const calls = renderEditor({ [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: models });
    await editorLoaded();
    expect(screen.getByText('手机上仅可查看工作流，请在电脑上编辑')).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: '添加节点' })).toBeNull();
    expect(screen.queryByRole('button', { name: /保存/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删除草稿/ })).toBeNull();
    expect(screen.getByRole('button', { name: /运行/ })).toBeTruthy();

    const answer = screen.getByTestId('node-answer');
    const wrapper = answer.closest('.react-flow__node') as HTMLElement;
    expect(wrapper.classList.contains('draggable')).toBe(false);
    expect([...document.querySelectorAll('.react-flow__handle')].filter((handle) => handle.classList.contains('connectable'))).toEqual([]);
    fireEvent.click(answer);
    expect(screen.queryByText('回答节点')).toBeNull();
    expect(document.querySelector('.wf-settings, .arco-drawer')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('stays editable on a desktop: the same nodes can be dragged and open their settings', async () => {
    renderEditor({ [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: models });
    await editorLoaded();
    expect(screen.queryByText('手机上仅可查看工作流，请在电脑上编辑')).toBeNull();
    const answer = screen.getByTestId('node-answer');
    expect((answer.closest('.react-flow__node') as HTMLElement).classList.contains('draggable')).toBe(true);
    fireEvent.click(answer);
    expect(await screen.findByText('回答节点')).toBeTruthy();
  });
});

describe('workflow editor from a dataset', () => {
  it('creates a project named after the dataset and the minute, reading that dataset, and opens it', async () => {
    vi.setSystemTime(new Date(2026, 10, 24, 15, 30, 10));
    const created = { ...project(), id: 77, title: '小学数学选择题 2026-11-24 15:30' };
    const calls = renderEditor(
      {
        'GET /api/data_library_info/5': ok({ id: 5, name: '小学数学选择题', title: '小学数学选择题', description: '' }),
        'POST /api/apps/': (call) => ok({ ...created, nodes: (call.body as { nodes: unknown[] }).nodes, edges: (call.body as { edges: unknown[] }).edges }),
        'GET /api/workflow/77': fail('x'),
        'GET /api/apps/77': fail('x'),
        [MODELS]: models,
      },
      { path: '/workflow/editor/new?dataset=5' },
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/workflow/editor/77'));
    vi.useRealTimers();
    const body = calls.find((call) => call.method === 'POST' && call.path === '/api/apps/')!.body as Record<string, any>;
    expect(body.title).toBe('小学数学选择题 2026-11-24 15:30');
    expect(body.nodes.map((node: { type: string }) => node.type)).toEqual(['start', 'input']);
    expect(body.nodes[1].data.variables[0]).toMatchObject({ variable: 'data_market_id', default: 5 });
    // The route state carries the new project: the editor opens even though its reads fail.
    expect(await screen.findByText('小学数学选择题 2026-11-24 15:30')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/apps/' && call.method === 'POST')).toHaveLength(1);
  });

  it('says the project could not be created', async () => {
    renderEditor({ 'GET /api/data_library_info/5': ok({ id: 5, name: 'x' }), 'POST /api/apps/': fail('数据库不可用') }, { path: '/workflow/editor/new?dataset=5' });
    expect(await message('创建工作流项目失败：数据库不可用')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '返回数据集' })).toBeTruthy();
  });
});
