import type { ImportView } from '@gw/shared';
import type { DataImportEntity } from '../data-import.entity';

/** An import as the console sees it (the stored file's key stays on the server). */
export function toImportView(entity: DataImportEntity): ImportView {
  return {
    id: entity.id,
    dataset_id: entity.dataset_id,
    file_name: entity.file_name,
    format: entity.format,
    mode: entity.mode,
    status: entity.status,
    cancel_requested: entity.cancel_requested,
    bytes_total: entity.bytes_total,
    bytes_read: entity.bytes_read,
    rows_done: entity.rows_done,
    rows_failed: entity.rows_failed,
    errors: entity.errors,
    message: entity.message,
    created_at: entity.created_at,
    started_at: entity.started_at,
    finished_at: entity.finished_at,
  };
}
