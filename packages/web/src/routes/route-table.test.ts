import { describe, expect, it } from 'vitest';
import { findRoute } from '@/routes/access';
import { sidebarSections } from '@/layout/sidebar-items';

describe('route table', () => {
  it.each([
    ['/model-manage', 'modelManage', '模型管理'],
    ['/model-check', 'modelCheck', '模型检测'],
  ])('serves %s with its own page and sidebar entry, to admins', (path, page, label) => {
    const route = findRoute(path);
    expect(route?.page).toBe(page);
    expect(route?.access).toBe('admin');
    expect(route?.menu?.label).toBe(label);
  });

  it.each([
    ['/statistics', 'statistics', '计费管理'],
    ['/detail', 'dashboard', '数据看板'],
  ])('serves %s with its own page and sidebar entry, to admins', (path, page, label) => {
    const route = findRoute(path);
    expect(route?.page).toBe(page);
    expect(route?.access).toBe('admin');
    expect(route?.menu?.label).toBe(label);
  });

  it('serves /monitor to every signed-in user (their own downstream monitor), behind the enable_monitor_data flag', () => {
    const route = findRoute('/monitor');
    expect(route?.page).toBe('monitor');
    expect(route?.access).toBe('user');
    expect(route?.menu).toMatchObject({ label: '监控面板', flag: 'enable_monitor_data' });
    const labels = (status: { enable_monitor_data: boolean }) => sidebarSections({ id: 7, role: 1 }, status).flatMap((section) => section.items.map((item) => item.label));
    expect(labels({ enable_monitor_data: true })).toContain('监控面板');
    expect(labels({ enable_monitor_data: false })).not.toContain('监控面板');
  });

  it.each(['/user', '/user/edit/5', '/user/edit'])('serves %s with the user page, to admins', (path) => {
    const route = findRoute(path);
    expect(route?.page).toBe('user');
    expect(route?.access).toBe('admin');
  });

  it.each(['/login', '/register', '/reset', '/user/reset', '/entry'])('shows %s without the sidebar shell', (path) => {
    expect(findRoute(path)?.bare).toBe(true);
  });

  it('lists the playground and the about page in the menu of a signed-in user', () => {
    const items = sidebarSections({ id: 7, role: 1 }, null).flatMap((section) => section.items);
    expect(items).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/playground', label: '操练场' }), expect.objectContaining({ path: '/about', label: '关于' })]));
  });

  it('serves /workflow with the projects page and its sidebar entry, to signed-in users', () => {
    const route = findRoute('/workflow');
    expect(route?.page).toBe('workflowProjects');
    expect(route?.access).toBe('user');
    expect(route?.menu?.label).toBe('数据处理工作流');
  });

  it.each([
    ['/workflowResult', 'workflowResult'],
    ['/workflowResult/12', 'workflowResultDetail'],
  ])('serves %s with the workflow results page, to signed-in users', (path, page) => {
    const route = findRoute(path);
    expect(route?.page).toBe(page);
    expect(route?.access).toBe('user');
  });

  it('serves /multi-model-chat with its landing page and sidebar entry, to signed-in users', () => {
    const route = findRoute('/multi-model-chat');
    expect(route?.page).toBe('multiModelChat');
    expect(route?.access).toBe('user');
    expect(route?.menu?.label).toBe('多模型对话');
  });
});
