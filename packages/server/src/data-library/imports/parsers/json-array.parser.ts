import { pipeline, type Readable } from 'node:stream';
import Parser from 'stream-json/Parser';
import { streamArray } from 'stream-json/streamers/StreamArray';
import { ImportFileError, type ParsedRow } from './parsed-row';

const SCALAR_TOKENS = new Set(['stringValue', 'numberValue', 'nullValue', 'trueValue', 'falseValue']);

/**
 * stream-json's tokenizer, counting the array's elements as their last token is produced: when it
 * fails, tokens still buffered on their way to StreamArray are lost, so only the tokenizer knows
 * which element the error is in.
 */
class CountingParser extends Parser {
  private depth = 0;
  completed = 0;

  override push(token: unknown, encoding?: BufferEncoding): boolean {
    const name = (token as { name?: string } | null)?.name ?? '';
    if (name === 'startObject' || name === 'startArray') this.depth += 1;
    else if (name === 'endObject' || name === 'endArray') {
      this.depth -= 1;
      if (this.depth === 1) this.completed += 1;
    } else if (this.depth === 1 && SCALAR_TOKENS.has(name)) this.completed += 1;
    return super.push(token, encoding);
  }
}

/**
 * A JSON array of records, streamed element by element (stream-json), `row` = the element number.
 * A syntax error ends the file: there is no way to find the next element of a broken array, so it
 * is an ImportFileError naming the element it is in.
 */
export async function* parseJsonArray(input: Readable): AsyncGenerator<ParsedRow> {
  // Values arrive packed only (not also as chunks): half the tokens, and StreamArray needs no more.
  const tokens = new CountingParser({ streamValues: false });
  const output = pipeline(input, tokens, streamArray(), () => undefined);
  try {
    for await (const { key, value } of output as AsyncIterable<{ key: number; value: unknown }>) {
      yield { row: key + 1, value };
    }
  } catch (error) {
    if (error instanceof Error && /Top-level object should be an array/.test(error.message)) throw new ImportFileError('文件不是 JSON 数组');
    throw new ImportFileError(`JSON 格式错误（第 ${tokens.completed + 1} 条记录），文件无法继续读取`);
  }
}
