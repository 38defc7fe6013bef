import type { ComponentType } from 'react';
import type { AccessRule } from '@gw/shared';
import {
  IconApps,
  IconBranch,
  IconCalendar,
  IconCalendarClock,
  IconCheckCircle,
  IconCode,
  IconDashboard,
  IconDesktop,
  IconExperiment,
  IconFile,
  IconGift,
  IconHistory,
  IconHome,
  IconImage,
  IconInfoCircle,
  IconLink,
  IconList,
  IconMessage,
  IconNotification,
  IconPhone,
  IconSafe,
  IconSettings,
  IconStorage,
  IconTag,
  IconTrophy,
  IconUserGroup,
  IconWechatpay,
} from '@arco-design/web-react/icon';

/**
 * Page keys; routes/pages.ts maps each to its lazy page. The table itself imports no page so
 * that the access rules and the sidebar can be used (and tested) without loading any page.
 */
export type PageKey =
  | 'entry'
  | 'entryNews'
  | 'login'
  | 'register'
  | 'resetRequest'
  | 'resetConfirm'
  | 'oauthCallback'
  | 'setting'
  | 'update'
  | 'about'
  | 'token'
  | 'channel'
  | 'channelEdit'
  | 'user'
  | 'modelManage'
  | 'modelCheck'
  | 'log'
  | 'pricing'
  | 'playground'
  | 'customerConnect'
  | 'audit'
  | 'redemption'
  | 'plan'
  | 'topup'
  | 'chat'
  | 'chat2link'
  | 'dataMarket'
  | 'dataMarketDetail'
  | 'dataMarketViewAll'
  | 'multiModelChat'
  | 'multiModelCompare'
  | 'arenaLeaderboard'
  | 'workflowProjects'
  | 'workflowEditor'
  | 'workflowResult'
  | 'workflowResultDetail'
  | 'workflowResultCompare'
  | 'sharedRun'
  | 'statistics'
  | 'monitor'
  | 'dashboard'
  | 'midjourney'
  | 'task'
  | 'home'
  | 'workspace'
  | 'history';

/** Sidebar groups, in the order spec 1 §2.2 lists them. */
export type MenuGroup = 'main' | 'workspace' | 'system';

/** Status flags that switch a sidebar entry on (spec 1 §2.2). */
export type StatusFlag = 'enable_data_export' | 'enable_monitor_data' | 'enable_drawing';

export interface MenuEntry {
  label: string;
  group: MenuGroup;
  icon: ComponentType;
  flag?: StatusFlag;
}

export interface AppRoute {
  /** react-router pattern; ':param' segments match any value. */
  path: string;
  access: AccessRule;
  page: PageKey;
  /**
   * Shown without the sidebar shell (spec 1 §2.2: /entry, /login and the news pages; registration
   * and password reset belong with login).
   */
  bare?: boolean;
  menu?: MenuEntry;
}

const system = (label: string, icon: ComponentType, flag?: StatusFlag): MenuEntry => ({ label, group: 'system', icon, flag });

