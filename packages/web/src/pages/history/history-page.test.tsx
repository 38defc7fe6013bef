import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import { Modal } from '@arco-design/web-react';
import { MSG_CHAT_DELETED, MSG_CHAT_NO_HISTORY, MSG_CHAT_RENAMED, MSG_CHAT_RENAME_TITLE, type TalkingView } from '@gw/shared';
import { fakeApi, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { makeRun, page } from '@/pages/workflow-result/test-runs';
import { runDetailPath } from '@/pages/workflow-result/run-view';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import HistoryPage from './index';

const TALKINGS = 'GET /relay/v1/talking/';
const RUNS = 'GET /api/workflow/runs';

const talking = (id: number, name = `对话 ${id}`): TalkingView => ({ id, name, summary: '', mode: 'chat', category: '', revealed: false, created_at: 1_749_800_000, updated_at: 1_749_800_000 + id });

/** A server of `total` chats answering each page with its slice (ids counting down from `total`). */
const pagedTalkings = (total: number) => (call: ApiCall) => {
  const pageNumber = Number(call.query.page);
  const size = Number(call.query.page_size);
  const ids = Array.from({ length: total }, (_, i) => total - i).slice((pageNumber - 1) * size, pageNumber * size);
  return ok(page(ids.map((id) => talking(id)), total, pageNumber, size));
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function SearchProbe() {
  return <p data-testid="search">{useLocation().search}</p>;
}

function renderHistory(routes: Record<string, Route>, entry = '/history') {
  const calls = fakeApi({ [TALKINGS]: ok(page([], 0)), [RUNS]: ok(page([], 0)), ...routes });
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <RouterRoute
          path="/history"
          element={
            <>
              <HistoryPage />
              <SearchProbe />
            </>
          }
        />
        <RouterRoute path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

const queries = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'GET' && call.path === path).map((call) => call.query);
const activePane = () => document.querySelector('.arco-tabs-content-item-active') as HTMLElement;

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
  useUserStore.getState().setUser(makeUser());
});

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
  useUserStore.getState().clearUser();
});

