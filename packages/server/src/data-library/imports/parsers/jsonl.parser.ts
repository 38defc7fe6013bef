import type { Readable } from 'node:stream';
import { IMPORT_ROW_MAX_BYTES } from '@gw/shared';
import { readLines } from './lines';
import type { ParsedRow } from './parsed-row';

/** JSON Lines: one record per line, `row` = the line number; blank lines are skipped. */
export async function* parseJsonl(input: Readable): AsyncGenerator<ParsedRow> {
  for await (const line of readLines(input, IMPORT_ROW_MAX_BYTES)) {
    if ('tooLong' in line) {
      yield { row: line.line, error: `记录超过 ${IMPORT_ROW_MAX_BYTES / 1024 / 1024} MB` };
      continue;
    }
    if (line.text.trim() === '') continue;
    try {
      yield { row: line.line, value: JSON.parse(line.text) };
    } catch {
      yield { row: line.line, error: 'JSON 格式错误' };
    }
  }
}
