import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { MSG_DATA_FETCH_FAILED } from '@gw/shared';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { LIST, SOURCE, dataPage, datasets, lastListQuery, listCalls, makeDataset, pagedDatasets, renderMarket, sourceRow } from './test-market';

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  Modal.destroyAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  messages.remove();
  useUserStore.setState({ user: null });
});

const typeButton = (label: string) => within(screen.getByRole('group', { name: '数据类型' })).getByRole('button', { name: label });
const cards = () => screen.queryAllByRole('link');
const pageItem = (page: number) => screen.getByText(String(page), { selector: '.arco-pagination-item' });
const promo = () => screen.queryByRole('button', { name: '定制数据' });

describe('data market list', () => {
  it('asks for page 1 of 9 and shows each card: name, hot mark, types, description, count and update date', async () => {
    const calls = renderMarket({
      [LIST]: ok(
        dataPage([
          makeDataset({ id: 1, name: '医疗问答', tag: '热门,医疗', data_type: '问答,多模态', description: '常见疾病问答', data_num: 12345, data_update_time: 1_735_689_600 }),
          makeDataset({ id: 2, name: '代码题', tag: 'HOT', data_type: '代码' }),
          makeDataset({ id: 3, name: '无计数', tag: '新', data_num: null as unknown as number }),
        ]),
      ),
    });

    const first = await screen.findByRole('link', { name: '医疗问答' });
    expect(screen.getByRole('heading', { name: '数据市场' })).toBeTruthy();
    expect(lastListQuery(calls)).toEqual({ page: '1', page_size: '9' });
    expect(within(first).getByText('热门')).toBeTruthy();
    expect(within(first).getByText('问答')).toBeTruthy();
    expect(within(first).getByText('多模态')).toBeTruthy();
    expect(within(first).getByText('常见疾病问答')).toBeTruthy();
    expect(within(first).getByText('数据量：12,345 条')).toBeTruthy();
    expect(within(first).getByText(`更新于 ${new Date(1_735_689_600_000).toLocaleDateString('zh-CN')}`)).toBeTruthy();
    expect(within(screen.getByRole('link', { name: '代码题' })).getByText('热门')).toBeTruthy();
    const uncounted = screen.getByRole('link', { name: '无计数' });
    expect(within(uncounted).queryByText('热门')).toBeNull();
    expect(within(uncounted).getByText('数据量：未知')).toBeTruthy();
  });

  it('shows the cover when set and hides it when it fails to load', async () => {
    renderMarket({ [LIST]: ok(dataPage([makeDataset({ id: 1, name: '有封面', cover_page: '/uploads/covers/a.png' }), makeDataset({ id: 2, name: '无封面' })])) });
    const card = await screen.findByRole('link', { name: '有封面' });
    const cover = card.querySelector('img.data-market-card-cover') as HTMLImageElement;
    expect(cover.getAttribute('src')).toBe('/uploads/covers/a.png');
    expect(screen.getByRole('link', { name: '无封面' }).querySelector('img.data-market-card-cover')).toBeNull();

    act(() => {
      cover.dispatchEvent(new Event('error'));
    });
    expect(card.querySelector('img.data-market-card-cover')).toBeNull();
  });

  it('previews the first 4 records of each card, and says 暂无数据 when they cannot be read', async () => {
    const calls = renderMarket({
      [LIST]: ok(dataPage([makeDataset({ id: 1, name: '有样例' }), makeDataset({ id: 2, name: '读不出' })])),
      [SOURCE]: (call) => (call.query.belong_id === '1' ? ok(dataPage([sourceRow(11, { question: '什么是感冒？', answer: '一种病毒感染' })], 30)) : fail('boom')),
    });
    const withRows = await screen.findByRole('link', { name: '有样例' });
    expect(await within(withRows).findByText('什么是感冒？')).toBeTruthy();
    expect(await within(screen.getByRole('link', { name: '读不出' })).findByText('暂无数据')).toBeTruthy();
    const sources = calls.filter((call) => call.path === '/api/data_library_info/source');
    expect(sources.map((call) => call.query).sort((a, b) => a.belong_id.localeCompare(b.belong_id))).toEqual([
      { belong_id: '1', page: '1', page_size: '4' },
      { belong_id: '2', page: '1', page_size: '4' },
    ]);
  });

  it('opens the detail page on a card click, and the record detail on a preview row click without leaving', async () => {
    const u = user();
    renderMarket({
      [LIST]: ok(dataPage([makeDataset({ id: 5, name: '样例集' })])),
      [SOURCE]: ok(dataPage([sourceRow(51, { question: '一加一等于几？', answer: '二' })])),
    });
    await u.click(await screen.findByText('一加一等于几？'));
    const detail = await screen.findByRole('dialog');
    expect(within(detail).getByText('数据详情')).toBeTruthy();
    expect(screen.queryByText('详情页')).toBeNull();

    await u.click(within(detail).getByRole('button', { name: /close|关闭/i }));
    await u.click(screen.getByText('中文问答样例'));
    expect(await screen.findByText('详情页')).toBeTruthy();
  });

  it('filters by type: a type toggles in the choice, 全部 clears it, and every change goes back to page 1', async () => {
    const u = user();
    const calls = renderMarket({ [LIST]: pagedDatasets(30) });
    await screen.findByRole('link', { name: '数据集 1' });
    expect(typeButton('全部').getAttribute('aria-pressed')).toBe('true');

    await u.click(pageItem(2));
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ page: '2', page_size: '9' }));

    await u.click(typeButton('代码'));
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ page: '1', page_size: '9', data_type: '代码' }));
    expect(typeButton('代码').getAttribute('aria-pressed')).toBe('true');
    expect(typeButton('全部').getAttribute('aria-pressed')).toBe('false');

    await u.click(typeButton('问答'));
    // Kept in the filter row's order, whatever the clicking order.
    await waitFor(() => expect(lastListQuery(calls)?.data_type).toBe('问答,代码'));

    await u.click(typeButton('代码'));
    await waitFor(() => expect(lastListQuery(calls)?.data_type).toBe('问答'));
    expect(typeButton('代码').getAttribute('aria-pressed')).toBe('false');

    await u.click(pageItem(2));
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ page: '2', page_size: '9', data_type: '问答' }));
    await u.click(typeButton('全部'));
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ page: '1', page_size: '9' }));
    expect(typeButton('问答').getAttribute('aria-pressed')).toBe('false');
    expect(typeButton('全部').getAttribute('aria-pressed')).toBe('true');
  });

  it('applies a selectedType left by the detail page on arrival, then removes it', async () => {
    localStorage.setItem('selectedType', '多模态');
    const calls = renderMarket({ [LIST]: pagedDatasets(3) });
    await screen.findByRole('link', { name: '数据集 1' });
    expect(listCalls(calls).map((call) => call.query.data_type)).toEqual(['多模态']);
    expect(typeButton('多模态').getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('selectedType')).toBeNull();
  });

  it('ignores and removes a selectedType that is not one of the types', async () => {
    localStorage.setItem('selectedType', '不存在的类型');
    const calls = renderMarket({ [LIST]: pagedDatasets(3) });
    await screen.findByRole('link', { name: '数据集 1' });
    expect(listCalls(calls)[0].query.data_type).toBeUndefined();
    expect(localStorage.getItem('selectedType')).toBeNull();
  });

  it.each([
    [9, false],
    [10, true],
  ])('with %i datasets shows the pager: %s', async (total, shown) => {
    renderMarket({ [LIST]: pagedDatasets(total) });
    await screen.findByRole('link', { name: '数据集 1' });
    expect(cards().length).toBe(9);
    expect(document.querySelector('.arco-pagination') !== null).toBe(shown);
  });

  it('empties the list and says 获取数据失败 when the list cannot be read', async () => {
    const u = user();
    let failing = false;
    renderMarket({ [LIST]: (call) => (failing ? fail('数据库不可用') : pagedDatasets(12)(call)) });
    await screen.findByRole('link', { name: '数据集 1' });
    failing = true;
    await u.click(pageItem(2));
    expect(await within(messages).findByText(MSG_DATA_FETCH_FAILED)).toBeTruthy();
    expect(cards()).toEqual([]);
    expect(screen.getByText('未找到匹配的数据集')).toBeTruthy();
  });

  it('shows 未找到匹配的数据集 on an empty list, with a prompt that opens the custom-data form', async () => {
    const u = user();
    renderMarket({ [LIST]: ok(dataPage([])) });
    expect(await screen.findByText('未找到匹配的数据集')).toBeTruthy();
    expect(promo()).toBeNull();
    await u.click(screen.getByRole('button', { name: '没有找到想要的数据？立即定制' }));
    expect(within(await screen.findByRole('dialog')).getByText('定制数据需求')).toBeTruthy();
  });

  it('opens the custom-data form from the fixed side button', async () => {
    const u = user();
    renderMarket({ [LIST]: pagedDatasets(2) });
    await screen.findByRole('link', { name: '数据集 1' });
    await u.click(screen.getByRole('button', { name: '数据定制' }));
    expect(within(await screen.findByRole('dialog')).getByText('定制数据需求')).toBeTruthy();
    expect(screen.queryByText('详情页')).toBeNull();
  });
});

