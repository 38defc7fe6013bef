import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { PROJECTS, callsTo, lastQuery, makeProject, page, renderWorkflow } from './test-workflow';

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

const card = (title: string) => screen.findByRole('link', { name: title });

describe('workflow projects', () => {
  it('asks for page 1 of 15 and shows each project: title, status, description, update time and author', async () => {
    const calls = renderWorkflow({
      [PROJECTS]: ok(page([makeProject({ id: 1, title: '清洗', status: 'running', author: 'bob' }), makeProject({ id: 2, title: '无描述', description: '' })])),
    });
    const first = await card('清洗');
    expect(screen.getByRole('tab', { name: '项目' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '文件库' })).toBeTruthy();
    expect(lastQuery(calls, '/api/apps/')).toEqual({ page: '1', page_size: '15' });
    expect(within(first).getByText('运行中')).toBeTruthy();
    expect(within(first).getByText('把客服问答整理成训练数据')).toBeTruthy();
    expect(within(first).getByText('作者：bob')).toBeTruthy();
    expect(within(first).getByText(/^更新于 /)).toBeTruthy();
    const second = await card('无描述');
    expect(within(second).getByText('已停止')).toBeTruthy();
    expect(within(second).getByText('暂无描述')).toBeTruthy();
    // Fewer than a page: no pager.
    expect(document.querySelector('.workflow-pager')).toBeNull();
  });

  it('pages by 15, and a debounced search or a status goes back to page 1', async () => {
    const calls = renderWorkflow({
      [PROJECTS]: (call) => ok(page([makeProject({ id: Number(call.query.page), title: `第 ${call.query.page} 页 ${call.query.search_key ?? ''}` })], 40, Number(call.query.page))),
    });
    await card('第 1 页');
    const u = user();
    await u.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await card('第 2 页');
    expect(lastQuery(calls, '/api/apps/')).toEqual({ page: '2', page_size: '15' });

    const before = callsTo(calls, 'GET', '/api/apps/').length;
    await u.type(screen.getByLabelText('搜索项目'), '客服');
    // One request once typing has paused, not one per keystroke.
    await card('第 1 页 客服');
    expect(callsTo(calls, 'GET', '/api/apps/')).toHaveLength(before + 1);
    expect(lastQuery(calls, '/api/apps/')).toEqual({ page: '1', page_size: '15', search_key: '客服' });

    await u.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await card('第 2 页 客服');
    await u.click(screen.getByLabelText('项目状态'));
    await u.click(await screen.findByRole('option', { name: '运行中' }));
    await waitFor(() => expect(lastQuery(calls, '/api/apps/')).toEqual({ page: '1', page_size: '15', search_key: '客服', status: 'running' }));
  });

  it('shows the empty state, and the catalogue message when the list fails', async () => {
    renderWorkflow({ [PROJECTS]: fail('数据库不可用') });
    expect(await message('获取项目列表失败：数据库不可用')).toBeTruthy();
    expect(await screen.findByText('还没有项目，点击“新建项目”开始')).toBeTruthy();
  });

  it('opens the editor when a project is clicked', async () => {
    renderWorkflow({ [PROJECTS]: ok(page([makeProject({ id: 12, title: '打开我' })])) });
    await user().click(await card('打开我'));
    expect(await screen.findByText('编辑器 12 打开我')).toBeTruthy();
  });

  it('creates a project: the title is required, then the success toast and the editor', async () => {
    const calls = renderWorkflow({
      [PROJECTS]: ok(page([])),
      'POST /api/apps/': (call) => ok({ ...makeProject({ id: 21, title: (call.body as { title: string }).title }), nodes: [], edges: [] }),
    });
    const u = user();
    await u.click(await screen.findByRole('button', { name: /新建项目/ }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByText('请输入项目名称')).toBeTruthy();
    await u.type(within(dialog).getByPlaceholderText('请输入项目名称'), '   ');
    await u.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await within(dialog).findByText('请输入项目名称')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/apps/')).toHaveLength(0);

    await u.clear(within(dialog).getByPlaceholderText('请输入项目名称'));
    await u.type(within(dialog).getByPlaceholderText('请输入项目名称'), ' 新项目 ');
    await u.type(within(dialog).getByPlaceholderText('项目的用途（可选）'), '说明');
    await u.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await message('工作流项目创建成功！')).toBeTruthy();
    expect(await screen.findByText('编辑器 21 新项目')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/apps/')[0].body).toEqual({ title: '新项目', description: '说明', status: 'stopped', author: 'alice' });
  });

  it('keeps the dialog open and says why when creating fails', async () => {
    renderWorkflow({ [PROJECTS]: ok(page([])), 'POST /api/apps/': fail('名称太长') });
    const u = user();
    await u.click(await screen.findByRole('button', { name: /新建项目/ }));
    const dialog = await screen.findByRole('dialog');
    await u.type(within(dialog).getByPlaceholderText('请输入项目名称'), 'x');
    await u.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await message('创建项目失败：名称太长')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText(/编辑器/)).toBeNull();
  });

  it('edits the title and description, then reloads the list', async () => {
    let title = '旧名称';
    const calls = renderWorkflow({
      [PROJECTS]: () => ok(page([makeProject({ id: 5, title })])),
      'PUT /api/apps/5': (call) => {
        title = (call.body as { title: string }).title;
        return ok({ ...makeProject({ id: 5, title }), nodes: [], edges: [] });
      },
    });
    const u = user();
    await card('旧名称');
    await u.click(screen.getByRole('button', { name: '编辑项目 旧名称' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByPlaceholderText('请输入项目名称') as HTMLInputElement;
    expect(input.value).toBe('旧名称');
    await u.clear(input);
    await u.type(input, '新名称');
    await u.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await message('项目已更新')).toBeTruthy();
    expect(await card('新名称')).toBeTruthy();
    const body = callsTo(calls, 'PUT', '/api/apps/5')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 5, title: '新名称', description: '把客服问答整理成训练数据' });
    expect(typeof body.updated_at).toBe('number');
    // The edit stays on the list.
    expect(screen.queryByText(/编辑器/)).toBeNull();
  });

  it('deletes a project after the confirmation, and says so', async () => {
    let list = [makeProject({ id: 8, title: '要删除的' }), makeProject({ id: 9, title: '留下的' })];
    const calls = renderWorkflow({
      [PROJECTS]: () => ok(page(list)),
      'DELETE /api/apps/8': () => {
        list = list.filter((project) => project.id !== 8);
        return ok(true);
      },
    });
    const u = user();
    await card('要删除的');
    await u.click(screen.getByRole('button', { name: '删除项目 要删除的' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确定删除项目「要删除的」吗/)).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/apps/8')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await message('项目已删除')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: '要删除的' })).toBeNull());
    expect(screen.getByRole('link', { name: '留下的' })).toBeTruthy();
  });

  it('shows the delete failure and keeps the project', async () => {
    renderWorkflow({ [PROJECTS]: ok(page([makeProject({ id: 8, title: '删不掉' })])), 'DELETE /api/apps/8': fail('项目不存在') });
    const u = user();
    await card('删不掉');
    await u.click(screen.getByRole('button', { name: '删除项目 删不掉' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }));
    expect(await message('删除项目失败：项目不存在')).toBeTruthy();
    expect(screen.getByRole('link', { name: '删不掉' })).toBeTruthy();
  });
});
