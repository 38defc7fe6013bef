import { IMPORT_FORMATS, type ImportFormat } from '@gw/shared';
import { BusinessError } from '../../common/business.error';
import { ImportFileError } from './parsers/parsed-row';

/** The import's own messages (issue 14); the data market's shared ones are in @gw/shared. */
export const MSG_IMPORT_BAD_FORMAT = `导入格式应为 ${IMPORT_FORMATS.join('、')} 之一`;
export const MSG_IMPORT_BAD_MODE = '出错处理方式应为 skip（跳过错误行）或 rollback（整体回滚）';
export const MSG_IMPORT_FORMAT_UNKNOWN = `无法从文件名判断格式，请指定 ${IMPORT_FORMATS.join('、')} 之一`;
export const MSG_IMPORT_ROLLED_BACK = '已回滚，未导入任何数据';
export const MSG_IMPORT_INTERNAL_ERROR = '导入出错（服务器内部错误，详情见服务器日志）';

/** Where a malformed record is: the line of a text file, the record number of a JSON array or Parquet file. */
export const rowLabel = (format: ImportFormat, row: number): string =>
  format === 'jsonl' || format === 'csv' ? `第 ${row} 行` : `第 ${row} 条记录`;

export const cancelledMessage = (rowsWritten: number): string =>
  rowsWritten > 0 ? `导入已取消，已写入的 ${rowsWritten} 条记录已删除` : '导入已取消';

/**
 * The message of an import that failed on an error: what is wrong with the file, or a reason
 * written for users (a StorageError: the stored file is gone); anything else (a database or Node
 * error) is the server's own, and its words stay in the log, where ImportRunner writes them.
 */
export function failedMessage(error: unknown): string {
  const reason = error instanceof ImportFileError ? error.message : error instanceof BusinessError ? `导入出错：${error.message}` : MSG_IMPORT_INTERNAL_ERROR;
  return `${reason}，${MSG_IMPORT_ROLLED_BACK}`;
}
