import { parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { ImportFileError, type ParsedRow } from './parsed-row';

/** Random access to the file in storage (hyparquet's AsyncBuffer): bytes [start, end). */
export interface AsyncBuffer {
  byteLength: number;
  slice(start: number, end?: number): Promise<ArrayBuffer>;
}

/** A Parquet cell as JSON can hold it. */
function toJsonValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toJsonValue(inner)]));
  }
  return value;
}

/**
 * Parquet (hyparquet), read one row group at a time from ranged reads of the stored file, so memory
 * holds one row group, never the file. `row` = the row number. Binary cells become base64 text,
 * 64-bit integers numbers (text beyond 2^53), dates ISO text.
 */
export async function* parseParquet(file: AsyncBuffer): AsyncGenerator<ParsedRow> {
  let metadata: Awaited<ReturnType<typeof parquetMetadataAsync>>;
  try {
    metadata = await parquetMetadataAsync(file);
  } catch {
    throw new ImportFileError('不是有效的 Parquet 文件');
  }
  let rowStart = 0;
  for (const group of metadata.row_groups) {
    const rowEnd = rowStart + Number(group.num_rows);
    let rows: Record<string, unknown>[];
    try {
      rows = await parquetReadObjects({ file, metadata, rowStart, rowEnd, compressors });
    } catch (error) {
      throw new ImportFileError(`Parquet 文件第 ${rowStart + 1}–${rowEnd} 行无法读取：${error instanceof Error ? error.message : String(error)}`);
    }
    for (let index = 0; index < rows.length; index++) {
      yield { row: rowStart + index + 1, value: toJsonValue(rows[index]) };
    }
    rowStart = rowEnd;
  }
}
