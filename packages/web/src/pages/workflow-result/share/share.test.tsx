import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes } from 'react-router-dom';
import { Modal } from '@arco-design/web-react';
import { fail, fakeApi, ok, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { formatTime } from '@/pages/workflow/workflow-view';
import { findRoute } from '@/routes/access';
import { useUserStore } from '@/stores/user';
import { callsTo, makeAnswer, makeRun, makeSample, makeSummaryRow, page, renderResults } from '../test-runs';
import { COMPARE, makeCompare, renderLab } from '../compare/test-compare';
import SharedRunPage from './index';
import { MSG_SHARE_LINK_COPIED, MSG_SHARE_ONCE } from './share-modal';

// happy-dom has no canvas: the chart component stands in with its option's series.
vi.mock('echarts-for-react/lib/core', () => ({
  default: ({ option }: { option: { series: Array<{ name: string }> } }) => <div data-testid="chart">{option.series.map((series) => series.name).join(';')}</div>,
}));

const TOKEN = 'a'.repeat(43);
const INVALID = '分享链接无效或已失效';

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

/** The run page's own calls, and the share state as the server keeps it between calls. */
function runPageRoutes(initial: { shared: boolean; created_at: number }): Record<string, Route> {
  let state = initial;
  let made = 0;
  return {
    'GET /api/workflow/runs/7': ok({ run: makeRun(), ...page([makeSample()], 1) }),
    'GET /api/workflow/runs-summary/7': ok({ summary: [], scorers: [] }),
    'GET /api/workflow/runs/7/share': () => ok(state),
    'POST /api/workflow/runs/7/share': () => {
      made += 1;
      const token = `token-${made}`.padEnd(43, 'x');
      state = { shared: true, created_at: 1_735_700_000 + made };
      return ok({ token, url: `/share/run/${token}`, created_at: state.created_at });
    },
    'POST /api/workflow/runs/7/share/revoke': () => {
      state = { shared: false, created_at: 0 };
      return { success: true, message: '已取消分享', data: state };
    },
  };
}

const shareDialog = () => screen.findByRole('dialog');

describe('run share link (owner)', () => {
  it('creates a link, shows the full address once with a copy button, and revokes it', async () => {
    const writeText = vi.fn(async () => undefined);
    const calls = renderResults(runPageRoutes({ shared: false, created_at: 0 }), '/workflowResult/7');
    const u = user();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await u.click(await screen.findByRole('button', { name: '分享' }));
    const dialog = await shareDialog();
    await u.click(await within(dialog).findByRole('button', { name: '生成分享链接' }));

    const link = `${window.location.origin}/share/run/${'token-1'.padEnd(43, 'x')}`;
    const field = (await within(dialog).findByRole('textbox', { name: '分享链接' })) as HTMLInputElement;
    expect(field.value).toBe(link);
    expect(within(dialog).getByText(MSG_SHARE_ONCE)).toBeTruthy();
    expect(within(dialog).getByText(`已分享（创建于 ${formatTime(1_735_700_001)}）`)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: '复制链接' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await message(MSG_SHARE_LINK_COPIED)).toBeTruthy();

    await u.click(within(dialog).getByRole('button', { name: '取消分享' }));
    await u.click(await screen.findByRole('button', { name: '确定' }));
    expect(await message('已取消分享')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/workflow/runs/7/share/revoke')).toHaveLength(1);
    expect(await within(dialog).findByRole('button', { name: '生成分享链接' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: '分享链接' })).toBeNull();
  });

  it('says when a live link was made without showing any token, and makes a new one on 重新生成', async () => {
    const calls = renderResults(runPageRoutes({ shared: true, created_at: 1_735_600_000 }), '/workflowResult/7');
    const u = user();
    await u.click(await screen.findByRole('button', { name: '分享' }));
    const dialog = await shareDialog();
    expect(await within(dialog).findByText(`已分享（创建于 ${formatTime(1_735_600_000)}）`)).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '生成分享链接' })).toBeNull();

    await u.click(within(dialog).getByRole('button', { name: '重新生成' }));
    await u.click(await screen.findByRole('button', { name: '确定' }));
    const field = (await within(dialog).findByRole('textbox', { name: '分享链接' })) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/share/run/${'token-1'.padEnd(43, 'x')}`);
    expect(callsTo(calls, 'POST', '/api/workflow/runs/7/share')).toHaveLength(1);
  });
});

describe('report links', () => {
  const hrefOf = async (name: string) => (await screen.findByRole('link', { name })).getAttribute('href');

  it('导出报告 on the run page: plain download links to the run’s report in each format', async () => {
    renderResults(runPageRoutes({ shared: false, created_at: 0 }), '/workflowResult/7');
    const u = user();
    await u.click(await screen.findByRole('button', { name: '导出报告' }));
    expect(await hrefOf('Excel (.xlsx)')).toBe('/api/workflow/runs/7/report?format=xlsx');
    expect(await hrefOf('JSON')).toBe('/api/workflow/runs/7/report?format=json');
    expect(await hrefOf('HTML 报告')).toBe('/api/workflow/runs/7/report?format=html');
    expect((await screen.findByRole('link', { name: 'HTML 报告' })).hasAttribute('download')).toBe(true);
  });

  it('导出对比 on the compare page: the comparison’s report of the two runs shown', async () => {
    renderLab({ [COMPARE]: ok(makeCompare()), 'GET /api/workflow/runs': ok(page([])) }, '/workflowResult/compare?base=3&other=7');
    const u = user();
    await u.click(await screen.findByRole('button', { name: '导出对比' }));
    expect(await hrefOf('Excel (.xlsx)')).toBe('/api/workflow/runs/compare/report?base=3&other=7&format=xlsx');
    expect(await hrefOf('JSON')).toBe('/api/workflow/runs/compare/report?base=3&other=7&format=json');
    expect(await hrefOf('HTML 报告')).toBe('/api/workflow/runs/compare/report?base=3&other=7&format=html');
  });
});

describe('shared run page (public)', () => {
  const SHARED = `GET /api/share/run/${TOKEN}`;
  const SAMPLES = `GET /api/share/run/${TOKEN}/samples`;

  function renderShared(routes: Record<string, Route>, token = TOKEN) {
    const calls = fakeApi(routes);
    render(
      <MemoryRouter initialEntries={[`/share/run/${token}`]}>
        <Routes>
          <RouterRoute path="/share/run/:token" element={<SharedRunPage />} />
        </Routes>
      </MemoryRouter>,
    );
    return calls;
  }

  const sharedData = () => ({
    run: makeRun({ app_title: '公开评测', finished_at: 1_735_690_000 }),
    summary: {
      summary: [
        makeSummaryRow({ model_id: 'gpt-4o', scored: 20, correct: 17, accuracy: 0.85, scores: { 参考答案: { scored: 20, passed: 17, mean: 0.85, spread: null } } }),
        makeSummaryRow({ model_id: 'deepseek-chat', scored: 20, correct: 10, accuracy: 0.5, scores: { 参考答案: { scored: 20, passed: 10, mean: 0.5, spread: null } } }),
      ],
      scorers: [{ name: '参考答案', type: 'auto' }],
    },
  });

  it('is a public page outside the signed-in shell', () => {
    expect(findRoute(`/share/run/${TOKEN}`)).toMatchObject({ page: 'sharedRun', access: 'public', bare: true });
  });

  it('shows the run, its summary and its samples from the public calls alone, sending no cookie', async () => {
    const sample = makeSample({ answers: { 'gpt-4o': makeAnswer({ answer: '答案是 B' }) } });
    const calls = renderShared({ [SHARED]: ok(sharedData()), [SAMPLES]: ok({ run: sharedData().run, ...page([sample], 25) }) });

    expect(await screen.findByRole('heading', { name: '公开评测' })).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(screen.getByText('C-Eval 样例')).toBeTruthy();
    expect(screen.getByText(formatTime(1_735_689_600))).toBeTruthy();
    const summary = screen.getByRole('region', { name: '汇总' });
    expect(within(summary).getAllByText('85.0%').length).toBeGreaterThan(0);
    expect(within(summary).getAllByText('50.0%').length).toBeGreaterThan(0);
    expect(await screen.findByText('答案是 B')).toBeTruthy();

    // The samples page by page, with the token alone.
    await user().click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(callsTo(calls, 'GET', `/api/share/run/${TOKEN}/samples`).at(-1)?.query).toEqual({ page: '2', page_size: '10' }));
    expect(calls.every((call) => call.path.startsWith(`/api/share/run/${TOKEN}`))).toBe(true);
    const inits = vi.mocked(fetch).mock.calls.map(([, init]) => init);
    expect(inits.every((init) => init?.credentials === 'omit' && !new Headers(init.headers).has('New-Api-User'))).toBe(true);
  });

  it('works on a 390 px phone: the summary as cards, the samples stacked', async () => {
    vi.stubGlobal('innerWidth', 390);
    const sample = makeSample({ answers: { 'gpt-4o': makeAnswer({ answer: '手机上的回答' }) } });
    renderShared({ [SHARED]: ok(sharedData()), [SAMPLES]: ok({ run: sharedData().run, ...page([sample], 1) }) });
    expect(await screen.findByRole('heading', { name: '公开评测' })).toBeTruthy();
    expect(await screen.findByText('手机上的回答')).toBeTruthy();
    const summary = screen.getByRole('region', { name: '汇总' });
    expect(within(summary).queryAllByRole('columnheader', { name: '费用' })).toEqual([]);
    expect(within(summary).getAllByText('deepseek-chat').length).toBeGreaterThan(0);
  });

  it('says a revoked or unknown link is invalid, and shows nothing of a run', async () => {
    renderShared({ [SHARED]: fail(INVALID), [SAMPLES]: fail(INVALID) });
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(screen.getByText('请向分享者索取新的链接。')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '汇总' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 5 })).toBeNull();
  });
});
