import { ROLE_ADMIN, ROLE_ROOT } from '@gw/shared';

export type SettingTab = 'personal' | 'operation' | 'system' | 'other';

interface TabDefinition {
  key: SettingTab;
  title: string;
  adminOnly: boolean;
}

export const SETTING_TABS: readonly TabDefinition[] = [
  { key: 'personal', title: '个人设置', adminOnly: false },
  { key: 'operation', title: '运营设置', adminOnly: true },
  { key: 'system', title: '系统设置', adminOnly: true },
  { key: 'other', title: '其他设置', adminOnly: true },
];

/** The tabs this role sees: personal for everyone, the rest for administrators (spec 1 §6). */
export function visibleTabs(role: number): TabDefinition[] {
  return SETTING_TABS.filter((tab) => !tab.adminOnly || role >= ROLE_ADMIN);
}

/**
 * Every administrator reads /api/option/, but only role 100 saves (docs/console-api.md). Below that
 * the option tabs are read-only and offer no save at all: a 403 would also make the client
 * refetch, and so reset, the user's access token.
 */
export function canEditOptions(role: number): boolean {
  return role >= ROLE_ROOT;
}

/** The tab named by ?tab= when this role may see it, otherwise the personal tab. */
export function resolveTab(requested: string | null, role: number): SettingTab {
  return visibleTabs(role).find((tab) => tab.key === requested)?.key ?? 'personal';
}
