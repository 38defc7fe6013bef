import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_NODE_DATA, LLM_NODE_DATA, START_NODE_DEFAULT } from '../../packages/shared/src/workflow';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { ARTIFACTS, expectSuccess, type RunningProduct, rootApi, serveMockModels, signInAsRoot, startProduct } from './harness';
import { sidewaysOverflow } from './page-checks';

/**
 * The mock upstream's models: "echo" answers the question it is asked, "judge" passes an answer
 * whose prompt holds PASS-ME, and "flaky" is refused until the test lets it answer.
 */
const MODELS = ['echo', 'flaky'];
const JUDGE = 'judge';
/**
 * The questions, so every verdict is known in advance. Echo's answers to the first three start
 * with Q (the regex passes), so the judge sees them and passes the two holding PASS-ME; Z4 fails
 * the regex and is not judged. Flaky answers "Hello from flaky": it never passes the regex.
 */
const QUESTIONS = ['Q1 PASS-ME', 'Q2 PASS-ME', 'Q3', 'Z4 PASS-ME'];
const REGEX = '以Q开头';
const JUDGE_NAME = '大模型评审';
/** The second run's pattern: Q1 and Q3 stop passing (regressed), Z4 starts (fixed), Q2 stays. */
const SECOND_PATTERN = '^(Q2|Z)';
const PROJECT = '评测实验室';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** A dataset of `questions` made as root does it in the data market: the dataset, then a JSONL import, finished. */
async function createDataset(page: Page, name: string, questions: string[]): Promise<number> {
  const dataset = expectSuccess<{ id: number }>(await rootApi(page, 'POST', '/api/data_library/', { name, data_type: '问答' })).id;
  const jsonl = questions.map((question) => JSON.stringify({ question })).join('\n');
  const started = await page.evaluate(
    async ({ dataset, jsonl }) => {
      const form = new FormData();
      form.append('file', new Blob([jsonl], { type: 'application/x-ndjson' }), 'questions.jsonl');
      const reply = await fetch(`/api/data_library/${dataset}/import?format=jsonl&mode=rollback`, { method: 'POST', headers: { 'New-Api-User': '1' }, body: form });
      return reply.json();
    },
    { dataset, jsonl },
  );
  const importId = expectSuccess<{ id: number }>(started).id;
  for (let tries = 0; ; tries++) {
    const { status } = expectSuccess<{ status: string }>(await rootApi(page, 'GET', `/api/data_library/imports/${importId}`));
    if (status === 'done') return dataset;
    if (status !== 'queued' && status !== 'running') throw new Error(`the import ended ${status}`);
    if (tries === 100) throw new Error('the import did not finish within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** input (on the dataset) → one llm node asking every model of `MODELS`: the graph the editor saves. */
const graphOf = (dataset: number) => ({
  nodes: [
    structuredClone(START_NODE_DEFAULT),
    { id: 'input-1', type: 'input', position: { x: 500, y: 300 }, data: { ...INPUT_NODE_DATA, variables: [{ ...INPUT_NODE_DATA.variables[0], default: dataset }] } },
    { id: 'llm-1', type: 'llm', position: { x: 800, y: 300 }, data: { ...LLM_NODE_DATA, model: { ...LLM_NODE_DATA.model, name: MODELS[0] }, models: MODELS } },
  ],
  edges: [
    { id: 'e-start', source: 'start-1', target: 'input-1', type: 'custom' },
    { id: 'e-in', source: 'input-1', target: 'llm-1', type: 'custom' },
  ],
});

/** One model's answer to the `index`-th question (from 0) on a run's page. */
const answerOf = (page: Page, index: number, model: string): Locator => page.getByRole('article', { name: `样本 ${index + 1}` }).getByRole('region', { name: `${model} 的回答` });
/** A verdict's tag in an answer, by the text it shows ("以Q开头 ✓"). */
const verdict = (answer: Locator, text: string): Locator => answer.getByRole('button', { name: text, exact: true });
/** An Arco pop-up confirmation's OK button. */
const confirmPopup = (page: Page): Locator => page.locator('.arco-popconfirm').getByRole('button', { name: /^确\s*定$/ });

describe('the evaluation lab: scorers, the judge, re-running failures, comparing runs, sharing and reports', () => {
  let product: RunningProduct;
  let upstream: MockOpenAiUpstream;
  let appId = 0;
  let firstRun = 0;
  let secondRun = 0;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    product = await startProduct('workflow-eval');
    await signInAsRoot(product);
  });
  afterAll(async () => {
    await product?.stop();
    await upstream?.stop();
  });

  it('sets up: the mock models (flaky refused), a dataset of four questions and a project asking echo and flaky', async () => {
    const { page } = product;
    await serveMockModels(page, upstream.url, { echo: 1, flaky: 1, [JUDGE]: 1 });
    upstream.refusedModels.add('flaky');
    const dataset = await createDataset(page, '评测实验题', QUESTIONS);
    appId = expectSuccess<{ id: number }>(await rootApi(page, 'POST', '/api/apps/', { title: PROJECT })).id;
    expectSuccess(await rootApi(page, 'POST', `/api/workflow/${appId}`, { graph: graphOf(dataset) }));
  });

  it('runs the dataset with a regex and a judge chosen in the run panel, after an estimate that counts the judge’s calls', async () => {
    const { page, url } = product;
    await page.goto(`${url}/workflow/editor/${appId}`);
    await page.locator('.react-flow__node-llm').waitFor();
    await page.getByRole('button', { name: '运行', exact: true }).click();
    await page.getByRole('tab', { name: '运行整个数据集' }).click();
    const scorers = page.getByRole('region', { name: '评分方式' });
    await scorers.getByRole('listitem', { name: '评分 参考答案' }).waitFor();

    await scorers.getByRole('button', { name: '添加评分' }).click();
    let form = page.getByRole('dialog', { name: '添加评分' });
    await form.getByLabel('评分名称').fill(REGEX);
    await form.getByLabel('正则表达式').fill('^Q');
    await form.getByRole('button', { name: /^确\s*定$/ }).click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => scorers.getByRole('listitem', { name: `评分 ${REGEX}` }).textContent()).toContain('/^Q/');

    await scorers.getByRole('button', { name: '添加评分' }).click();
    form = page.getByRole('dialog', { name: '添加评分' });
    await form.getByLabel('评分类型').click();
    await page.getByRole('option', { name: '大模型评审', exact: true }).click();
    // The default rubric is filled in and kept.
    expect(await form.getByLabel('评审提示词').inputValue()).toContain('{{answer}}');
    await form.getByLabel('评审模型').click();
    await page.getByRole('option', { name: JUDGE, exact: true }).click();
    await form.getByRole('switch', { name: '仅评审通过前面评分的回答' }).click();
    await form.getByRole('button', { name: /^确\s*定$/ }).click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => scorers.getByRole('listitem', { name: `评分 ${JUDGE_NAME}` }).textContent()).toContain(`${JUDGE} · 通过/不通过 · 仅评审已通过的回答`);
    // The regex comes first: its pass rate is the run's accuracy.
    await scorers.getByRole('button', { name: '删除 参考答案' }).click();
    await expect.poll(() => scorers.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining(REGEX), expect.stringContaining(JUDGE_NAME)]);
    expect(await scorers.getByRole('listitem', { name: `评分 ${REGEX}` }).textContent()).toContain('正确率');
    await page.getByLabel('重复次数').fill('1');

    await page.getByRole('button', { name: '估算并运行' }).click();
    const estimate = page.getByRole('dialog', { name: '运行整个数据集' });
    await estimate.waitFor();
    // Two model rows, four calls each; the judge is counted for every answer of both models.
    for (const model of MODELS) await estimate.getByRole('row').filter({ hasText: model }).getByRole('cell', { name: '4', exact: true }).waitFor();
    const judgeRow = estimate.getByRole('region', { name: '评审调用' }).getByRole('row').filter({ hasText: JUDGE });
    expect(await judgeRow.getByRole('cell').allTextContents()).toEqual([JUDGE_NAME, JUDGE, '8', expect.any(String)]);
    await product.screenshot('1-estimate');
    await estimate.getByRole('button', { name: '开始运行' }).click();

    const progress = page.getByLabel('运行进度');
    await progress.getByText(/运行 #\d+ · (已完成|失败) · /).waitFor({ timeout: 60_000 });
    firstRun = Number(/运行 #(\d+)/.exec((await progress.textContent()) ?? '')![1]);
    // Echo's four answers done, flaky's four refused.
    expect(await progress.textContent()).toMatch(/4\/8（失败 4）/);
    // The tracked run's completion dialog opens its results.
    const done = page.locator('.arco-modal').filter({ hasText: `项目 ${PROJECT} 工作流已完成！` });
    await done.getByRole('button', { name: '查看结果' }).click({ timeout: 30_000 });
    await page.waitForURL(new RegExp(`/workflowResult/${firstRun}$`));
  });

  it('shows each scorer’s verdict on echo’s answers, flaky’s failures, and the scores table', async () => {
    const { page } = product;
    const echo = (index: number) => answerOf(page, index, 'echo');
    await verdict(echo(0), `${REGEX} ✓`).waitFor();
    await verdict(echo(0), `${JUDGE_NAME} ✓`).waitFor();
    await verdict(echo(1), `${JUDGE_NAME} ✓`).waitFor();
    await verdict(echo(2), `${REGEX} ✓`).waitFor();
    await verdict(echo(2), `${JUDGE_NAME} ✗`).waitFor();
    await verdict(echo(3), `${REGEX} ✗`).waitFor();
    await verdict(echo(3), `${JUDGE_NAME} 未评审`).waitFor();
    expect(await echo(3).textContent()).toContain('Z4 PASS-ME');
    for (const [index] of QUESTIONS.entries()) {
      const flaky = answerOf(page, index, 'flaky');
      // The upstream's refusal, as it said it.
      expect(await flaky.locator('.run-answer-error').textContent()).toBe('upstream refuses this request');
      expect(await flaky.textContent()).not.toContain('Hello from flaky');
    }
    // Why a verdict is what it is: the judge's reason on click.
    await verdict(echo(2), `${JUDGE_NAME} ✗`).click();
    await page.locator('.run-score-details').getByText('原因：回答错误').waitFor();
    await page.keyboard.press('Escape');
    await product.screenshot('2-verdicts');

    await page.getByRole('tab', { name: '成本/耗时对比' }).click();
    const table = page.getByRole('region', { name: '评分结果' });
    await table.getByText(`第一个评分「${REGEX}」的通过率即准确率`, { exact: false }).waitFor();
    const echoRow = table.locator('.arco-table-tr').filter({ hasText: 'echo' });
    // Regex 3 of 4; the judge passed 2 of the 3 it saw.
    await echoRow.getByText('75.0%', { exact: true }).waitFor();
    await echoRow.getByText('66.7%', { exact: true }).waitFor();
    await product.screenshot('3-scores');
  });

  it('re-runs only the failed answers: flaky answers this time and the run finishes', async () => {
    const { page } = product;
    upstream.refusedModels.delete('flaky');
    await page.getByRole('tab', { name: '效果对比' }).click();
    await page.getByRole('button', { name: '重新运行' }).click();
    const dialog = page.getByRole('dialog', { name: '重新运行' });
    const onlyFailed = dialog.getByRole('radio', { name: '只重新运行失败的回答（4 条）' });
    expect(await onlyFailed.isChecked()).toBe(true);
    await dialog.getByRole('button', { name: '重新运行' }).click();
    await dialog.waitFor({ state: 'hidden' });
    for (const [index] of QUESTIONS.entries()) await answerOf(page, index, 'flaky').getByText('Hello from flaky').waitFor({ timeout: 30_000 });
    await page.locator('.run-facts').getByText('8/8', { exact: false }).waitFor();
    expect(await page.locator('.run-answer-error').count()).toBe(0);
    // The new answers are scored too; echo's are kept as they were.
    await verdict(answerOf(page, 0, 'flaky'), `${REGEX} ✗`).waitFor();
    await verdict(answerOf(page, 0, 'echo'), `${JUDGE_NAME} ✓`).waitFor();
    await product.screenshot('4-rerun');
  });

  it('compares a second run with the first: deltas, fixed and regressed counts, the regressed samples, on a desktop and a phone', async () => {
    const { page, url } = product;
    secondRun = expectSuccess<{ run_id: number }>(
      await rootApi(page, 'POST', '/api/workflow/chat-messages', {
        app_id: appId,
        response_mode: 'direct',
        run_whole_data: true,
        scorers: [{ name: REGEX, type: 'regex', pattern: SECOND_PATTERN }],
      }),
    ).run_id;
    await page.goto(`${url}/workflowResult/${secondRun}`);
    // 对比 shows once the run stopped (the page follows its progress).
    await page.getByRole('button', { name: '对比', exact: true }).click({ timeout: 30_000 });
    const picker = page.getByRole('dialog', { name: '对比运行' });
    await picker.getByLabel('基准运行').click();
    await page.getByRole('option', { name: new RegExp(`^#${firstRun} ${PROJECT}`) }).click();
    await picker.getByRole('button', { name: '对比', exact: true }).click();
    await page.waitForURL(`${url}/workflowResult/compare?base=${firstRun}&other=${secondRun}`);

    const echo = page.getByRole('region', { name: 'echo 的对比' });
    for (const count of ['修复 1', '退化 2', '不变 1']) await echo.locator('.compare-counts').getByText(count, { exact: true }).waitFor();
    for (const count of ['修复 0', '退化 0', '不变 4']) await page.getByRole('region', { name: 'flaky 的对比' }).locator('.compare-counts').getByText(count, { exact: true }).waitFor();
    const passRate = echo.getByRole('row').filter({ hasText: `${REGEX} 通过率` });
    expect(await passRate.getByRole('cell').allTextContents()).toEqual([`${REGEX} 通过率`, '75.0% → 50.0%', '-25.0%']);
    await product.screenshot('5-compare');

    const samples = page.getByRole('region', { name: '样本对比' });
    await samples.getByRole('radiogroup', { name: '按变化筛选' }).getByText('退化', { exact: true }).click();
    await expect.poll(() => samples.locator('tbody .arco-table-tr').allTextContents()).toEqual([expect.stringContaining('Q1 PASS-ME'), expect.stringContaining('Q3')]);
    expect(await samples.locator('tbody').textContent()).not.toContain('Q2');
    await product.screenshot('6-compare-regressed');

    await page.setViewportSize(PHONE);
    await echo.waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await product.screenshot('7-compare-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('shares the run through a link anyone can open without signing in, until it is revoked', async () => {
    const { page, url, browser } = product;
    await page.goto(`${url}/workflowResult/${firstRun}`);
    await page.getByRole('button', { name: '分享' }).click();
    const dialog = page.getByRole('dialog', { name: '分享运行结果' });
    await dialog.getByRole('button', { name: '生成分享链接' }).click();
    const link = await dialog.getByLabel('分享链接').inputValue();
    expect(link).toMatch(new RegExp(`^${url}/share/run/[\\w-]{16,}$`));
    await dialog.getByRole('button', { name: '复制链接' }).waitFor();

    const stranger = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', reducedMotion: 'reduce' });
    try {
      const shared = await stranger.newPage();
      await shared.goto(link);
      const facts = shared.locator('.run-facts');
      await shared.getByRole('heading', { name: PROJECT }).waitFor();
      for (const model of MODELS) await facts.getByText(model, { exact: true }).waitFor();
      const summary = shared.getByRole('region', { name: '汇总' });
      // The cost of each model, then each scorer's pass rate: flaky's regex 0 of 4 after the re-run.
      await summary.getByRole('row', { name: /^flaky \$/ }).waitFor();
      const scores = summary.getByRole('region', { name: '评分结果' });
      await scores.getByRole('row', { name: /^echo 75\.0%/ }).waitFor();
      await scores.getByRole('row', { name: /^flaky 0\.0%/ }).waitFor();
      await answerOf(shared, 0, 'flaky').getByText('Hello from flaky').waitFor();
      await verdict(answerOf(shared, 0, 'echo'), `${JUDGE_NAME} ✓`).waitFor();
      // Nothing of the console: no session, no shell.
      expect(await stranger.cookies()).toEqual([]);
      expect(await shared.getByRole('button', { name: '重新运行' }).count()).toBe(0);
      await shared.screenshot({ path: join(ARTIFACTS, 'workflow-eval-8-shared.png'), fullPage: true });

      await dialog.getByRole('button', { name: '取消分享' }).click();
      await confirmPopup(page).click();
      await dialog.getByRole('button', { name: '生成分享链接' }).waitFor();
      await shared.reload();
      await shared.getByText('分享链接无效或已失效').waitFor();
      expect(await shared.getByText('Hello from flaky').count()).toBe(0);
    } finally {
      await stranger.close();
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('exports the HTML report: a self-contained page with charts and no script', async () => {
    const { page } = product;
    await page.getByRole('button', { name: '导出报告' }).click();
    const link = page.locator('.arco-dropdown-menu').getByRole('link', { name: 'HTML 报告' });
    const path = `/api/workflow/runs/${firstRun}/report?format=html`;
    expect(await link.getAttribute('href')).toBe(path);
    const [reply, download] = await Promise.all([page.waitForResponse((response) => response.url().endsWith(path)), page.waitForEvent('download'), link.click()]);
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toMatch(/^text\/html/);
    expect(download.suggestedFilename()).toBe(`workflow-run-${firstRun}-report.html`);
    const saved = join(ARTIFACTS, 'workflow-eval-report.html');
    await download.saveAs(saved);
    const report = readFileSync(saved, 'utf8');
    expect(report).toContain('<svg');
    expect(report).not.toMatch(/<script/i);
    expect(report).toContain(PROJECT);
    expect(report).toContain(REGEX);
  });
});
