import { Space, Typography, type TableColumnProps } from '@arco-design/web-react';
import type { JobFailure, QueueCounts, QueueStatus } from '@/api/jobs';
import { formatTimestamp } from '@/lib/time';
import { queueLabel } from './queue-labels';

function QueueName({ queue }: { queue: string }) {
  const label = queueLabel(queue);
  return (
    <Space size={8}>
      <Typography.Text>{queue}</Typography.Text>
      {label && <Typography.Text type="secondary">{label}</Typography.Text>}
    </Space>
  );
}

const countColumn = (title: string, state: keyof QueueCounts): TableColumnProps<QueueStatus> => ({
  title,
  width: 90,
  render: (_, row) => row.counts[state],
});

/** One row per queue; a failed count above 0 is in red. */
export const QUEUE_COLUMNS: TableColumnProps<QueueStatus>[] = [
  { title: '队列', width: 260, render: (_, row) => <QueueName queue={row.queue} /> },
  countColumn('等待', 'waiting'),
  countColumn('运行中', 'active'),
  countColumn('已完成', 'completed'),
  {
    title: '失败',
    width: 90,
    render: (_, row) => (row.counts.failed > 0 ? <Typography.Text type="error">{row.counts.failed}</Typography.Text> : row.counts.failed),
  },
  countColumn('延迟', 'delayed'),
];

/** The latest failures of a queue, shown when its row is expanded. */
export const FAILURE_COLUMNS: TableColumnProps<JobFailure>[] = [
  { title: '失败时间', width: 180, render: (_, failure) => formatTimestamp(failure.finished_at) },
  { title: '任务 ID', width: 160, dataIndex: 'id' },
  { title: '原因', dataIndex: 'failed_reason' },
];
