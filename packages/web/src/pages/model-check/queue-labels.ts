/** Chinese names of the known background queues; the server's names are shown beside them. */
const QUEUE_LABELS: Record<string, string> = {
  'channel-test': '渠道测试',
  'channel-balance': '余额更新',
  'model-heartbeat': '模型心跳',
  'session-cleanup': '会话清理',
};

/** The Chinese name of a queue, or undefined for a queue this console does not know. */
export const queueLabel = (queue: string): string | undefined => QUEUE_LABELS[queue];
