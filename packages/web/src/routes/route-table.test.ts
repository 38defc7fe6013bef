import { describe, expect, it } from 'vitest';
import { findRoute } from '@/routes/access';
import { PAGES } from '@/routes/pages';
import { ROUTES } from '@/routes/route-table';
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

  it('serves /midjourney with the drawing task page to signed-in users, in the sidebar behind the enable_drawing flag', () => {
    const route = findRoute('/midjourney');
    expect(route?.page).toBe('midjourney');
    expect(route?.access).toBe('user');
    expect(route?.menu).toMatchObject({ label: '绘图', flag: 'enable_drawing' });
  });

  it('serves /plan with 套餐管理 to super administrators, in the system group between 兑换码 and 钱包', () => {
    const route = findRoute('/plan');
    expect(route?.page).toBe('plan');
    expect(route?.access).toBe('root');
    expect(route?.menu).toMatchObject({ label: '套餐管理', group: 'system' });
    const paths = ROUTES.filter((item) => item.menu?.group === 'system').map((item) => item.path);
    expect(paths.slice(paths.indexOf('/redemption'), paths.indexOf('/redemption') + 3)).toEqual(['/redemption', '/plan', '/topup']);
  });

  it('serves /task with the async task page to signed-in users, outside the sidebar (spec 1 §2.2)', () => {
    const route = findRoute('/task');
    expect(route?.page).toBe('task');
    expect(route?.access).toBe('user');
    expect(route?.menu).toBeUndefined();
  });

  it('renders no placeholder page: every route has a page of its own, and the placeholder page is gone', () => {
    for (const route of ROUTES) expect(PAGES[route.page], route.path).toBeDefined();
    expect(ROUTES.map((route) => route.page as string)).not.toContain('placeholder');
    expect(Object.keys(PAGES)).not.toContain('placeholder');
    expect(Object.keys(import.meta.glob('/src/pages/placeholder/**'))).toEqual([]);
    const pageSources = import.meta.glob<string>(['/src/pages/**/*.tsx', '!/src/pages/**/*.test.tsx'], { query: '?raw', import: 'default', eager: true });
    expect(Object.keys(pageSources)).toContain('/src/pages/home/index.tsx');
    const withPlaceholderText = Object.entries(pageSources).filter(([, source]) => source.includes('该功能暂未开放'));
    expect(withPlaceholderText.map(([file]) => file)).toEqual([]);
  });

  it('serves /home to everyone, inside the shell (spec 1 §2.2 hides the sidebar only on /entry, /login and the news)', () => {
    const route = findRoute('/home');
    expect(route?.page).toBe('home');
    expect(route?.access).toBe('public');
    expect(route?.bare).toBeUndefined();
    expect(route?.menu).toBeUndefined();
  });

  it.each([
    ['/workspace', 'workspace', '概览'],
    ['/history', 'history', '历史记录'],
  ])('serves %s to signed-in users, in the workspace group of the sidebar (spec 1 §2.1 "other sidebar paths")', (path, page, label) => {
    const route = findRoute(path);
    expect(route?.page).toBe(page);
    expect(route?.access).toBe('user');
    expect(route?.menu).toMatchObject({ label, group: 'workspace' });
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

  it('serves /arena/leaderboard with the arena leaderboard, in the workspace group right after the compare chat', () => {
    const route = findRoute('/arena/leaderboard');
    expect(route?.page).toBe('arenaLeaderboard');
    expect(route?.access).toBe('user');
    expect(route?.menu).toMatchObject({ label: '模型排行榜', group: 'workspace' });
    const paths = ROUTES.filter((item) => item.menu?.group === 'workspace').map((item) => item.path);
    expect(paths.indexOf('/arena/leaderboard')).toBe(paths.indexOf('/multi-model-chat') + 1);
  });
});
