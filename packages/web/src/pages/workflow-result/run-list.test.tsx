import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { LocationProbe, RUNS, callsTo, lastQuery, makeRun, page, renderResults } from './test-runs';

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);
const row = (title: string) => screen.getByText(title, { selector: '.run-title, .run-title *' }).closest('tr') as HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
  useUserStore.setState({ user: null });
});

describe('workflow results list', () => {
  it('shows each run: title, status in Chinese, models, samples, done/total with failures, quota, time', async () => {
    renderResults({
      [RUNS]: ok(
        page([
          makeRun({ id: 1, app_title: '题库评测', status: 'running', done: 12, total: 40, failed: 2 }),
          makeRun({ id: 2, app_title: '客服问答', status: 'failed' }),
          makeRun({ id: 3, app_title: '翻译对比', status: 'cancelled' }),
          makeRun({ id: 4, app_title: '摘要生成', status: 'succeeded' }),
        ]),
      ),
    });
    await screen.findByText('题库评测');
    const first = row('题库评测');
    expect(within(first).getByText('运行中')).toBeTruthy();
    expect(within(first).getByText('gpt-4o')).toBeTruthy();
    expect(within(first).getByText('deepseek-chat')).toBeTruthy();
    expect(within(first).getByText('20')).toBeTruthy();
    expect(within(first).getByText('12/40（失败 2）')).toBeTruthy();
    expect(within(first).getByTitle('原始额度：150,000')).toBeTruthy();
    expect(within(row('客服问答')).getByText('失败')).toBeTruthy();
    expect(within(row('翻译对比')).getByText('已取消')).toBeTruthy();
    expect(within(row('摘要生成')).getByText('已完成')).toBeTruthy();
    expect(within(row('摘要生成')).getByText('40/40')).toBeTruthy();
  });

  it('shows the pager only above 10 runs, pages, and searches from page 1', async () => {
    const calls = renderResults({
      [RUNS]: (call) => ok(page([makeRun({ id: Number(call.query.page), app_title: `第 ${call.query.page} 页 ${call.query.search_key ?? '全部'}` })], call.query.search_key ? 10 : 11, Number(call.query.page))),
    });
    await screen.findByText('第 1 页 全部');
    expect(lastQuery(calls, '/api/workflow/runs')).toEqual({ page: '1', page_size: '10' });
    const u = user();
    await u.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await screen.findByText('第 2 页 全部');

    await u.type(screen.getByLabelText('搜索运行记录'), ' 评测 ');
    await screen.findByText('第 1 页 评测');
    expect(lastQuery(calls, '/api/workflow/runs')).toEqual({ page: '1', page_size: '10', search_key: '评测' });
    // Exactly 10 runs: one page, no pager.
    expect(document.querySelector('.arco-pagination')).toBeNull();
  });

  it('shows the empty state, and the catalogue message when the list fails', async () => {
    renderResults({ [RUNS]: fail('数据库不可用') });
    expect(await message('获取运行记录失败：数据库不可用')).toBeTruthy();
    expect(await screen.findByText('还没有运行记录，在工作流编辑器中运行整个数据集后会显示在这里')).toBeTruthy();
  });

  it('opens a run with its record as router state and as the encoded record parameter, and the project in the editor', async () => {
    const run = makeRun({ id: 9, app_id: 4, app_title: '题库评测' });
    renderResults({ [RUNS]: ok(page([run])) }, '/workflowResult', <LocationProbe />);
    const u = user();
    await screen.findByText('题库评测');
    await u.click(screen.getByRole('button', { name: '查看结果 9' }));
    const [path, handedId] = (await screen.findByTestId('location')).textContent!.split('|');
    expect(handedId).toBe('9');
    const url = new URL(path, 'http://localhost');
    expect(url.pathname).toBe('/workflowResult/9');
    expect(JSON.parse(url.searchParams.get('record')!)).toEqual(run);
  });

  it('edits the run’s project', async () => {
    renderResults({ [RUNS]: ok(page([makeRun({ id: 9, app_id: 4 })])) });
    const u = user();
    await u.click(await screen.findByRole('button', { name: '编辑项目 9' }));
    expect(await screen.findByText('编辑器 4')).toBeTruthy();
  });

  it('deletes a run after the confirmation when the reply says success', async () => {
    let list = [makeRun({ id: 5, app_title: '要删除的' }), makeRun({ id: 6, app_title: '留下的' })];
    const calls = renderResults({
      [RUNS]: () => ok(page(list)),
      'POST /api/workflow/runs/5/delete': () => {
        list = list.filter((run) => run.id !== 5);
        return { success: true, message: 'success', data: true };
      },
    });
    const u = user();
    await screen.findByText('要删除的');
    await u.click(screen.getByRole('button', { name: '删除运行 5' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    expect(await message('运行记录已删除')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('要删除的')).toBeNull());
    expect(screen.getByText('留下的')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/workflow/runs/5/delete')).toHaveLength(1);
  });

  it('keeps the run and says so when the delete is refused, or answers anything but success', async () => {
    let reply = { success: false, message: '运行记录不存在', data: false };
    renderResults({ [RUNS]: ok(page([makeRun({ id: 5, app_title: '删不掉的' })])), 'POST /api/workflow/runs/5/delete': () => reply });
    const u = user();
    await screen.findByText('删不掉的');
    await u.click(screen.getByRole('button', { name: '删除运行 5' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await message('删除运行记录失败：运行记录不存在')).toBeTruthy();

    reply = { success: true, message: '', data: true };
    await u.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await message('删除运行记录失败')).toBeTruthy();
    expect(screen.getByText('删不掉的')).toBeTruthy();
  });
});
