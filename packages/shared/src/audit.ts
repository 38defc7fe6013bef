/**
 * The audit log of administrative changes (issue 31), shared by the server that writes and serves
 * it and the console page that shows it.
 */

/** The actions the audit log records. */
export const AUDIT_ACTIONS = [
  'option.update',
  'ratio.update',
  'channel.create',
  'channel.update',
  'channel.delete',
  'channel.status',
  'channel.key',
  'channel.batch',
  'user.create',
  'user.update',
  'user.quota',
  'user.manage',
  'user.sessions',
  'redemption.create',
  'redemption.update',
  'redemption.delete',
  'topup.complete',
  'plan.create',
  'plan.update',
  'plan.delete',
  'log.delete',
  'token.update',
  'dataset.create',
  'dataset.update',
  'dataset.delete',
  'model.update',
  'admin.login',
  '2fa.failed',
  '2fa.reset',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Chinese names of the actions, for the console. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'option.update': '修改设置',
  'ratio.update': '修改倍率',
  'channel.create': '创建渠道',
  'channel.update': '修改渠道',
  'channel.delete': '删除渠道',
  'channel.status': '启用/禁用渠道',
  'channel.key': '管理渠道密钥',
  'channel.batch': '批量操作渠道',
  'user.create': '创建用户',
  'user.update': '修改用户',
  'user.quota': '修改用户额度',
  'user.manage': '管理用户',
  'user.sessions': '结束用户会话',
  'redemption.create': '创建兑换码',
  'redemption.update': '修改兑换码',
  'redemption.delete': '删除兑换码',
  'topup.complete': '补单',
  'plan.create': '创建套餐',
  'plan.update': '修改套餐',
  'plan.delete': '删除套餐',
  'log.delete': '清理日志',
  'token.update': '修改令牌',
  'dataset.create': '创建数据集',
  'dataset.update': '修改数据集',
  'dataset.delete': '删除数据集',
  'model.update': '修改模型',
  'admin.login': '管理员登录',
  '2fa.failed': '两步验证失败',
  '2fa.reset': '重置两步验证',
};

/** The kinds of object an audit row is about. */
export const AUDIT_TARGET_TYPES = ['option', 'channel', 'user', 'redemption', 'topup', 'plan', 'log', 'token', 'dataset', 'model'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_TARGET_LABELS: Readonly<Record<AuditTargetType, string>> = {
  option: '设置',
  channel: '渠道',
  user: '用户',
  redemption: '兑换码',
  topup: '充值订单',
  plan: '套餐',
  log: '日志',
  token: '令牌',
  dataset: '数据集',
  model: '模型',
};

/**
 * What a changed secret (a channel key, an SMTP password, an access token, …) is stored as, in
 * `before` and in `after` alike: that it changed, never its value nor any fragment of it.
 */
export const AUDIT_SECRET_CHANGED = { $secret: 'changed' } as const;

export function isAuditSecretMarker(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as Record<string, unknown>).$secret === 'changed' && Object.keys(value).length === 1;
}

/** One row of GET /api/audit/. */
export interface AuditLogView {
  id: number;
  actor_id: number;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  ip: string;
  /** Unix seconds. */
  created_at: number;
}

export interface AuditLogPage {
  items: AuditLogView[];
  total: number;
  page: number;
  page_size: number;
}
