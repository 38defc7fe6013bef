import { Card, Table } from '@arco-design/web-react';
import { IconMinus, IconPlus } from '@arco-design/web-react/icon';
import type { QueueStatus } from '@/api/jobs';
import { FAILURE_COLUMNS, QUEUE_COLUMNS } from './job-queue-columns';
import { useQueueStatus } from './use-queue-status';

function FailureList({ queue }: { queue: QueueStatus }) {
  return <Table rowKey="id" size="small" columns={FAILURE_COLUMNS} data={queue.recent_failures} pagination={false} border={false} scroll={{ x: 640 }} />;
}

/**
 * The expand button, named so that it can be told apart from the other rows'. A plain element, not
 * a component: the table adds its click handler to what this returns.
 */
function expandButton({ expanded, record }: { expanded: boolean; record: QueueStatus }) {
  return (
    <button type="button" aria-label={`${expanded ? '收起' : '展开'} ${record.queue} 的失败任务`}>
      {expanded ? <IconMinus /> : <IconPlus />}
    </button>
  );
}

/** 任务队列: the background queues' counts; a queue with failures expands to its latest ones. */
export function JobQueuesCard({ version }: { version: number }) {
  const { queues, loading } = useQueueStatus(version);

  return (
    <Card title="任务队列" className="job-queues-card">
      <Table
        rowKey="queue"
        size="small"
        loading={loading}
        columns={QUEUE_COLUMNS}
        data={queues}
        pagination={false}
        // Narrower than this (a phone), the table scrolls sideways instead of breaking queue names per letter.
        scroll={{ x: 720 }}
        expandedRowRender={(queue) => <FailureList queue={queue} />}
        expandProps={{
          rowExpandable: (queue) => queue.recent_failures.length > 0,
          icon: ({ expanded, record }) => expandButton({ expanded, record: record as QueueStatus }),
        }}
      />
    </Card>
  );
}
