import { Button, Space, Tag, Typography } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconEye } from '@arco-design/web-react/icon';
import type { WorkflowRunView } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { formatTime } from '@/pages/workflow/workflow-view';
import { CompareButton } from './compare/compare-picker';
import { isFinishedWholeRun } from './compare/run-choice';
import { RunStatusTag } from './run-status-tag';
import { progressText } from './run-view';

export type RunAction = 'view' | 'edit' | 'delete';

/** The run list's columns; the row actions go through `onAction`. */
export function getColumns(display: QuotaDisplay, onAction: (action: RunAction, run: WorkflowRunView) => void): ResponsiveColumn<WorkflowRunView>[] {
  return [
    {
      title: '项目',
      dataIndex: 'app_title',
      width: 180,
      card: 'title',
      render: (_, run) => (
        <Typography.Text className="run-title" ellipsis={{ showTooltip: true }}>
          {run.app_title}
        </Typography.Text>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 90, card: 'key', render: (_, run) => <RunStatusTag status={run.status} /> },
    {
      title: '模型',
      dataIndex: 'models',
      width: 220,
      card: 'key',
      render: (models: string[]) => (
        <span className="run-models">
          {models.map((model) => (
            <Tag key={model} size="small" color="arcoblue">
              {model}
            </Tag>
          ))}
        </span>
      ),
    },
    { title: '样本数', dataIndex: 'samples', width: 80, render: (samples: number) => samples.toLocaleString('zh-CN') },
    { title: '进度', dataIndex: 'done', width: 130, card: 'key', render: (_, run) => progressText(run.done, run.total, run.failed) },
    { title: '消耗额度', dataIndex: 'quota', width: 110, card: 'key', render: (quota: number) => <QuotaText quota={quota} display={display} digits={6} /> },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (seconds: number) => formatTime(seconds) },
    {
      title: '操作',
      key: 'actions',
      width: 310,
      card: 'actions',
      render: (_, run) => (
        <Space size={4} wrap>
          <Button size="mini" type="text" icon={<IconEye />} aria-label={`查看结果 ${run.id}`} onClick={() => onAction('view', run)}>
            查看结果
          </Button>
          <Button size="mini" type="text" icon={<IconEdit />} aria-label={`编辑项目 ${run.id}`} onClick={() => onAction('edit', run)}>
            编辑项目
          </Button>
          {isFinishedWholeRun(run) && <CompareButton run={run} size="mini" type="text" label={`对比运行 ${run.id}`} />}
          <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={`删除运行 ${run.id}`} onClick={() => onAction('delete', run)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];
}
