import type { ImportFormat, ImportMode, ImportStatus, ImportView } from '@gw/shared';

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  queued: '排队中',
  running: '导入中',
  done: '已完成',
  failed: '失败',
  cancelled: '已取消',
};

export const IMPORT_FORMAT_OPTIONS: { value: ImportFormat; label: string }[] = [
  { value: 'json', label: 'JSON（数组）' },
  { value: 'jsonl', label: 'JSONL（每行一条）' },
  { value: 'csv', label: 'CSV' },
  { value: 'parquet', label: 'Parquet' },
];

export const IMPORT_MODE_OPTIONS: { value: ImportMode; label: string }[] = [
  { value: 'skip', label: '跳过错误行' },
  { value: 'rollback', label: '出错时整体回滚' },
];

export const IMPORT_ACCEPT = '.json,.jsonl,.ndjson,.csv,.parquet';

const EXTENSION_FORMATS: Record<string, ImportFormat> = { json: 'json', jsonl: 'jsonl', ndjson: 'jsonl', csv: 'csv', parquet: 'parquet' };

/** The format a file's extension says; undefined when it says none the importer reads. */
export function formatOfFileName(name: string): ImportFormat | undefined {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : EXTENSION_FORMATS[name.slice(dot + 1).toLowerCase()];
}

/** Still under way on the server: polled, and cancellable. */
export const isImportActive = (job: Pick<ImportView, 'status'>) => job.status === 'queued' || job.status === 'running';

/** Bytes read of the file, 0–100. */
export const importPercent = (job: Pick<ImportView, 'bytes_read' | 'bytes_total' | 'status'>): number => {
  if (job.status === 'done') return 100;
  if (job.bytes_total <= 0) return 0;
  return Math.min(100, Math.floor((job.bytes_read / job.bytes_total) * 100));
};
