import type { LogEntity } from './log.entity';

/** A log row as an administrator sees it (spec 2 §3 Log); `other` and `attempts_log` are JSON texts. */
export type AdminLogView = Omit<LogEntity, 'id'> & { id: number };

/**
 * A log row as its owner sees it. Which upstream served the request (channel, channel name, the
 * retry path) and the client address are for administrators only.
 */
export type SelfLogView = Omit<AdminLogView, 'channel' | 'channel_name' | 'attempts_log' | 'ip' | 'instance'>;

export interface LogPage<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Consumption figures of the filtered logs (spec 2 §3 Log stat). */
export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

export function toAdminLogView(row: LogEntity): AdminLogView {
  return { ...row, id: Number(row.id) };
}

/**
 * `other` without `admin_info` and `route` (the channels tried and why, keys masked) and without
 * `cost` and `cost_ratio` (what the operator pays upstream: no user's business); unreadable JSON is
 * dropped rather than passed on.
 */
export function withoutAdminInfo(other: string): string {
  if (other === '') return '';
  try {
    const parsed: unknown = JSON.parse(other);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return '';
    const { admin_info: _adminInfo, route: _route, cost: _cost, cost_ratio: _costRatio, ...rest } = parsed as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return '';
  }
}

export function toSelfLogView(row: LogEntity): SelfLogView {
  const { channel: _channel, channel_name: _channelName, attempts_log: _attempts, ip: _ip, instance: _instance, ...view } = toAdminLogView(row);
  return { ...view, other: withoutAdminInfo(row.other) };
}
