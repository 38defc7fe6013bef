import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { WORKFLOW_DEFAULT_SCORERS, WORKFLOW_JUDGE_RUBRIC_DEFAULT, type WorkflowEstimate, type WorkflowScorer } from '@gw/shared';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { useWorkflowTrackingStore } from '@/stores/workflow-tracking';
import { MODELS, PROJECT, WORKFLOW, makeView, project, renderEditor, editorLoaded } from '../test-editor';

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

const SCORERS = 'GET /api/workflow/scorers/12';
const saved: WorkflowScorer[] = [
  { name: '参考答案', type: 'auto' },
  { name: '简短', type: 'length', max_chars: 200 },
];
const base = {
  [WORKFLOW]: ok(makeView()),
  [PROJECT]: ok(project()),
  [MODELS]: ok([{ id: 'gpt-4o', name: 'gpt-4o' }, { id: 'judge-model', name: 'judge-model' }]),
  [SCORERS]: ok({ scorers: saved }),
};

function makeEstimate(fields: Partial<WorkflowEstimate> = {}): WorkflowEstimate {
  return {
    source: { kind: 'dataset', id: 3, name: '小学数学', field: 'question' },
    samples: 40,
    empty_samples: 0,
    models: [{ node_id: 'llm-1', model: 'gpt-4o', variant: '', calls: 120, prompt_tokens: 6000, completion_tokens: 2400, completion_basis: 'history', quota: 500000, quota_high: 1000000 }],
    judges: [],
    quota: 500000,
    quota_high: 1000000,
    user_quota: 10000000,
    enough: true,
    ...fields,
  };
}

async function openDatasetRun() {
  await editorLoaded();
  const u = user();
  await u.click(screen.getByRole('button', { name: '运行' }));
  await u.click(await screen.findByRole('tab', { name: '运行整个数据集' }));
  await screen.findByRole('listitem', { name: '评分 参考答案' });
}

/** The scorer form: the one dialog titled 添加评分 or 编辑评分「…」. */
const scorerForm = () => screen.getByText(/^(添加评分|编辑评分「)/, { selector: '.arco-modal-title, .arco-modal-title *' }).closest('.arco-modal') as HTMLElement;

async function openAddForm() {
  await user().click(screen.getByRole('button', { name: '添加评分' }));
  await waitFor(() => expect(scorerForm()).toBeTruthy());
  return scorerForm();
}

async function chooseType(form: HTMLElement, label: string) {
  const u = user();
  await u.click(within(form).getByLabelText('评分类型'));
  await u.click(await screen.findByRole('option', { name: label }));
}

async function rename(form: HTMLElement, name: string) {
  const u = user();
  const input = within(form).getByLabelText('评分名称');
  await u.clear(input);
  if (name) await u.type(input, name);
}

const rowNames = () => screen.getAllByRole('listitem', { name: /^评分 / }).map((row) => row.getAttribute('aria-label'));

