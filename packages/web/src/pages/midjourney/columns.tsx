import type { DrawingTask } from '@/api/tasks';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { ownerColumns } from '@/components/task-log/owner-columns';
import { DurationTag, LabelTag, TaskText } from '@/components/task-log/task-cells';
import { timeText } from '@/components/task-log/task-view';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { actionTag, codeTag, statusTag } from './drawing-view';
import { ResultImages } from './result-images';

/** The drawing table's columns (spec 2 §3 Drawing task); channel and user are for administrators. */
export function getColumns(isAdmin: boolean, display: QuotaDisplay): ResponsiveColumn<DrawingTask>[] {
  return [
    { title: '提交时间', dataIndex: 'submit_time', width: 180, card: 'title', render: (value: number) => timeText(value) },
    { title: '花费时间', dataIndex: 'finish_time', width: 100, render: (_: unknown, task: DrawingTask) => <DurationTag task={task} /> },
    ...(isAdmin ? ownerColumns<DrawingTask>(display) : []),
    { title: '类型', dataIndex: 'action', width: 110, card: 'key', render: (value: string) => <LabelTag tag={actionTag(value)} /> },
    { title: '任务ID', dataIndex: 'mj_id', width: 200, render: (value: string) => <TaskText text={value} /> },
    { title: '提交结果', dataIndex: 'code', width: 100, render: (value: number) => <LabelTag tag={codeTag(value)} /> },
    { title: '任务状态', dataIndex: 'status', width: 100, card: 'key', render: (value: string) => <LabelTag tag={statusTag(value)} /> },
    { title: '进度', dataIndex: 'progress', width: 80, card: 'key', render: (value: string) => value || '-' },
    { title: '结果图片', dataIndex: 'image_url', width: 180, card: 'key', render: (_: unknown, task: DrawingTask) => <ResultImages task={task} /> },
    { title: '提示词', dataIndex: 'prompt', width: 240, card: 'key', render: (value: string) => <TaskText text={value} copyable /> },
    { title: '英文提示词', dataIndex: 'prompt_en', width: 240, render: (value: string) => <TaskText text={value} copyable /> },
    { title: '失败原因', dataIndex: 'fail_reason', width: 200, render: (value: string) => <TaskText text={value} error /> },
    { title: '花费额度', dataIndex: 'quota', width: 110, render: (value: number) => <QuotaText quota={value} display={display} digits={6} /> },
  ];
}
