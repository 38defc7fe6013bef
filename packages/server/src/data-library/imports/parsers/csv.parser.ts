import type { Readable } from 'node:stream';
import { type DataFormat, IMPORT_ROW_MAX_BYTES } from '@gw/shared';
import { CsvError, parse } from 'csv-parse';
import { ImportFileError, type ParsedRow } from './parsed-row';

/** What the csv-parse stream yields: a record with where it ended, or (pushed by on_skip, in order) a skipped one. */
type CsvItem = { record: Record<string, string>; info: { lines: number } } | { skipped: CsvError };

const JSON_KINDS = { array: 'JSON 数组', object: 'JSON 对象', multimodal: 'JSON 对象' } as const;

function csvErrorMessage(error: CsvError): string {
  if (error.code === 'CSV_RECORD_INCONSISTENT_COLUMNS') {
    const match = /columns length is (\d+), got (\d+)/.exec(error.message);
    return match ? `列数为 ${match[2]}，应为 ${match[1]}` : '列数与表头不一致';
  }
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return '引号未闭合';
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE') return '引号后应为分隔符';
  if (error.code === 'CSV_MAX_RECORD_SIZE') return `记录超过 ${IMPORT_ROW_MAX_BYTES / 1024 / 1024} MB`;
  return 'CSV 格式错误';
}

/**
 * CSV with a header line (csv-parse), `row` = the file line the record ends on. Cells are strings;
 * a field whose data_format kind is array, object or multimodal holds that value as JSON text (an
 * empty cell leaves the field out). A record with the wrong number of cells is reported and
 * parsing goes on with the next line.
 */
export async function* parseCsv(input: Readable, format: DataFormat): AsyncGenerator<ParsedRow> {
  const csv = parse({
    columns: true,
    info: true,
    bom: true,
    relax_column_count: false,
    skip_records_with_error: true,
    // An unclosed quote would otherwise gather the rest of the file into one cell.
    max_record_size: IMPORT_ROW_MAX_BYTES,
    // Called while csv-parse pushes the records around it, so pushing here keeps file order.
    on_skip: (error) => {
      if (error) csv.push({ skipped: error } satisfies CsvItem);
    },
  });
  input.on('error', (error) => csv.destroy(error));
  input.pipe(csv);
  try {
    for await (const item of csv as AsyncIterable<CsvItem>) {
      if ('skipped' in item) {
        yield { row: Number(item.skipped.lines), error: csvErrorMessage(item.skipped) };
        continue;
      }
      yield toRecord(item.record, item.info.lines, format);
    }
  } catch (error) {
    // What skip_records_with_error does not cover (a header csv-parse refuses) ends the file.
    if (error instanceof CsvError) throw new ImportFileError(`第 ${Number(error.lines)} 行：${csvErrorMessage(error)}，文件无法继续读取`);
    throw error;
  }
}

function toRecord(cells: Record<string, string>, row: number, format: DataFormat): ParsedRow {
  const value: Record<string, unknown> = { ...cells };
  for (const [field, cell] of Object.entries(cells)) {
    const kind = format[field];
    if (kind === undefined || kind === 'string') continue;
    if (cell.trim() === '') {
      delete value[field];
      continue;
    }
    try {
      value[field] = JSON.parse(cell);
    } catch {
      return { row, error: `字段 ${field} 应为 ${JSON_KINDS[kind]} 文本` };
    }
  }
  return { row, value };
}
