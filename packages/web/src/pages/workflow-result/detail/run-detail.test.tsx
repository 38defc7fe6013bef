import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { WORKFLOW_POLL_INTERVAL_MS } from '@gw/shared';
import { fail, ok, type Reply } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { RUNS, callsTo, lastQuery, makeAnswer, makeRun, makeSample, makeScore, makeSummaryRow, page, renderResults } from '../test-runs';

// happy-dom has no canvas: the chart component stands in with its option's series, so the page's use of it shows.
vi.mock('echarts-for-react/lib/core', () => ({
  default: ({ option }: { option: { series: Array<{ name: string; data: unknown[] }> } }) => (
    <div data-testid="chart">{option.series.map((series) => `${series.name}:${JSON.stringify(series.data)}`).join(';')}</div>
  ),
}));

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);
const answerOf = (model: string, sample = 1) => within(screen.getByRole('article', { name: `样本 ${sample}` })).getByRole('region', { name: `${model} 的回答` });

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  vi.useRealTimers();
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
  useUserStore.setState({ user: null });
});

const DETAIL = 'GET /api/workflow/runs/7';

function detailOf(run = makeRun(), samples = [makeSample()], total = samples.length, pageNumber = 1): Reply {
  return ok({ run, ...page(samples, total, pageNumber) });
}

