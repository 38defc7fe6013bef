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

/** Plain text: one field `text`, one row per non-empty line. */
export async function parseTxt(input: Readable): Promise<ParsedUserFile> {
  let rows = 0;
  for await (const line of lines(input)) if (line.replace(/^\uFEFF/, '').trim() !== '') rows += 1;
  return finish([USER_FILE_TEXT_FIELD], rows);
}

/** CSV: the header line's columns; every later record with a non-empty cell is a row. */
export async function parseCsv(input: Readable): Promise<ParsedUserFile> {
  const csv = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: CSV_MAX_RECORD_BYTES });
  input.on('error', (error) => csv.destroy(error));
  input.pipe(csv);
  let fields: string[] | undefined;
  let rows = 0;
  try {
    for await (const record of csv as AsyncIterable<string[]>) {
      if (fields === undefined) fields = headerFields(record);
      else if (record.some((cell) => cell.trim() !== '')) rows += 1;
    }
  } catch (error) {
    if (error instanceof CsvError) throw new UserFileParseError(`第 ${Number(error.lines)} 行：CSV 格式错误`);
    throw error;
  }
  return finish(fields ?? [], rows);
}

/**
 * JSON lines: every non-empty line a JSON object; the fields are the keys with a string or number
 * value in the first JSONL_FIELD_SAMPLE_ROWS rows, in the order first seen.
 */
export async function parseJsonl(input: Readable): Promise<ParsedUserFile> {
  const fields: string[] = [];
  let rows = 0;
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
    rows += 1;
    if (rows > JSONL_FIELD_SAMPLE_ROWS || fields.length >= USER_FILE_MAX_FIELDS) continue;
    const text = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => typeof field === 'string' || (typeof field === 'number' && Number.isFinite(field)))
      .map(([key]) => key);
    for (const name of headerFields(text)) if (!fields.includes(name) && fields.length < USER_FILE_MAX_FIELDS) fields.push(name);
  }
  return finish(fields, rows);
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
export async function parseXlsx(input: Readable): Promise<ParsedUserFile> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  let fields: string[] | undefined;
  let rows = 0;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = (Array.isArray(row.values) ? row.values : []).slice(1).map(cellText);
        if (fields === undefined) fields = headerFields(values);
        else if (values.some((cell) => cell.trim() !== '')) rows += 1;
      }
      break;
    }
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    throw new UserFileParseError('不是有效的 xlsx 文件');
  } finally {
    input.destroy();
  }
  return finish(fields ?? [], rows);
}

const PARSERS: Record<UserFileType, (input: Readable) => Promise<ParsedUserFile>> = { txt: parseTxt, csv: parseCsv, jsonl: parseJsonl, xlsx: parseXlsx };

/** The fields and rows of a file of the library, read as a stream. */
export function parseUserFile(type: UserFileType, input: Readable): Promise<ParsedUserFile> {
  return PARSERS[type](input);
}
