import type { UserFileView } from '@gw/shared';
import type { UserFileEntity } from './user-file.entity';

/** A row as the calls answer it (spec 3 §3 User file: every name the console reads). */
export function userFileView(row: UserFileEntity, appName = ''): UserFileView {
  return {
    id: row.id,
    fields: row.fields,
    row_count: row.row_count,
    app_id: row.app_id,
    app_name: appName,
    created_at: row.created_at,
    filename: row.name,
    name: row.name,
    file_name: row.name,
    file_type: row.file_type,
    file_size: row.file_size,
    url: row.url,
    oss_url: row.url,
    file_url: row.url,
  };
}
