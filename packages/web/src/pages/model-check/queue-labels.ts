/** Chinese names of the background queues (every job the server registers); the server's names are shown beside them. */
const QUEUE_LABELS: Record<string, string> = {
  'channel-test': '渠道测试',
  'channel-balance': '余额更新',
  'model-heartbeat': '模型心跳',
  'session-cleanup': '会话清理',
  'usage-rollup': '用量汇总',
  'topup-reconcile': '充值对账',
  'dataset-import': '数据集导入',
  'workflow-run': '工作流运行',
  'task-poll': '任务轮询',
};

/** The Chinese name of a queue, or undefined for a queue this console does not know. */
export const queueLabel = (queue: string): string | undefined => QUEUE_LABELS[queue];
