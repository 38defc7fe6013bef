import { Button } from '@arco-design/web-react';
import type { AsyncTask } from '@/api/tasks';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { ownerColumns } from '@/components/task-log/owner-columns';
import { DurationTag, LabelTag, TaskText } from '@/components/task-log/task-cells';
import { timeText } from '@/components/task-log/task-view';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { taskResult, type TaskResult } from './task-result';
import { actionTag, platformTag, statusTag } from './async-task-view';

function ResultCell({ task, onView }: { task: AsyncTask; onView: (result: TaskResult) => void }) {
  const result = taskResult(task);
  if (!result) return <>-</>;
  return (
    <Button type="text" size="mini" onClick={() => onView(result)}>
      查看
    </Button>
  );
}

/** The task table's columns (spec 2 §3 Async task); channel and user are for administrators. */
export function getColumns(isAdmin: boolean, display: QuotaDisplay, onViewResult: (result: TaskResult) => void): ResponsiveColumn<AsyncTask>[] {
  return [
    { title: '提交时间', dataIndex: 'submit_time', width: 180, card: 'title', render: (value: number) => timeText(value) },
    { title: '结束时间', dataIndex: 'finish_time', width: 180, render: (value: number) => timeText(value) },
    { title: '进度', dataIndex: 'progress', width: 80, card: 'key', render: (value: string) => value || '-' },
    { title: '花费时间', dataIndex: 'start_time', width: 100, render: (_: unknown, task: AsyncTask) => <DurationTag task={task} /> },
    ...(isAdmin ? ownerColumns<AsyncTask>(display) : []),
    { title: '平台', dataIndex: 'platform', width: 90, render: (value: string) => <LabelTag tag={platformTag(value)} /> },
    { title: '类型', dataIndex: 'action', width: 100, card: 'key', render: (value: string) => <LabelTag tag={actionTag(value)} /> },
    { title: '任务ID', dataIndex: 'task_id', width: 220, render: (value: string) => <TaskText text={value} /> },
    { title: '任务状态', dataIndex: 'status', width: 100, card: 'key', render: (value: string) => <LabelTag tag={statusTag(value)} /> },
    { title: '失败原因', dataIndex: 'fail_reason', width: 200, render: (value: string) => <TaskText text={value} error /> },
    { title: '结果', dataIndex: 'data', width: 80, card: 'actions', render: (_: unknown, task: AsyncTask) => <ResultCell task={task} onView={onViewResult} /> },
    { title: '花费额度', dataIndex: 'quota', width: 110, card: 'key', render: (value: number) => <QuotaText quota={value} display={display} digits={6} /> },
  ];
}
