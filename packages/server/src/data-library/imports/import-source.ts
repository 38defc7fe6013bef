import { Injectable } from '@nestjs/common';
import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import type { DataFormat, ImportFormat } from '@gw/shared';
import { StorageService } from '../../storage/storage.service';
import { StorageError } from '../../storage/storage.types';
import { parseCsv } from './parsers/csv.parser';
import { parseJsonArray } from './parsers/json-array.parser';
import { parseJsonl } from './parsers/jsonl.parser';
import { type AsyncBuffer, parseParquet } from './parsers/parquet.parser';
import { ImportFileError, type ParsedRow } from './parsers/parsed-row';

/** The records of an uploaded file as they are parsed, how far into the file the parser is, and how to let go of it. */
export interface OpenedSource {
  rows: AsyncIterable<ParsedRow>;
  bytesRead: () => number;
  close: () => void;
}

/** Counts the bytes on their way to the parser: the import's bytes_read. */
class ByteCounter extends Transform {
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/** Opens the stored file of an import with the parser of its format. */
@Injectable()
export class ImportSource {
  constructor(private readonly storage: StorageService) {}

  async open(key: string, format: ImportFormat, dataFormat: DataFormat): Promise<OpenedSource> {
    if (format === 'parquet') return this.openParquet(key);
    const file = await this.storage.read(key);
    const counter = new ByteCounter();
    // An error of the file stream reaches the parser through the counter.
    pipeline(file, counter, () => undefined);
    const parse: Record<Exclude<ImportFormat, 'parquet'>, (input: Readable) => AsyncIterable<ParsedRow>> = {
      jsonl: parseJsonl,
      json: parseJsonArray,
      csv: (input) => parseCsv(input, dataFormat),
    };
    return { rows: parse[format](counter), bytesRead: () => counter.bytes, close: () => counter.destroy() };
  }

  /** Parquet is read from its end (the footer) by ranges: an AsyncBuffer over ranged storage reads. */
  private async openParquet(key: string): Promise<OpenedSource> {
    const found = await this.storage.stat(key);
    if (!found) throw new StorageError('not_found', '导入文件不存在');
    let fetched = 0;
    const file: AsyncBuffer = {
      byteLength: found.size,
      slice: async (start, end = found.size) => {
        const chunks: Buffer[] = [];
        for await (const chunk of await this.storage.read(key, { start, end })) chunks.push(chunk as Buffer);
        const bytes = Buffer.concat(chunks);
        if (bytes.length !== end - start) throw new ImportFileError('Parquet 文件读取不完整');
        fetched += bytes.length;
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      },
    };
    // Footer and row groups may be fetched more than once; progress never passes the file's size.
    return { rows: parseParquet(file), bytesRead: () => Math.min(fetched, found.size), close: () => undefined };
  }
}
