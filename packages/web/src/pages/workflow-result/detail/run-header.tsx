import { useState } from 'react';
import { Button, Dropdown, Menu, Message, Popconfirm, Progress, Typography } from '@arco-design/web-react';
import { IconDelete, IconDownload, IconEdit, IconRefresh, IconShareExternal } from '@arco-design/web-react/icon';
import { MSG_WORKFLOW_RUN_CANCELLED, WORKFLOW_EXPORT_FORMATS, type WorkflowExportFormat, type WorkflowRunView } from '@gw/shared';
import { cancelRun } from '@/api/workflow-runs';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { formatTime, runCall } from '@/pages/workflow/workflow-view';
import { CompareButton } from '../compare/compare-picker';
import { isFinishedWholeRun } from '../compare/run-choice';
import { RunStatusTag } from '../run-status-tag';
import { ReportMenu } from '../share/report-menu';
import { runReportUrl } from '../share/share-api';
import { ShareModal } from '../share/share-modal';
import { EXPORT_LABELS, MSG_RUN_CANCEL_FAILED, progressText } from '../run-view';
import { downloadRunExport } from './export-run';
import { RerunModal } from './rerun-modal';
import { RunBasicFacts } from './run-basic-facts';

interface RunHeaderProps {
  run: WorkflowRunView;
  display: QuotaDisplay;
  onCancelled: (run: WorkflowRunView) => void;
  onEditProject: () => void;
  onDelete: () => void;
  /** A re-run was started: the run is running again. */
  onRerun: () => void;
}

/** The run's title, figures and actions (compare and re-run once a whole-data run has stopped); a progress bar with cancel while it runs. */
export function RunHeader({ run, display, onCancelled, onEditProject, onDelete, onRerun }: RunHeaderProps) {
  const [exporting, setExporting] = useState(false);
  const [rerunning, setRerunning] = useState(false);
  const [sharing, setSharing] = useState(false);
  const finished = isFinishedWholeRun(run);
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
          {finished && (
            <>
              <CompareButton run={run} />
              <Button icon={<IconRefresh />} onClick={() => setRerunning(true)}>
                重新运行
              </Button>
            </>
          )}
          <Dropdown droplist={exportMenu} trigger="click" position="br">
            <Button icon={<IconDownload />} loading={exporting}>
              导出
            </Button>
          </Dropdown>
          <ReportMenu label="导出报告" urlOf={(format) => runReportUrl(run.id, format)} />
          <Button icon={<IconShareExternal />} onClick={() => setSharing(true)}>
            分享
          </Button>
          <Button icon={<IconEdit />} onClick={onEditProject}>
            编辑项目
          </Button>
          <Button status="danger" icon={<IconDelete />} onClick={onDelete}>
            删除
          </Button>
        </div>
      </div>
      <dl className="run-facts">
        <RunBasicFacts run={run} />
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
      {finished && <RerunModal run={run} visible={rerunning} onClose={() => setRerunning(false)} onStarted={onRerun} />}
      <ShareModal runId={run.id} visible={sharing} onClose={() => setSharing(false)} />
    </header>
  );
}
