import { Alert, Descriptions, Progress, Table, Tag, Typography } from '@arco-design/web-react';
import type { ImportRowError, ImportView } from '@gw/shared';
import { IMPORT_MODE_OPTIONS, IMPORT_STATUS_LABELS, importPercent, isImportActive } from './import-view';
import { formatBytes } from './market-view';

const STATUS_COLORS: Record<ImportView['status'], string> = {
  queued: 'gray',
  running: 'arcoblue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};

const ERROR_COLUMNS = [
  { title: '行号', dataIndex: 'row', width: 90 },
  { title: '错误', dataIndex: 'message' },
];

/** An import as the server reports it: status, bytes read, rows done and failed, and the bad rows. */
export function ImportProgress({ job }: { job: ImportView }) {
  const modeLabel = IMPORT_MODE_OPTIONS.find((mode) => mode.value === job.mode)?.label ?? job.mode;
  const status = job.cancel_requested && isImportActive(job) ? '正在取消' : IMPORT_STATUS_LABELS[job.status];
  const percent = importPercent(job);
  return (
    <div className="data-market-import-progress">
      <Descriptions
        column={1}
        size="small"
        data={[
          { label: '文件', value: <span className="data-market-break">{job.file_name}</span> },
          { label: '状态', value: <Tag color={STATUS_COLORS[job.status]}>{status}</Tag> },
          { label: '出错时', value: modeLabel },
          { label: '已读取', value: `${formatBytes(job.bytes_read)} / ${formatBytes(job.bytes_total)}` },
          { label: '已导入行数', value: job.rows_done.toLocaleString('zh-CN') },
          { label: '出错行数', value: job.rows_failed.toLocaleString('zh-CN') },
        ]}
      />
      <Progress percent={percent} status={job.status === 'failed' ? 'error' : job.status === 'done' ? 'success' : 'normal'} aria-label="导入进度" />
      {job.mode === 'rollback' && isImportActive(job) && (
        <Typography.Paragraph type="secondary">整体回滚模式：导入完成后记录才会出现在数据集中。</Typography.Paragraph>
      )}
      {job.message && <Alert type={job.status === 'failed' ? 'error' : 'warning'} content={job.message} />}
      {job.errors.length > 0 && (
        <div className="data-market-import-errors">
          <Typography.Text bold>错误行</Typography.Text>
          {job.rows_failed > job.errors.length && (
            <Typography.Paragraph type="secondary">
              共 {job.rows_failed.toLocaleString('zh-CN')} 行出错，仅列出前 {job.errors.length} 行。
            </Typography.Paragraph>
          )}
          <Table<ImportRowError> rowKey={(error) => `${error.row}-${error.message}`} size="small" columns={ERROR_COLUMNS} data={job.errors} pagination={{ pageSize: 10, size: 'mini', hideOnSinglePage: true }} />
        </div>
      )}
    </div>
  );
}
