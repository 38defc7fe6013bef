import { describe, expect, it } from 'vitest';
import { queueLabel } from './queue-labels';

/** Every job the server registers (packages/server/src, `jobs.register`), written out here. */
const SERVER_QUEUES = [
  'channel-test',
  'channel-balance',
  'model-heartbeat',
  'session-cleanup',
  'usage-rollup',
  'topup-reconcile',
  'dataset-import',
  'workflow-run',
  'task-poll',
];

describe('queueLabel', () => {
  it.each(SERVER_QUEUES)('names the %s queue in Chinese', (queue) => {
    expect(queueLabel(queue)).toMatch(/^[\u4e00-\u9fa5]+$/);
  });

  it('names the queues the roll-ups, top-ups, imports, workflows and tasks run on', () => {
    expect(SERVER_QUEUES.slice(4).map(queueLabel)).toEqual(['用量汇总', '充值对账', '数据集导入', '工作流运行', '任务轮询']);
  });

  it('leaves a queue it does not know unnamed', () => {
    expect(queueLabel('nightly-export')).toBeUndefined();
  });
});
