import { Logger } from '@nestjs/common';
import { type Compressors, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { compressors, decompressZstd } from 'hyparquet-compressors';
import { MSG_JSON_TOO_DEEP, nestedTooDeep } from '../../../common/input-rules';
import { ImportFileError, type ParsedRow } from './parsed-row';

const logger = new Logger('ParquetImport');

/**
 * What one row group may decompress to, all its pages together. Memory holds one row group at a
 * time; without this bound a small file of highly compressed pages (a decompression bomb) would
 * ask for gigabytes. Writers' row groups are 64–128 MB.
 */
export const PARQUET_ROW_GROUP_MAX_BYTES = 256 * 1024 * 1024;
const MSG_ROW_GROUP_TOO_BIG = `解压后超过 ${PARQUET_ROW_GROUP_MAX_BYTES / 1024 / 1024} MB（每个行组的上限），请用更小的行组重新导出`;

/**
 * The decompressors, each counting what it is asked to produce against the row group's budget
 * before it allocates anything. Every page of a column chunk passes here with the size its header
 * declares; the codecs write into a buffer of that size and no further (ZSTD is given one too:
 * on its own it would size its output by the frame's own claim).
 */
export function boundedCompressors(budget: { left: number }): Compressors {
  const codecs: Compressors = { ...compressors, ZSTD: (input, outputLength) => decompressZstd(input, new Uint8Array(outputLength)) };
  return Object.fromEntries(
    Object.entries(codecs).map(([codec, decompress]) => [
      codec,
      (input: Uint8Array, outputLength: number) => {
        if (outputLength > budget.left) throw new ImportFileError(MSG_ROW_GROUP_TOO_BIG);
        budget.left -= outputLength;
        return decompress(input, outputLength);
      },
    ]),
  );
}

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
 * 64-bit integers numbers (text beyond 2^53), dates ISO text. A row nested deeper than a request
 * body may be (JSON cells are parsed by hyparquet) is reported before toJsonValue walks it.
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
    if (Number(group.total_byte_size) > PARQUET_ROW_GROUP_MAX_BYTES) throw new ImportFileError(`Parquet 文件第 ${rowStart + 1}–${rowEnd} 行${MSG_ROW_GROUP_TOO_BIG}`);
    let rows: Record<string, unknown>[];
    try {
      rows = await parquetReadObjects({ file, metadata, rowStart, rowEnd, compressors: boundedCompressors({ left: PARQUET_ROW_GROUP_MAX_BYTES }) });
    } catch (error) {
      if (error instanceof ImportFileError) throw new ImportFileError(`Parquet 文件第 ${rowStart + 1}–${rowEnd} 行${error.message}`);
      // hyparquet's words are English and about its internals: the operator's log keeps them.
      logger.warn(`Parquet rows ${rowStart + 1}-${rowEnd} unreadable: ${error instanceof Error ? error.message : String(error)}`);
      throw new ImportFileError(`Parquet 文件第 ${rowStart + 1}–${rowEnd} 行无法读取（文件已损坏，或使用了不支持的编码）`);
    }
    for (let index = 0; index < rows.length; index++) {
      const row = rowStart + index + 1;
      yield nestedTooDeep(rows[index]) ? { row, error: MSG_JSON_TOO_DEEP } : { row, value: toJsonValue(rows[index]) };
    }
    rowStart = rowEnd;
  }
}
