import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes } from 'react-router-dom';
import { Modal } from '@arco-design/web-react';
import { fail, fakeApi, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { dataPage, makeDataset, SOURCE, sourceRow } from '../test-market';
import ViewAllPage from './index';

const DATASET = makeDataset({ id: 5, name: '数学题库' });

/** A dataset of `total` records answering each page with its slice, as the server pages them. */
const pagedRows =
  (total: number) =>
  (call: ApiCall) => {
    const page = Number(call.query.page);
    const size = Number(call.query.page_size);
    const from = (page - 1) * size + 1;
    const list = Array.from({ length: Math.max(0, Math.min(size, total - from + 1)) }, (_, i) => sourceRow(from + i, { question: `题目 ${from + i}` }));
    return ok(dataPage(list, total, page, size));
  };

const sourcePages = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/data_library_info/source').map((call) => call.query.page);

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
});

function renderViewAll(routes: Record<string, Route> = {}): ApiCall[] {
  const calls = fakeApi({ 'GET /api/data_library_info/5': ok(DATASET), [SOURCE]: pagedRows(70), ...routes });
  render(
    <MemoryRouter initialEntries={['/data-market/5/view-all']}>
      <Routes>
        <RouterRoute path="/data-market/:id/view-all" element={<ViewAllPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

/** Puts the scroll box `distance` px above its bottom and lets it report the scroll. */
function scrollTo(distance: number) {
  const box = screen.getByTestId('view-all-scroll');
  Object.defineProperty(box, 'scrollHeight', { value: 2000, configurable: true });
  Object.defineProperty(box, 'clientHeight', { value: 500, configurable: true });
  Object.defineProperty(box, 'scrollTop', { value: 2000 - 500 - distance, configurable: true, writable: true });
  fireEvent.scroll(box);
}

describe('view all samples', () => {
  it('loads 30 rows, then the next page only when scrolled within 50 px of the bottom, until all are there', async () => {
    const calls = renderViewAll();
    expect(await screen.findByText('题目 30')).toBeTruthy();
    expect(screen.queryByText('题目 31')).toBeNull();
    expect(screen.getByText('向下滚动加载更多')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/data_library_info/source')?.query).toEqual({ belong_id: '5', page: '1', page_size: '30' });

    scrollTo(51);
    expect(sourcePages(calls)).toEqual(['1']);

    scrollTo(50);
    expect(await screen.findByText('题目 60')).toBeTruthy();
    expect(sourcePages(calls)).toEqual(['1', '2']);

    scrollTo(10);
    expect(await screen.findByText('题目 70')).toBeTruthy();
    expect(screen.getByText('已加载全部')).toBeTruthy();
    expect(screen.queryByText('向下滚动加载更多')).toBeNull();

    scrollTo(0);
    expect(sourcePages(calls)).toEqual(['1', '2', '3']);
    expect(screen.getByText('题目 1')).toBeTruthy();
  });

  it('asks once for a burst of scroll events', async () => {
    const calls = renderViewAll();
    await screen.findByText('题目 30');
    scrollTo(5);
    scrollTo(4);
    scrollTo(3);
    expect(await screen.findByText('题目 60')).toBeTruthy();
    expect(sourcePages(calls)).toEqual(['1', '2']);
  });

  it('loads the next page from the hint too, for a first page that does not fill the box', async () => {
    const calls = renderViewAll();
    await screen.findByText('题目 30');
    await user().click(screen.getByRole('button', { name: '向下滚动加载更多' }));
    expect(await screen.findByText('题目 60')).toBeTruthy();
    expect(sourcePages(calls)).toEqual(['1', '2']);
  });

  it('shows the record detail on a row click and links back to the detail page', async () => {
    renderViewAll();
    await user().click(await screen.findByText('题目 7'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('数据详情')).toBeTruthy();
    expect(screen.getByRole('link', { name: '数学题库' }).getAttribute('href')).toBe('/data-market/5');
  });

  it('shows the server message when a page is refused and can ask again', async () => {
    let refuse = true;
    const calls = renderViewAll({ [SOURCE]: (call) => (call.query.page === '2' && refuse ? fail('请先登录') : pagedRows(70)(call)) });
    await screen.findByText('题目 30');
    scrollTo(0);
    expect(await within(messages).findByText('请先登录')).toBeTruthy();
    refuse = false;
    scrollTo(0);
    expect(await screen.findByText('题目 60')).toBeTruthy();
    await waitFor(() => expect(sourcePages(calls)).toEqual(['1', '2', '2']));
  });

  it('says the dataset is missing when it cannot be read', async () => {
    renderViewAll({ 'GET /api/data_library_info/5': fail('数据集不存在') });
    expect(await screen.findByText('数据集不存在或加载失败')).toBeTruthy();
  });
});
