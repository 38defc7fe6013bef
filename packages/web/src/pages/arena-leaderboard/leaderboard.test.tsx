import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { MSG_ARENA_SCOPE_FORBIDDEN, type ArenaRating } from '@gw/shared';
import { fakeApi, ok, type Route as ApiRoute } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import type { SiteStatus } from '@/api/status';
import { useStatusStore } from '@/stores/status';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';
import ArenaLeaderboardPage, { MSG_ARENA_BOARD_EMPTY } from './index';

const LONG = 'anthropic/claude-3-5-sonnet-20241022-with-a-very-long-deployment-name';
const RATINGS: ArenaRating[] = [
  { model: 'gpt-4o', rating: 1062.4, ci_low: 1010, ci_high: 1120, battles: 12, wins: 8, ties: 2, win_rate: 0.75, mean_cost: 0.0012, mean_first_token_ms: 420 },
  { model: LONG, rating: 937.6, ci_low: 880, ci_high: 990, battles: 12, wins: 2, ties: 2, win_rate: 0.25, mean_cost: 0.00004, mean_first_token_ms: 0 },
];
const MATRIX = { models: [LONG, 'gpt-4o', 'qwen-max'], rates: [[null, 0.25, null], [0.75, null, null], [null, null, null]], counts: [[0, 12, 0], [12, 0, 0], [0, 0, 0]] };

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().clearUser();
  messages.remove();
});

function Landing() {
  return <pre aria-label="落地页">{JSON.stringify(useLocation().state)}</pre>;
}

function renderBoard(routes: Record<string, ApiRoute>, role = 1) {
  useUserStore.getState().setUser(makeUser({ role }));
  const calls = fakeApi(routes);
  render(
    <MemoryRouter initialEntries={['/arena/leaderboard']}>
      <Routes>
        <Route path="/arena/leaderboard" element={<ArenaLeaderboardPage />} />
        <Route path="/multi-model-chat" element={<Landing />} />
      </Routes>
    </MemoryRouter>,
  );
  return { calls, u: user() };
}