describe('history page', () => {
  it('lists the chats 10 a page, each opening its history page, and pages on', async () => {
    const calls = renderHistory({ [TALKINGS]: pagedTalkings(12) });
    const first = await screen.findByRole('link', { name: '对话 12' });
    expect(first.getAttribute('href')).toBe('/multi-model-compare/history/12');
    expect(within(activePane()).getAllByRole('row')).toHaveLength(11);
    expect(queries(calls, '/relay/v1/talking/')).toEqual([{ page: '1', page_size: '10' }]);
    // Runs are asked for only when their tab is opened.
    expect(queries(calls, '/api/workflow/runs')).toEqual([]);

    await user().click(within(activePane()).getByText('2', { selector: '.arco-pagination-item' }));
    expect(await screen.findByRole('link', { name: '对话 2' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '对话 12' })).toBeNull();
    expect(queries(calls, '/relay/v1/talking/').at(-1)).toEqual({ page: '2', page_size: '10' });
  });

  it('switches to the runs tab (kept in the address), lists them 10 a page with links to their results, and pages on', async () => {
    const runs = (pageNumber: number) => Array.from({ length: pageNumber === 1 ? 10 : 3 }, (_, i) => makeRun({ id: 100 - (pageNumber - 1) * 10 - i, app_title: `第 ${pageNumber} 页运行 ${i + 1}` }));
    const calls = renderHistory({ [RUNS]: (call) => ok(page(runs(Number(call.query.page)), 13, Number(call.query.page))) });
    await screen.findByText(MSG_CHAT_NO_HISTORY);
    const u = user();
    await u.click(screen.getByRole('tab', { name: '工作流运行' }));
    const link = await screen.findByRole('link', { name: '第 1 页运行 1' });
    expect(screen.getByTestId('search').textContent).toBe('?tab=runs');
    expect(link.getAttribute('href')).toBe(runDetailPath(makeRun({ id: 100, app_title: '第 1 页运行 1' })));
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('已完成')).toBeTruthy();
    expect(within(row).getByText('数据集：C-Eval 样例')).toBeTruthy();
    expect(within(row).getByText('40/40')).toBeTruthy();
    expect(queries(calls, '/api/workflow/runs')).toEqual([{ page: '1', page_size: '10' }]);

    await u.click(within(activePane()).getByText('2', { selector: '.arco-pagination-item' }));
    expect(await screen.findByRole('link', { name: '第 2 页运行 3' })).toBeTruthy();
    expect(queries(calls, '/api/workflow/runs').at(-1)).toEqual({ page: '2', page_size: '10' });

    await u.click(screen.getByRole('link', { name: '第 2 页运行 1' }));
    expect((await screen.findByTestId('where')).textContent).toBe(runDetailPath(makeRun({ id: 90, app_title: '第 2 页运行 1' })));
  });

  it('opens the runs tab from ?tab=runs, and back to the chats', async () => {
    const calls = renderHistory({ [RUNS]: ok(page([makeRun({ id: 4, app_title: '翻译对比' })])), [TALKINGS]: ok(page([talking(1, '第一次对话')])) }, '/history?tab=runs');
    expect(await screen.findByRole('link', { name: '翻译对比' })).toBeTruthy();
    expect(queries(calls, '/relay/v1/talking/')).toEqual([]);
    await user().click(screen.getByRole('tab', { name: '对话记录' }));
    expect(await screen.findByRole('link', { name: '第一次对话' })).toBeTruthy();
    expect(screen.getByTestId('search').textContent).toBe('?tab=chats');
  });

  it('renames a chat in the rename dialog, sending only the new name', async () => {
    const calls = renderHistory({ [TALKINGS]: ok(page([talking(3, '更早的对话')])), 'PUT /relay/v1/talking/3': ok(null) });
    const u = user();
    await u.click(await screen.findByRole('button', { name: '重命名 更早的对话' }));
    const dialog = await screen.findByRole('dialog', { name: MSG_CHAT_RENAME_TITLE });
    const input = within(dialog).getByRole('textbox', { name: '对话名称' });
    expect((input as HTMLInputElement).value).toBe('更早的对话');
    fireEvent.change(input, { target: { value: ' 改名了 ' } });
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(messages).findByText(MSG_CHAT_RENAMED)).toBeTruthy();
    expect(await screen.findByRole('link', { name: '改名了' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([['/relay/v1/talking/3', { name: '改名了' }]]);
  });

  it('deletes a chat after confirmation and loads the list again', async () => {
    let deleted = false;
    const calls = renderHistory({
      [TALKINGS]: () => ok(page(deleted ? [talking(2)] : [talking(3), talking(2)])),
      'DELETE /relay/v1/talking/3': () => {
        deleted = true;
        return ok(null);
      },
    });
    const u = user();
    await u.click(await screen.findByRole('button', { name: '删除 对话 3' }));
    await u.click(await screen.findByRole('button', { name: '确定' }));
    expect(await within(messages).findByText(MSG_CHAT_DELETED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: '对话 3' })).toBeNull());
    expect(screen.getByRole('link', { name: '对话 2' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/relay/v1/talking/3']);
    expect(queries(calls, '/relay/v1/talking/')).toHaveLength(2);
  });

  it('shows the empty states, without a pager', async () => {
    renderHistory({});
    expect(await screen.findByText(MSG_CHAT_NO_HISTORY)).toBeTruthy();
    const u = user();
    await u.click(screen.getByRole('tab', { name: '工作流运行' }));
    expect(await screen.findByText('还没有工作流运行记录')).toBeTruthy();
    expect(document.querySelector('.arco-pagination')).toBeNull();
    await u.click(screen.getByRole('tab', { name: '对话记录' }));
    await u.click(within(activePane()).getByRole('button', { name: '新建对话' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/multi-model-chat');
  });
});
