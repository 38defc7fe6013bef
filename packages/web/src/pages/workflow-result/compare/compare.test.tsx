import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { MSG_WORKFLOW_COMPARE_SAME, MSG_WORKFLOW_RUN_NOT_FOUND } from '@gw/shared';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { findRoute } from '@/routes/access';
import { useUserStore } from '@/stores/user';
import { LocationProbe, RUNS, callsTo, lastQuery, makeRun, page } from '../test-runs';
import { COMPARE, makeCompare, makeCompareRow, makeCompareSample, renderLab } from './test-compare';

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
  useUserStore.setState({ user: null });
});

const COMPARE_PATH = '/api/workflow/runs/compare';
const modelSection = (model: string) => screen.getByRole('region', { name: `${model} 的对比` });
const summaryRow = (model: string, label: string) => within(modelSection(model)).getByText(label).closest('tr') as HTMLElement;
const deltaOf = (row: HTMLElement) => row.querySelector('.compare-delta') as HTMLElement;
const probedUrl = async () => new URL((await screen.findByTestId('location')).textContent!.split('|')[0], 'http://localhost');

describe('workflow run compare page', () => {
  it('is a signed-in page of its own, not a run id', () => {
    expect(findRoute('/workflowResult/compare')).toMatchObject({ page: 'workflowResultCompare', access: 'user' });
    expect(findRoute('/workflowResult/12')?.page).toBe('workflowResultDetail');
  });

  it('shows both runs and the summary per model: base → other, the change signed, green when better and red when worse', async () => {
    const compare = makeCompare({
      summary: [
        makeCompareRow({ model_id: 'gpt-4o', metric: 'pass_rate', base: 0.8, other: 0.85, delta: 0.05 }),
        makeCompareRow({ model_id: 'gpt-4o', metric: 'mean', base: 0.5, other: 0.5, delta: 0 }),
        makeCompareRow({ model_id: 'gpt-4o', scorer: '', metric: 'cost', base: 150_000, other: 100_000, delta: -50_000 }),
        makeCompareRow({ model_id: 'gpt-4o', scorer: '', metric: 'latency', base: 1500, other: 800, delta: -700 }),
        makeCompareRow({ model_id: 'deepseek-chat', metric: 'pass_rate', base: 0.9, other: 0.7, delta: -0.2 }),
        makeCompareRow({ model_id: 'deepseek-chat', metric: 'mean', base: null, other: 0.7, delta: null }),
        makeCompareRow({ model_id: 'deepseek-chat', scorer: '', metric: 'cost', base: 1000, other: 2000, delta: 1000 }),
        makeCompareRow({ model_id: 'deepseek-chat', scorer: '', metric: 'latency', base: 900, other: 1200, delta: 300 }),
      ],
      counts: { 'gpt-4o': { fixed: 3, regressed: 1, same: 16 }, 'deepseek-chat': { fixed: 0, regressed: 4, same: 16 } },
    });
    const calls = renderLab({ [COMPARE]: ok(compare), [RUNS]: ok(page([])) }, '/workflowResult/compare?base=3&other=7');

    await screen.findByRole('region', { name: 'gpt-4o 的对比' });
    expect(lastQuery(calls, COMPARE_PATH)).toEqual({ base: '3', other: '7', page: '1', page_size: '10' });
    const baseCard = screen.getByRole('region', { name: '基准运行' });
    expect(within(baseCard).getByText('#3')).toBeTruthy();
    expect(within(baseCard).getByText('题库评测')).toBeTruthy();
    expect(within(baseCard).getByText('C-Eval 样例')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '对比运行' })).getByText('#7')).toBeTruthy();

    const passRate = summaryRow('gpt-4o', '参考答案 通过率');
    expect(passRate.textContent).toContain('80.0% → 85.0%');
    expect(deltaOf(passRate).textContent).toBe('+5.0%');
    expect(deltaOf(passRate).className).toContain('compare-delta-better');
    const mean = summaryRow('gpt-4o', '参考答案 平均分');
    expect(deltaOf(mean).textContent).toBe('0.000');
    expect(deltaOf(mean).className).toContain('compare-delta-same');
    // Cheaper and faster are better.
    const cost = summaryRow('gpt-4o', '费用');
    expect(cost.textContent).toContain('$0.300000 → $0.200000');
    expect(deltaOf(cost).textContent).toBe('-$0.100000');
    expect(deltaOf(cost).className).toContain('compare-delta-better');
    const latency = summaryRow('gpt-4o', '平均耗时');
    expect(latency.textContent).toContain('1.50 秒 → 800 毫秒');
    expect(deltaOf(latency).textContent).toBe('-700 毫秒');
    expect(deltaOf(latency).className).toContain('compare-delta-better');

    expect(deltaOf(summaryRow('deepseek-chat', '参考答案 通过率')).textContent).toBe('-20.0%');
    expect(deltaOf(summaryRow('deepseek-chat', '参考答案 通过率')).className).toContain('compare-delta-worse');
    expect(summaryRow('deepseek-chat', '参考答案 平均分').textContent).toContain('— → 0.700');
    expect(deltaOf(summaryRow('deepseek-chat', '参考答案 平均分')).textContent).toBe('—');
    expect(deltaOf(summaryRow('deepseek-chat', '费用')).textContent).toBe('+$0.002000');
    expect(deltaOf(summaryRow('deepseek-chat', '费用')).className).toContain('compare-delta-worse');
    expect(deltaOf(summaryRow('deepseek-chat', '平均耗时')).textContent).toBe('+300 毫秒');
    expect(deltaOf(summaryRow('deepseek-chat', '平均耗时')).className).toContain('compare-delta-worse');

    const counts = within(modelSection('gpt-4o'));
    expect(counts.getByText('修复 3')).toBeTruthy();
    expect(counts.getByText('退化 1')).toBeTruthy();
    expect(counts.getByText('不变 16')).toBeTruthy();
    expect(within(modelSection('deepseek-chat')).getByText('退化 4')).toBeTruthy();
  });

  it('lists the samples with ✓/✗ base → other per model and filters them by state on the server', async () => {
    const fixed = makeCompareSample({ index: 0, models: { 'gpt-4o': { base: false, other: true, state: 'fixed' } } });
    const regressed = makeCompareSample({
      index: 4,
      question: JSON.stringify({ messages: [{ role: 'user', content: '中国的首都是？' }] }),
      reference: '北京',
      models: { 'gpt-4o': { base: true, other: false, state: 'regressed' } },
    });
    const calls = renderLab(
      {
        [COMPARE]: (call) => ok(makeCompare({ list: call.query.state === 'regressed' ? [regressed] : [fixed, regressed], total: call.query.state === 'regressed' ? 1 : 2 })),
        [RUNS]: ok(page([])),
      },
      '/workflowResult/compare?base=3&other=7',
    );
    const samples = await screen.findByRole('region', { name: '样本对比' });
    const fixedRow = within(samples).getByText('1+1=? A.1 B.2').closest('tr') as HTMLElement;
    expect(fixedRow.querySelector('.compare-verdict')!.textContent).toBe('✗ → ✓修复');
    const regressedRow = within(samples).getByText('中国的首都是？').closest('tr') as HTMLElement;
    expect(within(regressedRow).getByText('北京')).toBeTruthy();
    expect(regressedRow.querySelector('.compare-verdict')!.textContent).toBe('✓ → ✗退化');

    await user().click(within(samples).getByText('退化', { selector: '.arco-radio-button *, .arco-radio-button' }));
    await waitFor(() => expect(lastQuery(calls, COMPARE_PATH)).toEqual({ base: '3', other: '7', page: '1', page_size: '10', state: 'regressed' }));
    await waitFor(() => expect(within(samples).queryByText('1+1=? A.1 B.2')).toBeNull());
    expect(within(samples).getByText('中国的首都是？')).toBeTruthy();
  });

  it('compares only the summary, and says so, when the runs used different data', async () => {
    renderLab({ [COMPARE]: ok(makeCompare({ same_source: false, counts: {}, list: [], total: 0 })), [RUNS]: ok(page([])) }, '/workflowResult/compare?base=3&other=7');
    expect(await screen.findByText('两次运行的数据来源不同，只对比汇总')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'gpt-4o 的对比' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '样本对比' })).toBeNull();
    expect(screen.queryByText(/^修复 /)).toBeNull();
  });

  it.each([MSG_WORKFLOW_RUN_NOT_FOUND, MSG_WORKFLOW_COMPARE_SAME])('shows the refusal “%s” on the page', async (refusal) => {
    renderLab({ [COMPARE]: fail(refusal), [RUNS]: ok(page([])) }, '/workflowResult/compare?base=3&other=7');
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByText('获取对比结果失败')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '汇总对比' })).toBeNull();
  });

  it('asks for two runs when the address lacks one, without calling the server', async () => {
    const calls = renderLab({ [RUNS]: ok(page([])) }, '/workflowResult/compare?other=7');
    expect(await screen.findByText('请选择要对比的两次运行')).toBeTruthy();
    expect(callsTo(calls, 'GET', COMPARE_PATH)).toHaveLength(0);
  });

  it('changes the baseline among the user’s finished runs, searched by project or source', async () => {
    const calls = renderLab(
      {
        [COMPARE]: (call) => ok(makeCompare({ base: { id: Number(call.query.base), app_title: `运行 ${call.query.base}`, source_name: 'C-Eval 样例', created_at: 1_735_603_200 } })),
        [RUNS]: (call) =>
          ok(
            page(
              call.query.search_key === '客服'
                ? [makeRun({ id: 5, app_title: '客服问答', source_name: '客服数据' })]
                : [makeRun({ id: 7 }), makeRun({ id: 6, app_title: '翻译对比' }), makeRun({ id: 4, app_title: '还在跑', status: 'running' })],
            ),
          ),
      },
      '/workflowResult/compare?base=3&other=7',
    );
    await screen.findByRole('region', { name: 'gpt-4o 的对比' });
    const u = user();
    await u.click(screen.getByRole('combobox', { name: '基准运行' }));
    // The compared run and a running one are not offered.
    expect(await screen.findByRole('option', { name: /#6 翻译对比/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /#7 / })).toBeNull();
    expect(screen.queryByRole('option', { name: /还在跑/ })).toBeNull();

    await u.type(screen.getByRole('combobox', { name: '基准运行' }).querySelector('input')!, '客服');
    // The matches are highlighted: the option's text is in pieces, so it is matched as text.
    await u.click(await screen.findByRole('option', { name: (_, option) => option.textContent!.startsWith('#5 客服问答 · 客服数据') }, { timeout: 2000 }));
    expect(callsTo(calls, 'GET', '/api/workflow/runs').map((call) => call.query)).toContainEqual({ page: '1', page_size: '20', search_key: '客服' });
    await waitFor(() => expect(lastQuery(calls, COMPARE_PATH)).toEqual({ base: '5', other: '7', page: '1', page_size: '10' }));
    expect(await within(screen.getByRole('region', { name: '基准运行' })).findByText('运行 5')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: '交换基准运行与对比运行' }));
    await waitFor(() => expect(lastQuery(calls, COMPARE_PATH)).toEqual({ base: '7', other: '5', page: '1', page_size: '10' }));
  });
});

