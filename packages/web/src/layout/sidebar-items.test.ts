import { describe, expect, it } from 'vitest';
import type { SiteStatus } from '@/api/status';
import { selectedMenuPath, sidebarSections } from '@/layout/sidebar-items';

const labels = (user: { id: number; role: number } | null, status: SiteStatus | null) =>
  sidebarSections(user, status).flatMap((section) => section.items.map((item) => item.label));

const allFlags: SiteStatus = { enable_data_export: true, enable_monitor_data: true, enable_drawing: true };
const adminOnly = ['模型管理', '模型检测', '渠道', '兑换码', '用户管理', '数据看板', '计费管理', '用户联系列表'];

describe(sidebarSections.name, () => {
  it('hides admin-only entries from a common user (role 1)', () => {
    const shown = labels({ id: 7, role: 1 }, allFlags);
    for (const label of adminOnly) expect(shown).not.toContain(label);
    expect(shown).toEqual(
      expect.arrayContaining(['数据市场', '多模型对话', '模型排行榜', '数据处理工作流', '工作流结果', '令牌', '钱包', '日志', '绘图', '监控面板', '设置', '更新说明', '模型价格']),
    );
  });

  it('shows admin-only entries to an admin (role 10)', () => {
    expect(labels({ id: 2, role: 10 }, allFlags)).toEqual(expect.arrayContaining(adminOnly));
  });

  it.each(['审计日志', '套餐管理'])('shows %s to super administrators (role 100) only', (label) => {
    expect(labels({ id: 2, role: 10 }, allFlags)).not.toContain(label);
    expect(labels({ id: 7, role: 1 }, allFlags)).not.toContain(label);
    expect(labels({ id: 3, role: 100 }, allFlags)).toContain(label);
  });

  it('lists 套餐管理 right after 兑换码 for super administrators', () => {
    const shown = labels({ id: 3, role: 100 }, allFlags);
    expect(shown.slice(shown.indexOf('兑换码'), shown.indexOf('兑换码') + 3)).toEqual(['兑换码', '套餐管理', '钱包']);
  });

  it('shows dashboard, monitor and drawing only when their status flags are true', () => {
    const admin = { id: 2, role: 100 };
    const none = labels(admin, { enable_data_export: false, enable_monitor_data: false, enable_drawing: false });
    expect(none).not.toContain('数据看板');
    expect(none).not.toContain('监控面板');
    expect(none).not.toContain('绘图');
    expect(labels(admin, null)).not.toContain('绘图');
    expect(labels(admin, { enable_data_export: true })).toContain('数据看板');
    expect(labels(admin, { enable_data_export: true })).not.toContain('监控面板');
    expect(labels(admin, { enable_monitor_data: true })).toContain('监控面板');
    expect(labels(admin, { enable_drawing: true })).toContain('绘图');
  });

  it('groups entries under 工作台 and 系统后台 in spec order', () => {
    const sections = sidebarSections({ id: 2, role: 10 }, allFlags);
    expect(sections.map((section) => section.title)).toEqual([undefined, '工作台', '系统后台']);
    expect(sections[0].items.map((item) => item.path)).toEqual(['/data-market']);
    expect(sections[2].items[0].label).toBe('模型管理');
    expect(sections[2].items.map((item) => item.label).slice(-2)).toEqual(['模型价格', '关于']);
    expect(sections[1].items.map((item) => item.label)).toEqual(['概览', '多模型对话', '模型排行榜', '数据处理工作流', '工作流结果', '历史记录', '操练场']);
  });
});

describe(selectedMenuPath.name, () => {
  const sections = sidebarSections({ id: 2, role: 10 }, allFlags);
  it('highlights the entry a nested page belongs to', () => {
    expect(selectedMenuPath('/channel/edit/5', sections)).toBe('/channel');
    expect(selectedMenuPath('/workflow/editor/1', sections)).toBe('/workflow');
    expect(selectedMenuPath('/workflowResult', sections)).toBe('/workflowResult');
    expect(selectedMenuPath('/workspace', sections)).toBe('/workspace');
    expect(selectedMenuPath('/history', sections)).toBe('/history');
    expect(selectedMenuPath('/arena/leaderboard', sections)).toBe('/arena/leaderboard');
    expect(selectedMenuPath('/entry', sections)).toBeUndefined();
  });
});