describe('run panel: scorers', () => {
  it('adds a regex scorer and a judge, and sends them with the repeats in the estimate and the start', async () => {
    const estimate = makeEstimate({
      judges: [{ scorer: '评审', model: 'judge-model', calls: 120, prompt_tokens: 30000, completion_tokens: 6000, quota: 250000, quota_high: 250000 }],
    });
    const calls = renderEditor({
      ...base,
      'POST /api/workflow/estimate': ok(estimate),
      'POST /api/workflow/chat-messages': { success: true, message: '工作流已开始运行', data: { run_id: 55, task: { id: 55, status: 'running', app_title: '数学评测', created_at: 1 }, estimate } },
      'GET /api/workflow/run_status/55': ok({ id: 55, Status: 'running', app_title: '数学评测', done: 60, failed: 0, total: 120, judge_total: 120, judged: 45 }),
    });
    await openDatasetRun();
    const u = user();
    // The project's saved scorers, the first marked as the run's accuracy.
    expect(rowNames()).toEqual(['评分 参考答案', '评分 简短']);
    expect(within(screen.getByRole('listitem', { name: '评分 参考答案' })).getByText('正确率')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: '评分 简短' })).getByText('至多 200 个字符')).toBeTruthy();
    expect(screen.getByText(/第一个评分的通过率即运行的正确率/)).toBeTruthy();

    let form = await openAddForm();
    await rename(form, '格式');
    await u.type(within(form).getByLabelText('正则表达式'), '^答案');
    await u.click(within(form).getByRole('checkbox', { name: 'i 忽略大小写' }));
    await u.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: '评分 格式' })).toBeTruthy());
    expect(within(screen.getByRole('listitem', { name: '评分 格式' })).getByText('/^答案/i')).toBeTruthy();

    form = await openAddForm();
    await chooseType(form, '大模型评审');
    // The default name follows the type.
    expect((within(form).getByLabelText('评分名称') as HTMLInputElement).value).toBe('大模型评审');
    await rename(form, '评审');
    // The judge starts with the llm node's first model and the default rubric.
    expect(within(form).getByText('gpt-4o')).toBeTruthy();
    expect((within(form).getByLabelText('评审提示词') as HTMLTextAreaElement).value).toBe(WORKFLOW_JUDGE_RUBRIC_DEFAULT);
    expect(within(form).getByText(/会换成样本的问题、参考答案和模型的回答/)).toBeTruthy();
    await u.click(within(form).getByLabelText('评审模型'));
    await u.click(await screen.findByRole('option', { name: 'judge-model' }));
    await u.click(within(form).getByRole('radio', { name: '分数' }));
    await u.click(within(form).getByRole('radio', { name: '1–10' }));
    const threshold = within(form).getByLabelText('通过阈值');
    await u.clear(threshold);
    await u.type(threshold, '0.7');
    await u.click(within(form).getByRole('switch', { name: '仅评审通过前面评分的回答' }));
    await u.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: '评分 评审' })).toBeTruthy());
    expect(within(screen.getByRole('listitem', { name: '评分 评审' })).getByText('judge-model · 分数 1–10，阈值 0.7 · 仅评审已通过的回答')).toBeTruthy();

    const repeats = screen.getByLabelText('重复次数');
    await u.clear(repeats);
    await u.type(repeats, '3');
    await u.tab();

    await u.click(screen.getByRole('button', { name: '估算并运行' }));
    const dialog = await screen.findByRole('dialog', { name: '运行整个数据集' });
    const judges = within(dialog).getByRole('region', { name: '评审调用' });
    expect(within(judges).getByText('评审')).toBeTruthy();
    expect(within(judges).getByText('judge-model')).toBeTruthy();
    expect(within(dialog).getByText(/「仅评审通过前面评分的回答」的评审实际调用可能更少/)).toBeTruthy();
    expect(within(dialog).getByText('每个样本问 3 次')).toBeTruthy();

    const sent: WorkflowScorer[] = [
      { name: '参考答案', type: 'auto' },
      { name: '简短', type: 'length', max_chars: 200 },
      { name: '格式', type: 'regex', pattern: '^答案', flags: 'i' },
      { name: '评审', type: 'llm_judge', model: 'judge-model', rubric: WORKFLOW_JUDGE_RUBRIC_DEFAULT, output: 'number', scale: '1-10', threshold: 0.7, only_if_passed: true },
    ];
    const body = { app_id: 12, response_mode: 'direct', run_whole_data: true, scorers: sent, repeats: 3 };
    expect(calls.find((call) => call.path === '/api/workflow/estimate')!.body).toEqual(body);
    await u.click(within(dialog).getByRole('button', { name: '开始运行' }));
    expect(await message('工作流已开始运行')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/workflow/chat-messages')!.body).toEqual(body);
    // The judges' progress beside the answers'.
    expect(await screen.findByText('运行 #55 · 运行中 · 60/120')).toBeTruthy();
    expect(screen.getByText('评审 45/120')).toBeTruthy();
  });

  it('refuses an empty or duplicate name, a judge rubric without {{answer}} and a schema that is not JSON', async () => {
    renderEditor(base);
    await openDatasetRun();
    const u = user();
    const form = await openAddForm();
    await u.type(within(form).getByLabelText('正则表达式'), '\\d+');
    await rename(form, '参考答案');
    await u.click(within(form).getByRole('button', { name: '确定' }));
    expect(await within(form).findByText('名称「参考答案」已被其他评分使用')).toBeTruthy();
    await rename(form, '');
    await u.click(within(form).getByRole('button', { name: '确定' }));
    expect(await within(form).findByText('请填写名称')).toBeTruthy();

    await rename(form, '结构');
    await chooseType(form, 'JSON 格式');
    await u.type(within(form).getByLabelText('JSON Schema'), '{{ "type": ');
    expect(within(form).getByText(/^JSON Schema 不是有效的 JSON：/)).toBeTruthy();
    await u.click(within(form).getByRole('button', { name: '确定' }));
    expect(rowNames()).toEqual(['评分 参考答案', '评分 简短']);

    await chooseType(form, '大模型评审');
    const rubric = within(form).getByLabelText('评审提示词');
    await u.clear(rubric);
    await u.type(rubric, '只看问题 {{{{question}}');
    await u.click(within(form).getByRole('button', { name: '确定' }));
    expect(await within(form).findByText('评审提示词必须包含 {{answer}}')).toBeTruthy();
    expect(rowNames()).toEqual(['评分 参考答案', '评分 简短']);
  });

  it('moves, edits and deletes scorers, keeps at least one, and saves them with the project', async () => {
    const calls = renderEditor({ ...base, 'POST /api/workflow/scorers/12': (call) => ok(call.body) });
    await openDatasetRun();
    const u = user();
    await u.click(screen.getByRole('button', { name: '上移 简短' }));
    expect(rowNames()).toEqual(['评分 简短', '评分 参考答案']);
    expect(within(screen.getByRole('listitem', { name: '评分 简短' })).getByText('正确率')).toBeTruthy();
    expect((screen.getByRole('button', { name: '上移 简短' }) as HTMLButtonElement).disabled).toBe(true);

    await u.click(screen.getByRole('button', { name: '编辑 简短' }));
    const form = scorerForm();
    await u.type(within(form).getByLabelText('最少字符'), '5');
    await u.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: '评分 简短' })).getByText('5–200 个字符')).toBeTruthy());

    await u.click(screen.getByRole('button', { name: '删除 参考答案' }));
    expect(rowNames()).toEqual(['评分 简短']);
    expect((screen.getByRole('button', { name: '删除 简短' }) as HTMLButtonElement).disabled).toBe(true);

    await u.click(screen.getByRole('button', { name: '保存为项目默认' }));
    expect(await message('评分方式已保存')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/workflow/scorers/12')!.body).toEqual({
      scorers: [{ name: '简短', type: 'length', min_chars: 5, max_chars: 200 }],
    });
  });

  it('adds a category judge: categories typed as tags, the first one passing unless others are chosen', async () => {
    const calls = renderEditor({ ...base, 'POST /api/workflow/estimate': ok(makeEstimate()) });
    await openDatasetRun();
    const u = user();
    const form = await openAddForm();
    await chooseType(form, '大模型评审');
    await u.click(within(form).getByRole('radio', { name: '分类' }));
    await u.type(within(form).getByLabelText('分类列表').querySelector('input')!, '正确,部分正确，错误,');
    await u.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: '评分 大模型评审' })).toBeTruthy());
    expect(within(screen.getByRole('listitem', { name: '评分 大模型评审' })).getByText('gpt-4o · 分类 正确/部分正确/错误，通过 正确')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: '估算并运行' }));
    await screen.findByRole('dialog', { name: '运行整个数据集' });
    const sent = (calls.find((call) => call.path === '/api/workflow/estimate')!.body as { scorers: WorkflowScorer[] }).scorers;
    expect(sent[2]).toEqual({
      name: '大模型评审',
      type: 'llm_judge',
      model: 'gpt-4o',
      rubric: WORKFLOW_JUDGE_RUBRIC_DEFAULT,
      output: 'category',
      categories: ['正确', '部分正确', '错误'],
      pass_categories: ['正确'],
      only_if_passed: false,
    });
  });

  it('starts from the default scorer when the saved ones cannot be read, and shows the server’s refusal of a list', async () => {
    renderEditor({ ...base, [SCORERS]: fail('网络错误'), 'POST /api/workflow/estimate': fail('评分「参考答案」：评分类型无效') });
    await editorLoaded();
    await user().click(screen.getByRole('button', { name: '运行' }));
    await user().click(await screen.findByRole('tab', { name: '运行整个数据集' }));
    expect(await message('读取评分方式失败：网络错误')).toBeTruthy();
    expect(rowNames()).toEqual(WORKFLOW_DEFAULT_SCORERS.map((scorer) => `评分 ${scorer.name}`));
    await user().click(screen.getByRole('button', { name: '估算并运行' }));
    expect(await message('运行工作流失败：评分「参考答案」：评分类型无效')).toBeTruthy();
  });
});