describe('workflow run detail', () => {
  it('compares the answers of every model per sample: question, system prompt on demand, reference, score, figures, errors', async () => {
    const sample = makeSample({
      reference: 'B',
      answers: {
        'gpt-4o': makeAnswer({ answer: '答案是 B', score: 1, score_kind: 'choice', prompt_tokens: 80, completion_tokens: 20, use_time_ms: 1500 }),
        'deepseek-chat': makeAnswer({ status: 'failed', answer: '', error: '上游超时', score: 0 }),
      },
    });
    const plain = makeSample({ index: 1, question: 'not json', answers: { 'gpt-4o': makeAnswer({ answer: '好的' }) } });
    renderResults({ [DETAIL]: detailOf(makeRun(), [sample, plain]) }, '/workflowResult/7');

    expect(await screen.findByRole('heading', { name: '题库评测' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '效果对比' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '成本/耗时对比' })).toBeTruthy();

    const first = screen.getByRole('article', { name: '样本 1' });
    expect(within(first).getByText('1+1=? A.1 B.2')).toBeTruthy();
    expect(within(first).queryByText('你是阅卷老师')).toBeNull();
    const u = user();
    await u.click(within(first).getByRole('button', { name: '查看系统提示词' }));
    expect(within(first).getByText('你是阅卷老师')).toBeTruthy();
    expect(within(first).getByText('参考答案')).toBeTruthy();

    const gpt = answerOf('gpt-4o');
    expect(within(gpt).getByText('答案是 B')).toBeTruthy();
    expect(within(gpt).getByText('✓ 正确')).toBeTruthy();
    expect(within(gpt).getByText('100 tokens')).toBeTruthy();
    expect(within(gpt).getByText('1.50 秒')).toBeTruthy();
    const deepseek = answerOf('deepseek-chat');
    expect(within(deepseek).getByText('上游超时').className).toBe('run-answer-error');
    expect(within(deepseek).getByText('✗ 错误')).toBeTruthy();

    // No reference: no score badge, and no answer for a model is a dash.
    const second = screen.getByRole('article', { name: '样本 2' });
    expect(within(second).getByText('not json')).toBeTruthy();
    expect(within(second).queryByText('参考答案')).toBeNull();
    expect(within(answerOf('gpt-4o', 2)).queryByText(/正确|错误/)).toBeNull();
    expect(within(answerOf('deepseek-chat', 2)).getByText('—')).toBeTruthy();
  });

  it('shows every scorer’s verdict as a tag: ✓/✗, a judge’s score or category, pending, skipped, failed, not scored; the reason and the judge’s reply on demand', async () => {
    const sample = makeSample({
      reference: 'B',
      answers: {
        'gpt-4o': makeAnswer({
          answer: '答案是 B',
          score: 1,
          score_kind: 'choice',
          scores: {
            参考答案: makeScore({ reason: '选项一致' }),
            格式: makeScore({ value: 0, passed: false, reason: '没有匹配 ^答案' }),
            评审: makeScore({ value: 0.75, passed: true, reason: '推理完整', raw: '{"reason":"推理完整","score":7.75}' }),
            分类: makeScore({ value: '部分正确', passed: false, reason: '缺少单位', raw: '{"category":"部分正确"}' }),
          },
        }),
        'deepseek-chat': makeAnswer({
          scores: {
            参考答案: makeScore({ value: null, passed: null, reason: '样本没有参考答案' }),
            评审: makeScore({ status: 'pending', value: null, passed: null, raw: '' }),
            分类: makeScore({ status: 'skipped', value: null, passed: null, reason: '前置评分未通过，未评审', raw: '' }),
            复核: makeScore({ status: 'failed', value: null, passed: null, reason: '评审回复无法解析', raw: '我觉得还行' }),
          },
        }),
      },
    });
    renderResults({ [DETAIL]: detailOf(makeRun(), [sample]) }, '/workflowResult/7');
    await screen.findByRole('heading', { name: '题库评测' });
    const tags = (model: string) => within(within(answerOf(model)).getByLabelText('评分')).getAllByRole('button');
    const tagOf = (model: string, name: string) => within(answerOf(model)).getByRole('button', { name });
    const color = (tag: HTMLElement) => /arco-tag-(\w+)/.exec(tag.querySelector('.arco-tag')!.className)?.[1];

    // In the run's scorer order; the first scorer's tag stands where 正确/错误 stood.
    expect(tags('gpt-4o').map((tag) => tag.textContent)).toEqual(['参考答案 ✓', '格式 ✗', '评审 0.75 ✓', '分类 部分正确 ✗']);
    expect(within(answerOf('gpt-4o')).queryByText('✓ 正确')).toBeNull();
    expect(tags('gpt-4o').map(color)).toEqual(['green', 'red', 'green', 'red']);
    expect(tags('deepseek-chat').map((tag) => tag.textContent)).toEqual(['参考答案 —', '评审 评审中…', '分类 未评审', '复核 评审失败']);
    expect(tags('deepseek-chat').map(color)).toEqual(['gray', 'gray', 'gray', 'orange']);

    const u = user();
    await u.click(tagOf('gpt-4o', '评审 0.75 ✓'));
    expect(await screen.findByText('原因：推理完整')).toBeTruthy();
    expect(screen.getByText('分数：0.75')).toBeTruthy();
    expect(screen.queryByText('{"reason":"推理完整","score":7.75}')).toBeNull();
    await u.click(screen.getByRole('button', { name: '查看评审原文' }));
    expect(screen.getByText('{"reason":"推理完整","score":7.75}')).toBeTruthy();

    await u.click(tagOf('deepseek-chat', '复核 评审失败'));
    expect(await screen.findByText('原因：评审回复无法解析')).toBeTruthy();
  });

  it('switches between the repeats of an answer, each with its own answer and tags', async () => {
    const answer = makeAnswer({
      answer: '第一次：B',
      scores: { 参考答案: makeScore() },
      repeats: [
        makeAnswer({ answer: '第二次：A', use_time_ms: 2500, scores: { 参考答案: makeScore({ value: 0, passed: false, reason: '选项不一致' }) } }),
        makeAnswer({ status: 'failed', answer: '', error: '上游超时', scores: { 参考答案: makeScore({ value: null, passed: null }) } }),
      ],
    });
    renderResults({ [DETAIL]: detailOf(makeRun({ repeats: 3 }), [makeSample({ reference: 'B', answers: { 'gpt-4o': answer, 'deepseek-chat': makeAnswer() } })]) }, '/workflowResult/7');
    await screen.findByRole('heading', { name: '题库评测' });
    const gpt = answerOf('gpt-4o');
    expect(within(gpt).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['第 1 次', '第 2 次', '第 3 次']);
    expect(within(gpt).getByText('第一次：B')).toBeTruthy();
    expect(within(gpt).getByRole('button', { name: '参考答案 ✓' })).toBeTruthy();

    const u = user();
    await u.click(within(gpt).getByRole('tab', { name: '第 2 次' }));
    expect(within(gpt).getByText('第二次：A')).toBeTruthy();
    expect(within(gpt).queryByText('第一次：B')).toBeNull();
    expect(within(gpt).getByRole('button', { name: '参考答案 ✗' })).toBeTruthy();
    expect(within(gpt).getByText('2.50 秒')).toBeTruthy();
    await u.click(within(gpt).getByRole('tab', { name: '第 3 次' }));
    expect(within(gpt).getByText('上游超时')).toBeTruthy();
    expect(within(gpt).getByRole('button', { name: '参考答案 —' })).toBeTruthy();
    // An answer asked once has no switcher.
    expect(within(answerOf('deepseek-chat')).queryByRole('tab')).toBeNull();
  });

  it('clamps a long answer until expanded', async () => {
    const long = '很长的回答。'.repeat(80);
    renderResults({ [DETAIL]: detailOf(makeRun(), [makeSample({ answers: { 'gpt-4o': makeAnswer({ answer: long }) } })]) }, '/workflowResult/7');
    const text = await screen.findByText(long);
    expect(text.className).toContain('run-text-clamped');
    await user().click(within(answerOf('gpt-4o')).getByRole('button', { name: '展开' }));
    expect(text.className).not.toContain('run-text-clamped');
  });

  it('pages the samples 10 at a time', async () => {
    const calls = renderResults({ [DETAIL]: (call) => detailOf(makeRun(), [makeSample({ index: (Number(call.query.page) - 1) * 10 })], 25, Number(call.query.page)) }, '/workflowResult/7');
    await screen.findByRole('article', { name: '样本 1' });
    expect(lastQuery(calls, '/api/workflow/runs/7')).toEqual({ page: '1', page_size: '10' });
    await user().click(screen.getByText('3', { selector: '.arco-pagination-item' }));
    expect(await screen.findByRole('article', { name: '样本 21' })).toBeTruthy();
    expect(lastQuery(calls, '/api/workflow/runs/7')).toEqual({ page: '3', page_size: '10' });
  });

  it('shows the handed record at once, then the server’s', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const handed = makeRun({ app_title: '列表里的标题' });
    renderResults({ [DETAIL]: () => new Promise<Reply>((resolve) => (answer = resolve)) }, `/workflowResult/7?record=${encodeURIComponent(JSON.stringify(handed))}`);
    expect(await screen.findByRole('heading', { name: '列表里的标题' })).toBeTruthy();
    await act(async () => answer(detailOf(makeRun({ app_title: '服务器的标题' }))));
    expect(await screen.findByRole('heading', { name: '服务器的标题' })).toBeTruthy();
  });

  it('says 缺少运行ID for an address without a valid id', async () => {
    const calls = renderResults({}, '/workflowResult/abc');
    expect(await message('缺少运行ID')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says 获取运行记录失败 when the run cannot be read', async () => {
    renderResults({ [DETAIL]: fail('运行记录不存在') }, '/workflowResult/7');
    expect(await message('获取运行记录失败：运行记录不存在')).toBeTruthy();
    expect(await screen.findByText('获取运行记录失败')).toBeTruthy();
  });

  it('compares cost and time per model in a table and in charts', async () => {
    const calls = renderResults(
      {
        [DETAIL]: detailOf(),
        'GET /api/workflow/runs-summary/7': ok({
          summary: [
            makeSummaryRow({ model_id: 'gpt-4o', total_price: 0.3, avg_time: 1.5, scored: 20, correct: 17, accuracy: 0.85 }),
            makeSummaryRow({ model_id: 'deepseek-chat', total_price: 0.02, avg_time: 2.25, failures: 3, accuracy: null }),
          ],
        }),
      },
      '/workflowResult/7',
    );
    await screen.findByRole('heading', { name: '题库评测' });
    expect(callsTo(calls, 'GET', '/api/workflow/runs-summary/7')).toHaveLength(0);
    await user().click(screen.getByRole('tab', { name: '成本/耗时对比' }));

    const gptRow = (await screen.findByText('gpt-4o', { selector: 'td *, td' })).closest('tr') as HTMLElement;
    expect(within(gptRow).getByText('$0.300000')).toBeTruthy();
    expect(within(gptRow).getByText('1.50 秒')).toBeTruthy();
    expect(within(gptRow).getByText('85.0%')).toBeTruthy();
    const deepseekRow = screen.getByText('deepseek-chat', { selector: 'td *, td' }).closest('tr') as HTMLElement;
    expect(within(deepseekRow).getByText('—')).toBeTruthy();
    expect(within(deepseekRow).getByText('3')).toBeTruthy();

    const charts = await screen.findAllByTestId('chart');
    expect(charts.map((chart) => chart.closest('figure')?.getAttribute('aria-label'))).toEqual(['费用（$）', '平均耗时（秒）', 'Token 用量', '准确率（%）']);
    expect(charts[1].textContent).toContain('"value":2.25');
    expect(charts[3].textContent).toContain('"value":85');
  });

  it('shows each scorer’s pass rate, mean and spread per model, in the run’s scorer order', async () => {
    renderResults(
      {
        [DETAIL]: detailOf(),
        'GET /api/workflow/runs-summary/7': ok({
          scorers: [
            { name: '参考答案', type: 'auto' },
            { name: '评审', type: 'llm_judge', model: 'judge-model', rubric: '{{answer}}', output: 'number', scale: '1-10', threshold: 0.6 },
          ],
          summary: [
            makeSummaryRow({
              model_id: 'gpt-4o',
              scored: 20,
              correct: 17,
              accuracy: 0.85,
              scores: { 参考答案: { scored: 20, passed: 17, mean: 0.85, spread: 0.05 }, 评审: { scored: 10, passed: 4, mean: 0.62, spread: null } },
            }),
            makeSummaryRow({
              model_id: 'deepseek-chat',
              scores: { 参考答案: { scored: 0, passed: 0, mean: null, spread: null }, 评审: { scored: 20, passed: 20, mean: 0.9, spread: null } },
            }),
          ],
        }),
      },
      '/workflowResult/7',
    );
    await screen.findByRole('heading', { name: '题库评测' });
    await user().click(screen.getByRole('tab', { name: '成本/耗时对比' }));
    const table = await screen.findByRole('region', { name: '评分结果' });
    expect(within(table).getByText('第一个评分「参考答案」的通过率即准确率', { exact: false })).toBeTruthy();
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['模型', '参考答案', '评审', '通过率', '均值', '波动', '通过率', '均值']);
    const row = (model: string) => within(table).getByText(model, { selector: 'td *, td' }).closest('tr') as HTMLElement;
    expect(within(row('gpt-4o')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['gpt-4o', '85.0%', '0.85', '±5.0%', '40.0%', '0.62']);
    expect(within(row('gpt-4o')).getByText('85.0%').getAttribute('title')).toBe('17/20');
    expect(within(row('deepseek-chat')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['deepseek-chat', '—', '—', '—', '100.0%', '0.90']);
  });

  it('saves an export under the server’s name, or workflow-run-{id}.{ext}', async () => {
    const calls = renderResults({ [DETAIL]: detailOf(), 'GET /api/workflow/export/runs/7': ok([]) }, '/workflowResult/7');
    await screen.findByRole('heading', { name: '题库评测' });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const u = user();
    await u.click(screen.getByRole('button', { name: '导出' }));
    await u.click(await screen.findByText('JSON Lines'));
    await waitFor(() => expect(saved).toEqual(['workflow-run-7.jsonl']));
    expect(lastQuery(calls, '/api/workflow/export/runs/7')).toEqual({ format: 'jsonl' });
  });

  it('says 下载失败，请重试 when an export is refused', async () => {
    const calls = renderResults({ [DETAIL]: detailOf() }, '/workflowResult/7');
    await screen.findByRole('heading', { name: '题库评测' });
    const u = user();
    await u.click(screen.getByRole('button', { name: '导出' }));
    await u.click(await screen.findByText('Excel (.xlsx)'));
    expect(await message('下载失败，请重试')).toBeTruthy();
    expect(lastQuery(calls, '/api/workflow/export/runs/7')).toEqual({ format: 'excel' });
  });

  it('polls a running run every 5 s, shows its progress, and reads it again when it stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let status = 'running';
    const calls = renderResults(
      {
        [DETAIL]: () => detailOf(makeRun({ status: status as 'running', done: status === 'running' ? 10 : 40, total: 40 })),
        'GET /api/workflow/run_status/7': () => ok({ id: 7, Status: status, app_title: '题库评测', done: 30, failed: 1, total: 40 }),
      },
      '/workflowResult/7',
    );
    const progress = await screen.findByLabelText('运行进度');
    expect(within(progress).getByText('10/40')).toBeTruthy();
    // The poll starts in an effect that may run after the progress shows: advance the clock only once
    // it is set (a loop, since waitFor's own interval would count among the faked timers).
    for (let tries = 0; vi.getTimerCount() === 0 && tries < 100; tries++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(vi.getTimerCount()).toBe(1);
    await act(async () => vi.advanceTimersByTime(WORKFLOW_POLL_INTERVAL_MS));
    expect(await within(progress).findByText('30/40（失败 1）')).toBeTruthy();

    status = 'succeeded';
    await act(async () => vi.advanceTimersByTime(WORKFLOW_POLL_INTERVAL_MS));
    await waitFor(() => expect(screen.queryByLabelText('运行进度')).toBeNull());
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/workflow/run_status/7')).toHaveLength(2);
    expect(callsTo(calls, 'GET', '/api/workflow/runs/7')).toHaveLength(2);
  });

  it('cancels a running run after the confirmation', async () => {
    const calls = renderResults(
      { [DETAIL]: detailOf(makeRun({ status: 'running', done: 5 })), 'POST /api/workflow/runs/7/cancel': ok(makeRun({ status: 'cancelled', done: 5 })) },
      '/workflowResult/7',
    );
    const u = user();
    await u.click(await screen.findByRole('button', { name: '取消运行' }));
    await u.click(await screen.findByRole('button', { name: '确定' }));
    expect(await message('运行已取消')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/workflow/runs/7/cancel')).toHaveLength(1);
  });

  it('deletes the run and goes back to the list', async () => {
    renderResults({ [DETAIL]: detailOf(), 'POST /api/workflow/runs/7/delete': { success: true, message: 'success', data: true }, [RUNS]: ok(page([])) }, '/workflowResult/7');
    const u = user();
    await screen.findByRole('heading', { name: '题库评测' });
    await u.click(screen.getByRole('button', { name: '删除' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    expect(await message('运行记录已删除')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '工作流结果' })).toBeTruthy();
  });
});
