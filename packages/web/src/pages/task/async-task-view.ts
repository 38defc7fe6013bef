import type { TaskLabel } from '@/components/task-log/task-view';
import { startOfDay, type MsRange } from '@/lib/time-range';

/** Spec 2 §9: the task page opens on today, from 00:00 (local time) to now. */
export const todayWindow = (now = Date.now()): MsRange => [startOfDay(now), now];

// Maps, not object literals: a value named "constructor" must not find Object's.
const STATUSES = new Map<string, TaskLabel>([
  ['SUCCESS', { label: '成功', color: 'green' }],
  ['NOT_START', { label: '未启动', color: 'gray' }],
  ['SUBMITTED', { label: '队列中', color: 'gold' }],
  ['QUEUED', { label: '排队中', color: 'orange' }],
  ['IN_PROGRESS', { label: '执行中', color: 'blue' }],
  ['FAILURE', { label: '失败', color: 'red' }],
  ['UNKNOWN', { label: '未知', color: 'gray' }],
  ['', { label: '正在提交', color: 'cyan' }],
]);

const ACTIONS = new Map<string, TaskLabel>([
  ['MUSIC', { label: '生成音乐', color: 'arcoblue' }],
  ['LYRICS', { label: '生成歌词', color: 'pinkpurple' }],
]);

const PLATFORMS = new Map<string, TaskLabel>([['suno', { label: 'Suno', color: 'green' }]]);

/** 任务状态 (spec 2 §4 music task status); a status the console does not know reads 未知. */
export const statusTag = (status: string): TaskLabel => STATUSES.get(status) ?? { label: '未知', color: 'gray' };

/** 类型; an action the console does not know shows as the server sent it. */
export const actionTag = (action: string): TaskLabel => ACTIONS.get(action) ?? { label: action, color: 'gray' };

/** 平台; a platform the console does not know shows as the server sent it. */
export const platformTag = (platform: string): TaskLabel => PLATFORMS.get(platform) ?? { label: platform, color: 'gray' };