/** The one route table (spec 1 §2.1, spec 3 §2.12). Menu entries appear in table order. */
export const ROUTES: readonly AppRoute[] = [
  // Public
  { path: '/entry', access: 'public', page: 'entry', bare: true },
  { path: '/entryNews/:id', access: 'public', page: 'entryNews', bare: true },
  { path: '/login', access: 'public', page: 'login', bare: true },
  { path: '/home', access: 'public', page: 'home' },
  { path: '/register', access: 'public', page: 'register', bare: true },
  { path: '/reset', access: 'public', page: 'resetRequest', bare: true },
  { path: '/user/reset', access: 'public', page: 'resetConfirm', bare: true },
  { path: '/oauth/:type/callback', access: 'public', page: 'oauthCallback' },
  { path: '/data-market', access: 'public', page: 'dataMarket', menu: { label: '数据市场', group: 'main', icon: IconStorage } },
  { path: '/data-market/:id', access: 'public', page: 'dataMarketDetail' },
  // A run's results shared by its owner (issue 30): read with the link's token alone, outside the shell.
  { path: '/share/run/:token', access: 'public', page: 'sharedRun', bare: true },

  // Workspace (signed in)
  // Spec 1 §2.1 "other sidebar paths", first under the workspace label: the user's own start page.
  { path: '/workspace', access: 'user', page: 'workspace', menu: { label: '概览', group: 'workspace', icon: IconHome } },
  { path: '/multi-model-chat', access: 'user', page: 'multiModelChat', menu: { label: '多模型对话', group: 'workspace', icon: IconMessage } },
  // Issue 33: the ratings of the compare chat's blind battles (对战模式), beside the chat that makes them.
  { path: '/arena/leaderboard', access: 'user', page: 'arenaLeaderboard', menu: { label: '模型排行榜', group: 'workspace', icon: IconTrophy } },
  { path: '/workflow', access: 'user', page: 'workflowProjects', menu: { label: '数据处理工作流', group: 'workspace', icon: IconBranch } },
  { path: '/workflowResult', access: 'user', page: 'workflowResult', menu: { label: '工作流结果', group: 'workspace', icon: IconFile } },
  // Spec 1 §2.1 "other sidebar paths": in the menu, so that nobody has to type their address.
  { path: '/history', access: 'user', page: 'history', menu: { label: '历史记录', group: 'workspace', icon: IconHistory } },
  { path: '/playground', access: 'user', page: 'playground', menu: { label: '操练场', group: 'workspace', icon: IconExperiment } },
  { path: '/data-market/:id/view-all', access: 'user', page: 'dataMarketViewAll' },
  { path: '/multi-model-compare', access: 'user', page: 'multiModelCompare' },
  { path: '/multi-model-compare/history/:id', access: 'user', page: 'multiModelCompare' },
  { path: '/workflow/editor/:id', access: 'user', page: 'workflowEditor' },
  // Before '/workflowResult/:id', which would read "compare" as a run id.
  { path: '/workflowResult/compare', access: 'user', page: 'workflowResultCompare' },
  { path: '/workflowResult/:id', access: 'user', page: 'workflowResultDetail' },

  // System backend, in the sidebar order of spec 1 §2.2
  { path: '/model-manage', access: 'admin', page: 'modelManage', menu: system('模型管理', IconApps) },
  { path: '/model-check', access: 'admin', page: 'modelCheck', menu: system('模型检测', IconCheckCircle) },
  { path: '/channel', access: 'admin', page: 'channel', menu: system('渠道', IconLink) },
  { path: '/token', access: 'user', page: 'token', menu: system('令牌', IconSafe) },
  { path: '/redemption', access: 'admin', page: 'redemption', menu: system('兑换码', IconGift) },
  // Issue 34: the subscription plans, for super administrators only (the server's plan management is 'root' too).
  { path: '/plan', access: 'root', page: 'plan', menu: system('套餐管理', IconCalendar) },
  { path: '/topup', access: 'user', page: 'topup', menu: system('钱包', IconWechatpay) },
  { path: '/user', access: 'admin', page: 'user', menu: system('用户管理', IconUserGroup) },
  { path: '/log', access: 'user', page: 'log', menu: system('日志', IconList) },
  { path: '/detail', access: 'admin', page: 'dashboard', menu: system('数据看板', IconDashboard, 'enable_data_export') },
  // Spec 2 §6: a regular user has their own downstream monitor.
  { path: '/monitor', access: 'user', page: 'monitor', menu: system('监控面板', IconDesktop, 'enable_monitor_data') },
  { path: '/midjourney', access: 'user', page: 'midjourney', menu: system('绘图', IconImage, 'enable_drawing') },
  { path: '/statistics', access: 'admin', page: 'statistics', menu: system('计费管理', IconCode) },
  { path: '/customer-connect', access: 'admin', page: 'customerConnect', menu: system('用户联系列表', IconPhone) },
  // Issue 31: who changed what, for super administrators only (the server's GET /api/audit/ is 'root' too).
  { path: '/audit', access: 'root', page: 'audit', menu: system('审计日志', IconCalendarClock) },
  { path: '/setting', access: 'user', page: 'setting', menu: system('设置', IconSettings) },
  { path: '/update', access: 'user', page: 'update', menu: system('更新说明', IconNotification) },
  // Open to guests: spec 2 §2 has the page show the default group's prices to a visitor who is not signed in.
  { path: '/pricing', access: 'public', page: 'pricing', menu: system('模型价格', IconTag) },
  { path: '/about', access: 'user', page: 'about', menu: system('关于', IconInfoCircle) },

  // Signed in, not in the sidebar
  { path: '/task', access: 'user', page: 'task' },
  { path: '/chat', access: 'user', page: 'chat' },
  { path: '/chat/:id', access: 'user', page: 'chat' },
  { path: '/chat2link', access: 'user', page: 'chat2link' },

  // Admin, not in the sidebar
  { path: '/channel/add', access: 'admin', page: 'channelEdit' },
  { path: '/channel/edit/:id', access: 'admin', page: 'channelEdit' },
  // The user page with its edit drawer open: another user's, or one's own profile.
  { path: '/user/edit/:id', access: 'admin', page: 'user' },
  { path: '/user/edit', access: 'admin', page: 'user' },
];

/** Titles of the sidebar groups (the 'main' group has none). */
export const MENU_GROUP_LABELS: Record<Exclude<MenuGroup, 'main'>, string> = {
  workspace: '工作台',
  system: '系统后台',
};
