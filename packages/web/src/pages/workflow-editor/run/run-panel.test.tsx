import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { WORKFLOW_DEFAULT_SCORERS, type WorkflowEstimate, type WorkflowStreamEvent } from '@gw/shared';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { useWorkflowTrackingStore } from '@/stores/workflow-tracking';
import { MODELS, PROJECT, SAVE, WORKFLOW, fullGraph, makeView, project, renderEditor, sseResponse, editorLoaded } from '../test-editor';

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
  useWorkflowTrackingStore.setState({ tasks: [], finished: [] });
});

/** Two llm nodes: gpt-4o (llm-1) and claude (llm-2). */
function twoModelView() {
  const graph = fullGraph();
  const second = structuredClone(graph.nodes.find((node) => node.id === 'llm-1')!);
  second.id = 'llm-2';
  second.data.model = { ...(second.data.model as object), name: 'claude' };
  graph.nodes.push(second);
  return makeView({ conversation_variables: JSON.stringify(graph) });
}

const SCORERS = 'GET /api/workflow/scorers/12';
const base = {
  [WORKFLOW]: ok(twoModelView()),
  [PROJECT]: ok(project()),
  [MODELS]: ok([{ id: 'gpt-4o', name: 'gpt-4o' }]),
  [SCORERS]: ok({ scorers: WORKFLOW_DEFAULT_SCORERS }),
};
/** What the whole-dataset calls send with the project's default scorers and one try. */
const WHOLE_RUN = { app_id: 12, response_mode: 'direct', run_whole_data: true, scorers: WORKFLOW_DEFAULT_SCORERS, repeats: 1 };
const event = (node_id: string, model: string, kind: WorkflowStreamEvent['metadata']['event'], content = '', extra = {}, error = ''): WorkflowStreamEvent => ({
  conversation_id: '9',
  message_id: 'm1',
  metadata: { node_id, model, event: kind, ...extra },
  content,
  error,
});

async function openRun(tab: string) {
  await editorLoaded();
  await user().click(screen.getByRole('button', { name: '运行' }));
  await user().click(await screen.findByRole('tab', { name: tab }));
}