describe('choosing a run to compare with', () => {
  const projectRuns = [makeRun({ id: 12 }), makeRun({ id: 9 }), makeRun({ id: 8 }), makeRun({ id: 6, status: 'running' }), makeRun({ id: 5 })];

  it('from the run list: the previous run of the project is the baseline, the row’s run the compared one', async () => {
    const calls = renderLab(
      {
        [RUNS]: ok(page([makeRun({ id: 9, app_id: 3 }), makeRun({ id: 6, app_id: 3, status: 'running' }), makeRun({ id: 4, mode: 'streaming' })])),
        'GET /api/workflow/app-runs/3': ok({ list: projectRuns }),
      },
      '/workflowResult',
      <LocationProbe />,
    );
    const u = user();
    await u.click(await screen.findByRole('button', { name: '对比运行 9' }));
    // Only finished whole-data runs can be compared.
    expect(screen.queryByRole('button', { name: '对比运行 6' })).toBeNull();
    expect(screen.queryByRole('button', { name: '对比运行 4' })).toBeNull();

    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/#8 题库评测/);
    expect(callsTo(calls, 'GET', '/api/workflow/app-runs/3')).toHaveLength(1);
    await u.click(within(dialog).getByRole('button', { name: '对比' }));
    const url = await probedUrl();
    expect(url.pathname).toBe('/workflowResult/compare');
    expect(Object.fromEntries(url.searchParams)).toEqual({ base: '8', other: '9' });
  });

  it('from a run’s page: another run of the project can be picked instead', async () => {
    renderLab(
      {
        'GET /api/workflow/runs/9': ok({ run: makeRun({ id: 9, app_id: 3 }), ...page([]) }),
        'GET /api/workflow/app-runs/3': ok({ list: projectRuns }),
      },
      '/workflowResult/9',
      <LocationProbe />,
    );
    const u = user();
    await u.click(await screen.findByRole('button', { name: '对比' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/#8 题库评测/);
    await u.click(within(dialog).getByRole('combobox', { name: '基准运行' }));
    expect(screen.queryByRole('option', { name: /#6 / })).toBeNull();
    await u.click(await screen.findByRole('option', { name: /#5 题库评测/ }));
    await u.click(within(dialog).getByRole('button', { name: '对比' }));
    expect(Object.fromEntries((await probedUrl()).searchParams)).toEqual({ base: '5', other: '9' });
  });

  it('has no default when the project ran nothing before, and waits for a choice', async () => {
    renderLab(
      { 'GET /api/workflow/runs/9': ok({ run: makeRun({ id: 9, app_id: 3 }), ...page([]) }), 'GET /api/workflow/app-runs/3': ok({ list: [makeRun({ id: 9 })] }) },
      '/workflowResult/9',
      <LocationProbe />,
    );
    await user().click(await screen.findByRole('button', { name: '对比' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('combobox', { name: '基准运行' });
    expect((within(dialog).getByRole('button', { name: '对比' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