describe('data market promo card', () => {
  /** The pages (1-based) on which the promo card shows, and where in the grid. */
  async function promoPages(total: number, pages: number[]) {
    const u = user();
    renderMarket({ [LIST]: pagedDatasets(total) });
    await screen.findByRole('link', { name: '数据集 1' });
    const seen: Record<number, boolean> = {};
    for (const page of pages) {
      if (page !== 1) {
        await u.click(pageItem(page));
        await screen.findByRole('link', { name: `数据集 ${(page - 1) * 9 + 1}` });
      }
      const card = promo();
      seen[page] = card !== null;
      // Always the last item of the grid.
      if (card) expect(card.parentElement?.lastElementChild).toBe(card);
    }
    return seen;
  }

  it('with fewer than 27 datasets on one page: at the end of the list', async () => {
    expect(await promoPages(5, [1])).toEqual({ 1: true });
    expect(cards().length).toBe(5);
  });

  it('with fewer than 27 datasets over pages: only at the end of the last page', async () => {
    expect(await promoPages(26, [1, 2, 3])).toEqual({ 1: false, 2: false, 3: true });
  });

  it('with 27 or more: after the 9th card of page 2 and on the last page, nowhere else', async () => {
    expect(await promoPages(45, [1, 2, 3, 4, 5])).toEqual({ 1: false, 2: true, 3: false, 4: false, 5: true });
  });

  it('with exactly 27: on page 2 and on page 3, the last', async () => {
    expect(await promoPages(27, [1, 2, 3])).toEqual({ 1: false, 2: true, 3: true });
  });

  it('opens the custom-data form when clicked', async () => {
    const u = user();
    renderMarket({ [LIST]: pagedDatasets(3) });
    await u.click(await screen.findByRole('button', { name: '定制数据' }));
    expect(within(await screen.findByRole('dialog')).getByText('定制数据需求')).toBeTruthy();
  });
});