describe('the arena leaderboard', () => {
  it('lists the models by rating with their interval on a common scale, battles, cost and first token time', async () => {
    const { calls } = renderBoard({ 'GET /relay/v1/arena/leaderboard': ok(RATINGS), 'GET /relay/v1/arena/matrix': ok(MATRIX) });
    const table = (await screen.findByText('gpt-4o', { selector: '.arena-board-model' })).closest('table') as HTMLElement;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent))).toEqual([
      ['1', 'gpt-4o', '1062', '1010–1120', '12', '8/2', '75.0%', '$0.0012', '420 ms'],
      ['2', LONG, '938', '880–990', '12', '2/2', '25.0%', '$0.000040', '—'],
    ]);
    expect(calls.map((call) => [call.path, call.query])).toEqual([
      ['/relay/v1/arena/leaderboard', { scope: 'me' }],
      ['/relay/v1/arena/matrix', { scope: 'me' }],
    ]);
    // The bars share one scale: the better model's interval sits to the right of the other's.
    const ranges = Array.from(table.querySelectorAll<HTMLElement>('.arena-interval-range')).map((bar) => ({ left: parseFloat(bar.style.left), width: parseFloat(bar.style.width) }));
    expect(ranges[0].left).toBeGreaterThan(ranges[1].left + ranges[1].width);
    const dots = Array.from(table.querySelectorAll<HTMLElement>('.arena-interval-dot')).map((dot) => parseFloat(dot.style.left));
    expect(dots[0]).toBeGreaterThan(ranges[0].left);
    expect(dots[0]).toBeLessThan(ranges[0].left + ranges[0].width);
    expect(screen.getByLabelText(`gpt-4o 的 95% 区间 1010–1120`)).toBeTruthy();
  });

  it('shows who beat whom in the leaderboard order, with the number of battles and — where two never met', async () => {
    renderBoard({ 'GET /relay/v1/arena/leaderboard': ok(RATINGS), 'GET /relay/v1/arena/matrix': ok(MATRIX) });
    const matrix = await screen.findByRole('table', { name: '两两胜率' });
    const cells = within(matrix)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['行对列', 'gpt-4o', LONG, 'qwen-max'],
      ['gpt-4o', '—', '75%12 场', '—'],
      [LONG, '25%12 场', '—', '—'],
      ['qwen-max', '—', '—', '—'],
    ]);
    expect(within(matrix).getByTitle(`gpt-4o 对 ${LONG}：胜率 75.0%，共 12 场`)).toBeTruthy();
  });

  it('says there is no vote yet and leads to the compare chat in 对战模式', async () => {
    const { u } = renderBoard({ 'GET /relay/v1/arena/leaderboard': ok([]), 'GET /relay/v1/arena/matrix': ok({ models: [], rates: [], counts: [] }) });
    expect(await screen.findByText(MSG_ARENA_BOARD_EMPTY)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('两两胜率')).toBeNull();
    await u.click(screen.getByRole('link', { name: '去对战模式' }));
    expect(JSON.parse((await screen.findByLabelText('落地页')).textContent ?? 'null')).toEqual({ models: [], mode: 'arena' });
  });

  it('filters by category when searched', async () => {
    const { calls, u } = renderBoard({ 'GET /relay/v1/arena/leaderboard': ok(RATINGS), 'GET /relay/v1/arena/matrix': ok(MATRIX) });
    await screen.findByText('gpt-4o', { selector: '.arena-board-model' });
    const input = screen.getByRole('textbox', { name: '分类' });
    await u.type(input, ' 编程 ');
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.filter((call) => call.path === '/relay/v1/arena/leaderboard').map((call) => call.query)).toEqual([{ scope: 'me' }, { scope: 'me', category: '编程' }]));
  });

  it('offers 全站 to administrators only, unless the status says the board is public', async () => {
    renderBoard({ 'GET /relay/v1/arena/leaderboard': ok(RATINGS), 'GET /relay/v1/arena/matrix': ok(MATRIX) });
    await screen.findByText('gpt-4o', { selector: '.arena-board-model' });
    expect(screen.queryByRole('radio', { name: '全站' })).toBeNull();
    act(() => useStatusStore.setState({ status: { arena_leaderboard_public: true } as SiteStatus }));
    expect(await screen.findByRole('radio', { name: '全站' })).toBeTruthy();
    act(() => useStatusStore.setState({ status: null }));
  });

  it("reads the whole site's board for an administrator, and falls back to their own votes when it is refused", async () => {
    useUserStore.getState().setUser(makeUser({ role: 10 }));
    const queries: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        queries.push(`${url.pathname.split('/').at(-1)}?${url.searchParams}`);
        if (url.searchParams.get('scope') === 'all') return jsonResponse({ success: false, message: MSG_ARENA_SCOPE_FORBIDDEN });
        return jsonResponse(ok(url.pathname.endsWith('leaderboard') ? RATINGS : MATRIX));
      }),
    );
    render(
      <MemoryRouter>
        <ArenaLeaderboardPage />
      </MemoryRouter>,
    );
    const u = user();
    await screen.findByText('gpt-4o', { selector: '.arena-board-model' });
    await u.click(screen.getByRole('radio', { name: '全站' }));
    expect(await within(messages).findByText(MSG_ARENA_SCOPE_FORBIDDEN)).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('radio', { name: '我的投票' }) as HTMLInputElement).checked).toBe(true));
    // A refusal, not a 403: the client never renews the user's access token for it.
    expect(queries.filter((query) => query.startsWith('token'))).toEqual([]);
    const asked = queries.filter((query) => query.startsWith('leaderboard'));
    expect(asked).toContain('leaderboard?scope=all');
    expect(asked.at(-1)).toBe('leaderboard?scope=me');
    expect(await screen.findByText('gpt-4o', { selector: '.arena-board-model' })).toBeTruthy();
  });
});
