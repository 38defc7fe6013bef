import type { DrawingTask } from '@/api/tasks';
import type { TaskLabel } from '@/components/task-log/task-view';
import { DAY_MS, lastSpan, type MsRange } from '@/lib/time-range';

/** Spec 2 §9: the drawing page opens on the last 30 days. */
export const drawingWindow = (now = Date.now()): MsRange => lastSpan(30 * DAY_MS, now);

// Maps, not object literals: an action named "constructor" must not find Object's.
const ACTIONS = new Map<string, TaskLabel>([
  ['IMAGINE', { label: '绘图', color: 'blue' }],
  ['UPSCALE', { label: '放大', color: 'orange' }],
  ['VARIATION', { label: '变换', color: 'purple' }],
  ['HIGH_VARIATION', { label: '强变换', color: 'purple' }],
  ['LOW_VARIATION', { label: '弱变换', color: 'purple' }],
  ['PAN', { label: '平移', color: 'cyan' }],
  ['DESCRIBE', { label: '图生文', color: 'gold' }],
  ['BLEND', { label: '图混合', color: 'lime' }],
  ['UPLOAD', { label: '上传文件', color: 'blue' }],
  ['SHORTEN', { label: '缩词', color: 'pinkpurple' }],
  ['REROLL', { label: '重绘', color: 'arcoblue' }],
  ['INPAINT', { label: '局部重绘', color: 'magenta' }],
  ['ZOOM', { label: '变焦', color: 'cyan' }],
  ['CUSTOM_ZOOM', { label: '自定义变焦', color: 'cyan' }],
  ['MODAL', { label: '窗口处理', color: 'green' }],
  ['SWAP_FACE', { label: '换脸', color: 'lime' }],
]);

const CODES = new Map<number, TaskLabel>([
  [1, { label: '已提交', color: 'green' }],
  [21, { label: '等待中', color: 'lime' }],
  [22, { label: '重复提交', color: 'orange' }],
  [0, { label: '未提交', color: 'red' }],
]);

const STATUSES = new Map<string, TaskLabel>([
  ['SUCCESS', { label: '成功', color: 'green' }],
  ['NOT_START', { label: '未启动', color: 'gray' }],
  ['SUBMITTED', { label: '队列中', color: 'gold' }],
  ['IN_PROGRESS', { label: '执行中', color: 'blue' }],
  ['FAILURE', { label: '失败', color: 'red' }],
  ['MODAL', { label: '窗口等待', color: 'gold' }],
  ['', { label: '提交中', color: 'cyan' }],
]);

const UNKNOWN: TaskLabel = { label: '未知', color: 'gray' };

/** 类型 (spec 2 §4 drawing actions); an action the console does not know shows as the server sent it. */
export const actionTag = (action: string): TaskLabel => ACTIONS.get(action) ?? { label: action, color: 'gray' };

/** 提交结果: the code the drawing service answered the submission with. */
export const codeTag = (code: number): TaskLabel => CODES.get(code) ?? UNKNOWN;

/** 任务状态 (spec 2 §4 drawing task status). */
export const statusTag = (status: string): TaskLabel => STATUSES.get(status) ?? UNKNOWN;

/** The images of the result cell: the split images when there are several, else the one image (none before it exists). */
export function resultImageUrls(task: Pick<DrawingTask, 'image_url' | 'image_urls'>): string[] {
  const split = task.image_urls;
  if (split.length > 1) return split;
  const one = task.image_url || split[0];
  return one ? [one] : [];
}
