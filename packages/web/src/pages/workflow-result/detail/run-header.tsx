import { useState } from 'react';
import { Button, Dropdown, Menu, Message, Popconfirm, Progress, Tag, Typography } from '@arco-design/web-react';
import { IconDelete, IconDownload, IconEdit } from '@arco-design/web-react/icon';
import { MSG_WORKFLOW_RUN_CANCELLED, WORKFLOW_EXPORT_FORMATS, type WorkflowExportFormat, type WorkflowRunView } from '@gw/shared';
import { cancelRun } from '@/api/workflow-runs';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { formatTime, runCall } from '@/pages/workflow/workflow-view';
import { RunStatusTag } from '../run-status-tag';
import { EXPORT_LABELS, MSG_RUN_CANCEL_FAILED, SOURCE_LABELS, progressText } from '../run-view';
import { downloadRunExport } from './export-run';

interface RunHeaderProps {
  run: WorkflowRunView;
  display: QuotaDisplay;
  onCancelled: (run: WorkflowRunView) => void;
  onEditProject: () => void;
  onDelete: () => void;
}

/** The run's title, figures and actions; a progress bar with cancel while it runs. */
export function RunHeader({ run, display, onCancelled, onEditProject, onDelete }: RunHeaderProps) {
  const [exporting, setExporting] = useState(false);
  const percent = run.total > 0 ? Math.floor((run.done / run.total) * 100) : 0;

  const handleExport = async (format: string) => {
    setExporting(true);
    await downloadRunExport(run.id, format as WorkflowExportFormat);
    setExporting(false);
  };

  const handleCancel = async () => {
    const result = await runCall(cancelRun(run.id), MSG_RUN_CANCEL_FAILED);
    if (!result) return;
    Message.success(MSG_WORKFLOW_RUN_CANCELLED);
    onCancelled(result.data);
  };

  const exportMenu = (
    <Menu onClickMenuItem={(key) => void handleExport(key)}>
      {WORKFLOW_EXPORT_FORMATS.map((format) => (
        <Menu.Item key={format}>{EXPORT_LABELS[format]}</Menu.Item>
      ))}
    </Menu>
  );

  return (
    <header className="run-header">
      <div className="run-header-top">
        <div className="run-header-title">
          <Typography.Title heading={5} className="run-header-name">
            {run.app_title}
          </Typography.Title>
          <RunStatusTag status={run.status} />
        </div>
        <div className="run-header-actions">
          <Dropdown droplist={exportMenu} trigger="click" position="br">
            <Button icon={<IconDownload />} loading={exporting}>
              导出
            </Button>
          </Dropdown>
          <Button icon={<IconEdit />} onClick={onEditProject}>
            编辑项目
          </Button>
          <Button status="danger" icon={<IconDelete />} onClick={onDelete}>
            删除
          </Button>
        </div>
      </div>
      <dl className="run-facts">
        <div>
          <dt>模型</dt>
          <dd className="run-models">
            {run.models.map((model) => (
              <Tag key={model} size="small" color="arcoblue">
                {model}
              </Tag>
            ))}
          </dd>
        </div>
        <div>
          <dt>{SOURCE_LABELS[run.source_kind] ?? '来源'}</dt>
          <dd>{run.source_name || '—'}</dd>
        </div>
        <div>
          <dt>样本数</dt>
          <dd>{run.samples.toLocaleString('zh-CN')}</dd>
        </div>
        <div>
          <dt>完成</dt>
          <dd>{progressText(run.done, run.total, run.failed)}</dd>
        </div>
        <div>
          <dt>消耗额度</dt>
          <dd>
            <QuotaText quota={run.quota} display={display} digits={6} />
            {run.estimated_quota > 0 && (
              <span className="run-estimate">
                （预计 <QuotaText quota={run.estimated_quota} display={display} digits={6} />）
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>创建时间</dt>
          <dd>{formatTime(run.created_at)}</dd>
        </div>
      </dl>
      {run.error && <Typography.Text type="error">{run.error}</Typography.Text>}
      {run.status === 'running' && (
        <div className="run-progress" aria-label="运行进度">
          <Progress percent={percent} formatText={() => progressText(run.done, run.total, run.failed)} />
          <Popconfirm title="确定取消这次运行吗？已完成的回答会保留。" onOk={handleCancel}>
            <Button size="small" status="warning">
              取消运行
            </Button>
          </Popconfirm>
        </div>
      )}
    </header>
  );
}
