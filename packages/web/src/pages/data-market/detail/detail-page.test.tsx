import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import { Modal } from '@arco-design/web-react';
import { fail, fakeApi, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, rowOf, user } from '@/pages/channel/test-page';
import { dataPage, makeDataset, SOURCE, sourceRow } from '../test-market';
import DatasetDetailPage from './index';

const DATASET = makeDataset({
  id: 5,
  name: '数学题库',
  tag: '热门,精选',
  data_type: '问答,数学',
  data_num: 12345,
  data_size: 3 * 1024 * 1024,
  data_update_time: 1_735_689_600,
  factory: '示例科技',
  description: '中学数学题与解析',
  readme: JSON.stringify({ title: '字段', fields: [{ name: 'question', description: '题目' }, { name: 'meta', description: '元数据', subfields: [{ name: 'level', description: '难度' }] }] }),
});

const ROWS = [sourceRow(1, { question: '1+1=?', answer: '2' }), sourceRow(2, { question: '2+2=?', answer: '4' })];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
});

function renderDetail(routes: Record<string, Route> = {}): ApiCall[] {
  const calls = fakeApi({ 'GET /api/data_library_info/5': ok(DATASET), [SOURCE]: ok(dataPage(ROWS, 2, 1, 10)), ...routes });
  render(
    <MemoryRouter initialEntries={['/data-market/5']}>
      <Routes>
        <RouterRoute path="/data-market/:id" element={<DatasetDetailPage />} />
        <RouterRoute path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

describe('dataset detail page', () => {
  it('shows the dataset: hot badge, types, count, time, size, provider, description, samples and field explanation', async () => {
    const calls = renderDetail();
    expect(await screen.findByRole('heading', { name: '数学题库' })).toBeTruthy();
    expect(screen.getByText('热门')).toBeTruthy();
    expect(screen.getByText('问答')).toBeTruthy();
    expect(screen.getByText('数学')).toBeTruthy();
    expect(screen.getByText('12,345 条')).toBeTruthy();
    expect(screen.getByText(new Date(1_735_689_600_000).toLocaleDateString('zh-CN'))).toBeTruthy();
    expect(screen.getByText('3.0 MB')).toBeTruthy();
    expect(screen.getByText('示例科技')).toBeTruthy();
    expect(screen.getByText('中学数学题与解析')).toBeTruthy();
    expect(within(rowOf('1+1=?')).getByText('2')).toBeTruthy();
    expect(screen.getByText('level')).toBeTruthy();
    expect(screen.getByText('难度')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe('/data-market/5/view-all');
    expect(screen.getByRole('link', { name: '数据市场' }).getAttribute('href')).toBe('/data-market');
    expect(calls.find((call) => call.path === '/api/data_library_info/source')?.query).toEqual({ belong_id: '5', page: '1', page_size: '10' });
  });

  it('shows 未知 for a missing count and a plain-text readme as formatted text', async () => {
    renderDetail({ 'GET /api/data_library_info/5': ok({ ...DATASET, data_num: null, readme: '每行一题\\n**question** 是题目' }) });
    expect(await screen.findByText('未知')).toBeTruthy();
    expect(screen.getByText('question', { selector: 'strong' })).toBeTruthy();
  });

  it('stores a clicked type as selectedType and goes to the market', async () => {
    renderDetail();
    await user().click(await screen.findByText('数学'));
    expect(localStorage.getItem('selectedType')).toBe('数学');
    expect(screen.getByTestId('where').textContent).toBe('/data-market');
  });

  it('opens the record detail on a sample row click', async () => {
    renderDetail();
    await user().click(await screen.findByText('2+2=?'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('数据详情')).toBeTruthy();
    expect(within(dialog).getByText('4')).toBeTruthy();
  });

  it('starts a workflow from the dataset', async () => {
    renderDetail();
    await user().click(await screen.findByRole('button', { name: /使用此数据创建工作流/ }));
    expect(screen.getByTestId('where').textContent).toBe('/workflow/editor/new?dataset=5');
  });

  it('asks for the full dataset in the contact dialog, naming the dataset in the remark', async () => {
    renderDetail();
    await user().click(await screen.findByRole('button', { name: /获取完整数据集/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('获取完整数据集')).toBeTruthy();
    await waitFor(() => expect((within(dialog).getByLabelText('备注') as HTMLTextAreaElement).value).toBe('获取完整数据集：数学题库'));
  });

  it('keeps the page when the samples fail, with an empty table', async () => {
    renderDetail({ [SOURCE]: fail('数据集不存在') });
    expect(await screen.findByRole('heading', { name: '数学题库' })).toBeTruthy();
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it.each([
    ['a refused reply', fail('数据集不存在')],
    ['a failed request', () => Promise.reject(new TypeError('offline'))],
  ])('on %s says the dataset is missing and offers the way back', async (_name, route) => {
    renderDetail({ 'GET /api/data_library_info/5': route as Route });
    expect(await within(messages).findByText('获取数据集详情失败')).toBeTruthy();
    expect(screen.getByText('数据集不存在或加载失败')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '返回数据市场' }));
    expect(screen.getByTestId('where').textContent).toBe('/data-market');
  });
});