describe('data market search', () => {
  // Testing Library's find queries and user-event wait on setTimeout, which is fake here: the
  // answers are let in by hand and the input is driven with plain events.
  const settle = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('opens when clicked, asks the server 500 ms after typing stops, on page 1, and closes when emptied', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const calls = renderMarket({ [LIST]: pagedDatasets(20) });
    await settle(0);
    expect(screen.queryByRole('textbox', { name: '搜索数据集' })).toBeNull();

    fireEvent.click(pageItem(2));
    await settle(0);
    expect(lastListQuery(calls)).toEqual({ page: '2', page_size: '9' });

    fireEvent.click(screen.getByRole('button', { name: '搜索数据集' }));
    const box = screen.getByRole('textbox', { name: '搜索数据集' });
    fireEvent.change(box, { target: { value: '医疗' } });
    await settle(300);
    fireEvent.change(box, { target: { value: '医疗问答 ' } });
    await settle(499);
    expect(listCalls(calls)).toHaveLength(2);

    await settle(1);
    expect(listCalls(calls)).toHaveLength(3);
    expect(lastListQuery(calls)).toEqual({ page: '1', page_size: '9', description: '医疗问答' });
    expect(screen.getByRole('link', { name: '数据集 1' })).toBeTruthy();

    fireEvent.change(box, { target: { value: '' } });
    await settle(500);
    expect(lastListQuery(calls)).toEqual({ page: '1', page_size: '9' });
    expect(listCalls(calls)).toHaveLength(4);
    fireEvent.blur(box);
    await settle(0);
    expect(screen.queryByRole('textbox', { name: '搜索数据集' })).toBeNull();
    expect(screen.getByRole('button', { name: '搜索数据集' })).toBeTruthy();
  });

  it('asks nothing when the settled text did not change', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const calls = renderMarket({ [LIST]: pagedDatasets(3) });
    await settle(0);
    fireEvent.click(screen.getByRole('button', { name: '搜索数据集' }));
    const box = screen.getByRole('textbox', { name: '搜索数据集' });
    fireEvent.change(box, { target: { value: '   ' } });
    await settle(1000);
    expect(listCalls(calls)).toHaveLength(1);
  });
});

describe('data market for each role', () => {
  it.each(['guest', 'common'] as const)('shows no add button and no card menu to a %s user', async (viewer) => {
    renderMarket({ [LIST]: pagedDatasets(2) }, viewer);
    await screen.findByRole('link', { name: '数据集 1' });
    expect(screen.queryByRole('button', { name: /添加数据/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /的操作$/ })).toBeNull();
  });

  it('shows root the add button and a menu on each card that does not open the card', async () => {
    const u = user();
    renderMarket({ [LIST]: pagedDatasets(2) }, 'root');
    await screen.findByRole('link', { name: '数据集 1' });
    expect(screen.getByRole('button', { name: /添加数据/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /的操作$/ })).toHaveLength(2);

    await u.click(screen.getByRole('button', { name: '数据集 数据集 2 的操作' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['编辑', '更换封面', '导入数据', '删除']);
    expect(screen.queryByText('详情页')).toBeNull();
  });
});