describe('run panel: one question', () => {
  it('streams one card per llm node, with the figures at the end and an error on its own card', async () => {
    const calls = renderEditor(base, {
      stream: () =>
        sseResponse([
          event('llm-1', 'gpt-4o', 'message', '答案'),
          event('llm-2', 'claude', 'error', '', {}, '上游超时'),
          event('llm-1', 'gpt-4o', 'message', '是 B'),
          event('llm-1', 'gpt-4o', 'message_end', '', { quota: 1500, prompt_tokens: 12, completion_tokens: 4, use_time_ms: 1250 }),
        ]),
    });
    await openRun('单条试运行');
    await user().type(screen.getByLabelText('试运行问题'), '1+1=?');
    await user().click(screen.getByRole('button', { name: '试运行' }));
    const first = await screen.findByLabelText('回答 gpt-4o');
    await waitFor(() => expect(within(first).getByText('答案是 B')).toBeTruthy());
    expect(within(first).getByText('完成')).toBeTruthy();
    expect(within(first).getByText('Tokens 12 + 4')).toBeTruthy();
    expect(within(first).getByText('用时 1.25 s')).toBeTruthy();
    const second = screen.getByLabelText('回答 claude');
    expect(within(second).getByText('上游超时')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/workflow/chat-messages')!.body).toEqual({ app_id: 12, query: '1+1=?', response_mode: 'streaming' });
    // Nothing unsaved: no save before the run.
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/workflow/12')).toBe(false);
  });

  it('saves an unsaved graph first and does not run when that save is refused', async () => {
    const stream = vi.fn(() => sseResponse([]));
    renderEditor({ ...base, [SAVE]: fail('节点 llm-2：模型 claude 不可用') }, { stream });
    await editorLoaded();
    await user().click(within(screen.getByRole('toolbar', { name: '添加节点' })).getByRole('button', { name: /提示词/ }));
    await openRun('单条试运行');
    await user().type(screen.getByLabelText('试运行问题'), '问');
    await user().click(screen.getByRole('button', { name: '试运行' }));
    expect(await message('保存工作流失败：节点 llm-2：模型 claude 不可用')).toBeTruthy();
    expect(stream).not.toHaveBeenCalled();
  });
});

function makeEstimate(fields: Partial<WorkflowEstimate> = {}): WorkflowEstimate {
  return {
    source: { kind: 'dataset', id: 3, name: '小学数学', field: 'question' },
    samples: 120,
    empty_samples: 0,
    models: [
      { node_id: 'llm-1', model: 'gpt-4o', variant: '', calls: 120, prompt_tokens: 6000, completion_tokens: 2400, completion_basis: 'history', quota: 500000, quota_high: 1000000 },
      { node_id: 'llm-2', model: 'claude', variant: '', calls: 120, prompt_tokens: 6000, completion_tokens: 2400, completion_basis: 'max_tokens', quota: 250000, quota_high: 250000 },
    ],
    judges: [],
    quota: 750000,
    quota_high: 1250000,
    user_quota: 1000000,
    enough: true,
    ...fields,
  };
}

describe('run panel: the whole dataset', () => {
  it('refuses when the estimate says the quota is short', async () => {
    const calls = renderEditor({ ...base, 'POST /api/workflow/estimate': ok(makeEstimate({ user_quota: 100000, enough: false })) });
    await openRun('运行整个数据集');
    await user().click(screen.getByRole('button', { name: '估算并运行' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('数据集 小学数学（字段 question）')).toBeTruthy();
    // The samples, and the calls of each model.
    expect(within(dialog).getAllByText('120')).toHaveLength(3);
    expect(within(dialog).getByText('额度不足：预计消耗 $1.50，当前剩余 $0.20')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '开始运行' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((call) => call.path === '/api/workflow/estimate')!.body).toEqual(WHOLE_RUN);
  });

  it('shows the cost as a range with what each answer length rests on, and refuses samples that would be sent empty', async () => {
    renderEditor({ ...base, 'POST /api/workflow/estimate': ok(makeEstimate({ empty_samples: 7 })) });
    await openRun('运行整个数据集');
    await user().click(screen.getByRole('button', { name: '估算并运行' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('$1.50', { exact: false }).parentElement?.textContent).toBe('$1.50 ~ $2.50');
    expect(within(dialog).getByText('近期回答均值')).toBeTruthy();
    expect(within(dialog).getByText('最大输出长度')).toBeTruthy();
    expect(within(dialog).getByText('有 7 条样本缺少字段「question」，运行会发送空的提示词，已拒绝运行')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '开始运行' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts the run on confirm, tracks it, follows its progress and links to its results', async () => {
    let status: 'running' | 'succeeded' = 'running';
    const task = { id: 55, status: 'running', app_title: '数学评测', created_at: 1 };
    const calls = renderEditor({
      ...base,
      'POST /api/workflow/estimate': ok(makeEstimate()),
      'POST /api/workflow/chat-messages': { success: true, message: '工作流已开始运行', data: { run_id: 55, task, estimate: makeEstimate() } },
      'GET /api/workflow/run_status/55': () => ok({ id: 55, Status: status, app_title: '数学评测', done: status === 'running' ? 60 : 240, failed: 0, total: 240 }),
      'POST /api/workflow/runs/55/cancel': ok({ id: 55, status: 'cancelled', done: 60, failed: 0, total: 240 }),
    });
    await openRun('运行整个数据集');
    await user().click(screen.getByRole('button', { name: '估算并运行' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('gpt-4o')).toBeTruthy();
    await user().click(within(dialog).getByRole('button', { name: '开始运行' }));
    expect(await message('工作流已开始运行')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/workflow/chat-messages')!.body).toEqual(WHOLE_RUN);
    expect(useWorkflowTrackingStore.getState().tasks).toEqual([task]);
    expect(await screen.findByText('运行 #55 · 运行中 · 60/240')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '取消运行' }));
    expect(await message('运行已取消')).toBeTruthy();
    expect(await screen.findByRole('link', { name: '查看运行结果' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看运行结果' }).getAttribute('href')).toBe('/workflowResult/55');
  });
});
