import type { ComponentType } from 'react';
import { ROLE_GUEST, roleAllows } from '@gw/shared';
import type { SiteStatus } from '@/api/status';
import type { AccessUser } from '@/routes/access';
import { matchesPattern } from '@/routes/access';
import { MENU_GROUP_LABELS, ROUTES, type AppRoute, type MenuGroup } from '@/routes/route-table';

export interface SidebarItem {
  path: string;
  label: string;
  icon: ComponentType;
}

export interface SidebarSection {
  group: MenuGroup;
  /** Group title ('工作台', '系统后台'); none for the main group. */
  title?: string;
  items: SidebarItem[];
}

/**
 * Sidebar rules of spec 1 §2.2: entries stricter than 'user' are hidden from users without the
 * role (guests still see signed-in entries and are sent to login); flagged entries need their
 * status flag to be true.
 */
export function isMenuRouteVisible(route: AppRoute, user: AccessUser | null, status: SiteStatus | null): boolean {
  if (!route.menu) return false;
  const strict = route.access !== 'public' && route.access !== 'user';
  if (strict && !roleAllows(route.access, user?.role ?? ROLE_GUEST, user?.id)) return false;
  if (route.menu.flag && status?.[route.menu.flag] !== true) return false;
  return true;
}

export function sidebarSections(
  user: AccessUser | null,
  status: SiteStatus | null,
  routes: readonly AppRoute[] = ROUTES,
): SidebarSection[] {
  const order: MenuGroup[] = ['main', 'workspace', 'system'];
  return order
    .map((group) => ({
      group,
      title: group === 'main' ? undefined : MENU_GROUP_LABELS[group],
      items: routes
        .filter((route) => route.menu?.group === group && isMenuRouteVisible(route, user, status))
        .map((route) => ({ path: route.path, label: route.menu!.label, icon: route.menu!.icon })),
    }))
    .filter((section) => section.items.length > 0);
}

/** The entry to highlight: the longest menu path that the current path is, or lies under. */
export function selectedMenuPath(pathname: string, sections: SidebarSection[]): string | undefined {
  const parts = pathname.split('/').filter(Boolean);
  let best: string | undefined;
  for (const item of sections.flatMap((section) => section.items)) {
    const depth = item.path.split('/').filter(Boolean).length;
    const prefix = '/' + parts.slice(0, depth).join('/');
    if (matchesPattern(item.path, prefix) && (!best || item.path.length > best.length)) best = item.path;
  }
  return best;
}
