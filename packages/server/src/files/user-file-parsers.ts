import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import {
  MSG_USER_FILE_NO_FIELDS,
  MSG_USER_FILE_NO_ROWS,
  USER_FILE_FIELD_MAX_LENGTH,
  USER_FILE_MAX_FIELDS,
  USER_FILE_TEXT_FIELD,
  type UserFileType,
} from '@gw/shared';
import { CsvError, parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { BusinessError } from '../common/business.error';

/** What the library keeps of a file's contents: its text fields and how many data rows it has. */
export interface ParsedUserFile {
  fields: string[];
  row_count: number;
}

/** A file whose contents cannot be read; the message says where and why, in Chinese. */
export class UserFileParseError extends BusinessError {}

/** JSON lines: the keys are gathered from this many first object rows. */
export const JSONL_FIELD_SAMPLE_ROWS = 100;
/** A CSV record longer than this stops the parse (an unclosed quote would gather the rest of the file). */
const CSV_MAX_RECORD_BYTES = 4 * 1024 * 1024;

/** Header names in order: trimmed, empty and repeated ones left out, at most USER_FILE_MAX_FIELDS. */
function headerFields(cells: readonly string[]): string[] {
  const fields: string[] = [];
  for (const cell of cells) {
    const name = cell.trim();
    if (name === '' || fields.includes(name)) continue;
    if (name.length > USER_FILE_FIELD_MAX_LENGTH) throw new UserFileParseError(`字段名过长（最多 ${USER_FILE_FIELD_MAX_LENGTH} 个字符）`);
    fields.push(name);
    if (fields.length >= USER_FILE_MAX_FIELDS) break;
  }
  return fields;
}

function finish(fields: string[], rowCount: number): ParsedUserFile {
  if (fields.length === 0) throw new UserFileParseError(MSG_USER_FILE_NO_FIELDS);
  if (rowCount === 0) throw new UserFileParseError(MSG_USER_FILE_NO_ROWS);
  return { fields, row_count: rowCount };
}

function lines(input: Readable): AsyncIterable<string> {
  input.setEncoding('utf8');
  return createInterface({ input, crlfDelay: Infinity });
}

/** A data row of a file: field name → its text. */
export type UserFileRow = Record<string, string>;
/** Told the header's fields (csv, xlsx) before the first row. */
type OnHeader = (fields: string[]) => void;

/** The kept columns of a header row: index → field name (see headerFields). */
function headerColumns(cells: readonly string[]): Map<number, string> {
  const fields = headerFields(cells);
  const columns = new Map<number, string>();
  cells.forEach((cell, index) => {
    const name = cell.trim();
    if (fields.includes(name) && ![...columns.values()].includes(name)) columns.set(index, name);
  });
  return columns;
}

function rowOf(columns: Map<number, string>, cells: readonly string[]): UserFileRow {
  const row: UserFileRow = {};
  for (const [index, name] of columns) row[name] = cells[index] ?? '';
  return row;
}

/** Plain text: one field `text`, one row per non-empty line. */
async function* txtRows(input: Readable, onHeader: OnHeader): AsyncGenerator<UserFileRow> {
  onHeader([USER_FILE_TEXT_FIELD]);
  for await (const line of lines(input)) {
    const text = line.replace(/^\uFEFF/, '');
    if (text.trim() !== '') yield { [USER_FILE_TEXT_FIELD]: text };
  }
}

/** CSV: the header line's columns; every later record with a non-empty cell is a row. */
async function* csvRows(input: Readable, onHeader: OnHeader): AsyncGenerator<UserFileRow> {
  const csv = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: CSV_MAX_RECORD_BYTES });
  input.on('error', (error) => csv.destroy(error));
  input.pipe(csv);
  let columns: Map<number, string> | undefined;
  try {
    for await (const record of csv as AsyncIterable<string[]>) {
      if (columns === undefined) {
        columns = headerColumns(record);
        onHeader([...columns.values()]);
      } else if (record.some((cell) => cell.trim() !== '')) yield rowOf(columns, record);
    }
  } catch (error) {
    if (error instanceof CsvError) throw new UserFileParseError(`第 ${Number(error.lines)} 行：CSV 格式错误`);
    throw error;
  } finally {
    input.destroy();
  }
}

/** JSON lines: every non-empty line a JSON object; its string and number values are its fields. */
async function* jsonlRows(input: Readable): AsyncGenerator<UserFileRow> {
  let lineNo = 0;
  for await (const raw of lines(input)) {
    lineNo += 1;
    const line = raw.replace(/^\uFEFF/, '').trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new UserFileParseError(`第 ${lineNo} 行不是合法的 JSON`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UserFileParseError(`第 ${lineNo} 行不是 JSON 对象`);
    const row: UserFileRow = {};
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      if (typeof field === 'string') row[key] = field;
      else if (typeof field === 'number' && Number.isFinite(field)) row[key] = String(field);
    }
    yield row;
  }
}

/** The text of an xlsx cell value: rich text, formulas, hyperlinks and dates included. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const cell = value as { richText?: Array<{ text?: string }>; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text ?? '').join('');
    if (cell.text !== undefined) return cellText(cell.text);
    if (cell.result !== undefined) return cellText(cell.result);
    if (cell.error !== undefined) return '';
  }
  return '';
}

/**
 * xlsx, read as a stream (exceljs WorkbookReader): the first sheet's first row is the header, every
 * later row with a non-empty cell is a row. The other sheets are not read.
 */
async function* xlsxRows(input: Readable, onHeader: OnHeader): AsyncGenerator<UserFileRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  let columns: Map<number, string> | undefined;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = (Array.isArray(row.values) ? row.values : []).slice(1).map(cellText);
        if (columns === undefined) {
          columns = headerColumns(values);
          onHeader([...columns.values()]);
        } else if (values.some((cell) => cell.trim() !== '')) yield rowOf(columns, values);
      }
      break;
    }
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    throw new UserFileParseError('不是有效的 xlsx 文件');
  } finally {
    input.destroy();
  }
}

/** Every data row of a file of the library, read as a stream; `onHeader` hears the header's fields first (not for jsonl). */
export function userFileRows(type: UserFileType, input: Readable, onHeader: OnHeader = () => undefined): AsyncGenerator<UserFileRow> {
  switch (type) {
    case 'txt':
      return txtRows(input, onHeader);
    case 'csv':
      return csvRows(input, onHeader);
    case 'jsonl':
      return jsonlRows(input);
    case 'xlsx':
      return xlsxRows(input, onHeader);
  }
}

/**
 * The fields and rows of a file of the library, read as a stream. A jsonl file's fields are the
 * keys with a string or number value in its first JSONL_FIELD_SAMPLE_ROWS rows, in the order first seen.
 */
export async function parseUserFile(type: UserFileType, input: Readable): Promise<ParsedUserFile> {
  let fields: string[] = [];
  let rows = 0;
  for await (const row of userFileRows(type, input, (header) => (fields = header))) {
    rows += 1;
    if (type !== 'jsonl' || rows > JSONL_FIELD_SAMPLE_ROWS || fields.length >= USER_FILE_MAX_FIELDS) continue;
    for (const name of headerFields(Object.keys(row))) if (!fields.includes(name) && fields.length < USER_FILE_MAX_FIELDS) fields.push(name);
  }
  return finish(fields, rows);
}
