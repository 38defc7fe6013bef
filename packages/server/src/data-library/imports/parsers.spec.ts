import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { IMPORT_ROW_MAX_BYTES } from '@gw/shared';
import { MAX_INPUT_DEPTH, MSG_JSON_TOO_DEEP } from '../../common/input-rules';
import { parseCsv } from './parsers/csv.parser';
import { parseJsonArray } from './parsers/json-array.parser';
import { parseJsonl } from './parsers/jsonl.parser';
import { boundedCompressors, PARQUET_ROW_GROUP_MAX_BYTES, parseParquet } from './parsers/parquet.parser';
import { ImportFileError, type ParsedRow } from './parsers/parsed-row';
import { checkRow, parseDataFormat } from './row-rules';

/** An object `levels` deep: {"a":{"a":…1}}. */
const nestedObject = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);

/** The text as a stream cut into pieces of `size` bytes, so lines and characters straddle chunks. */
const chunked = (text: string, size = 7): Readable => {
  const bytes = Buffer.from(text);
  const pieces: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return Readable.from(pieces);
};

async function collect(rows: AsyncIterable<ParsedRow>): Promise<ParsedRow[]> {
  const out: ParsedRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('parseJsonl', () => {
  it('numbers records by line, skips blank lines, handles CRLF, a BOM and characters split between chunks', async () => {
    const text = '\uFEFF{"q":"你好"}\r\n\n{"q":"世界"}\n   \n[1]\n{bad json}\n"text"\n{"q":"末行"}';
    expect(await collect(parseJsonl(chunked(text)))).toEqual([
      { row: 1, value: { q: '你好' } },
      { row: 3, value: { q: '世界' } },
      { row: 5, value: [1] },
      { row: 6, error: 'JSON 格式错误' },
      { row: 7, value: 'text' },
      { row: 8, value: { q: '末行' } },
    ]);
  });

  it('reports a line longer than the record limit without keeping it, and goes on', async () => {
    const long = `{"q":"${'x'.repeat(IMPORT_ROW_MAX_BYTES)}"}`;
    const rows = await collect(parseJsonl(chunked(`{"a":1}\n${long}\n{"b":2}\n`, 64 * 1024)));
    expect(rows).toEqual([{ row: 1, value: { a: 1 } }, { row: 2, error: '记录超过 1 MB' }, { row: 3, value: { b: 2 } }]);
  });
});

describe('parseJsonArray', () => {
  it('yields each element with its number', async () => {
    expect(await collect(parseJsonArray(chunked('[{"q":"一"}, 2, {"q":"三","o":[1,2]}]')))).toEqual([
      { row: 1, value: { q: '一' } },
      { row: 2, value: 2 },
      { row: 3, value: { q: '三', o: [1, 2] } },
    ]);
  });

  it('fails the file on a syntax error, naming the element being read', async () => {
    const elements = Array.from({ length: 50 }, (_, index) => JSON.stringify({ q: `第${index + 1}题` }));
    const text = `[${elements.join(',')},{"q": oops}]`;
    const rows: ParsedRow[] = [];
    const error = await (async () => {
      for await (const row of parseJsonArray(chunked(text, 256))) rows.push(row);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toBe('JSON 格式错误（第 51 条记录），文件无法继续读取');
    expect(rows.length).toBeLessThanOrEqual(50);
  });

  it('refuses a file that is not an array', async () => {
    await expect(collect(parseJsonArray(chunked('{"q":1}')))).rejects.toThrow('文件不是 JSON 数组');
  });
});

describe('parseCsv', () => {
  it('reads cells as strings, JSON cells for array/object/multimodal fields, strips a BOM', async () => {
    const text = '\uFEFFquestion,options,meta\n"1+1=?","[""1"",""2""]","{""level"":1}"\n"空",,\n';
    expect(await collect(parseCsv(chunked(text), { options: 'array', meta: 'object' }))).toEqual([
      { row: 2, value: { question: '1+1=?', options: ['1', '2'], meta: { level: 1 } } },
      { row: 3, value: { question: '空' } },
    ]);
  });

  it('reports a wrong column count with its line and goes on with the next line', async () => {
    const text = 'q,a\n1,2\n3,4,5\n"多\n行",6\n7\n8,9\n';
    expect(await collect(parseCsv(chunked(text), {}))).toEqual([
      { row: 2, value: { q: '1', a: '2' } },
      { row: 3, error: '列数为 3，应为 2' },
      { row: 5, value: { q: '多\n行', a: '6' } },
      { row: 6, error: '列数为 1，应为 2' },
      { row: 7, value: { q: '8', a: '9' } },
    ]);
  });

  it('reports a cell that is not JSON of its field kind', async () => {
    expect(await collect(parseCsv(chunked('q,options\nx,not json\n'), { options: 'array' }))).toEqual([{ row: 2, error: '字段 options 应为 JSON 数组 文本' }]);
  });
});

describe('parseParquet', () => {
  it('reads row group by row group and turns cells into JSON values', async () => {
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: 'question', data: ['问一', '问二', '问三'], type: 'STRING' },
        { name: 'n', data: [1n, 2n ** 60n, 3n], type: 'INT64' },
        { name: 'at', data: [new Date(0), null, null], type: 'TIMESTAMP' },
      ],
      rowGroupSize: 2,
    });
    const slices: number[][] = [];
    const file = {
      byteLength: buffer.byteLength,
      slice: async (start: number, end?: number) => {
        slices.push([start, end ?? buffer.byteLength]);
        return buffer.slice(start, end);
      },
    };
    expect(await collect(parseParquet(file))).toEqual([
      { row: 1, value: { question: '问一', n: 1, at: '1970-01-01T00:00:00.000Z' } },
      { row: 2, value: { question: '问二', n: '1152921504606846976', at: null } },
      { row: 3, value: { question: '问三', n: 3, at: null } },
    ]);
    // The footer, then each row group on its own: never the whole file at once after the footer.
    expect(slices.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a decompression bomb: a small file whose row group unpacks past the bound, before unpacking it', async () => {
    // 280 rows of 1 MB, gzip-compressed to a few hundred KB: the file is small, what it holds is not.
    const row = 'a'.repeat(1024 * 1024 - 16);
    const buffer = parquetWriteBuffer({
      columnData: [{ name: 'text', data: Array.from({ length: 280 }, () => row), type: 'STRING', encoding: 'PLAIN' }],
      dictionarySize: 0,
      codec: 'GZIP',
      compressors: { GZIP: (input: Uint8Array) => gzipSync(input) },
    });
    expect(buffer.byteLength).toBeLessThan(2 * 1024 * 1024);
    const file = { byteLength: buffer.byteLength, slice: async (start: number, end?: number) => buffer.slice(start, end) };
    await expect(collect(parseParquet(file))).rejects.toThrow(`Parquet 文件第 1–280 行解压后超过 ${PARQUET_ROW_GROUP_MAX_BYTES / 1024 / 1024} MB（每个行组的上限）`);
  });

  it('counts every page a row group unpacks against its bound, whatever the file claims in its footer', () => {
    const budget = { left: 100 };
    const codecs = boundedCompressors(budget);
    const page = gzipSync(Buffer.alloc(60));
    expect(codecs.GZIP!(page, 60)).toHaveLength(60);
    expect(() => codecs.GZIP!(page, 60)).toThrow(ImportFileError);
    // Each codec is bounded, ZSTD included (which would otherwise size its output by the frame's claim).
    expect(() => codecs.ZSTD!(new Uint8Array(8), 1000)).toThrow(ImportFileError);
    expect(() => codecs.SNAPPY!(new Uint8Array(8), 1000)).toThrow(ImportFileError);
  });

  it('reports a row nested deeper than the API allows (a JSON cell) with its number, and reads on', async () => {
    const buffer = parquetWriteBuffer({ columnData: [{ name: 'meta', data: [{ ok: 1 }, nestedObject(MAX_INPUT_DEPTH + 50), { ok: 3 }], type: 'JSON' }] });
    const file = { byteLength: buffer.byteLength, slice: async (start: number, end?: number) => buffer.slice(start, end) };
    expect(await collect(parseParquet(file))).toEqual([
      { row: 1, value: { meta: { ok: 1 } } },
      { row: 2, error: MSG_JSON_TOO_DEEP },
      { row: 3, value: { meta: { ok: 3 } } },
    ]);
  });

  it("names a row group it cannot read in Chinese, leaving the reader's own words to the log", async () => {
    const buffer = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: 'question', data: ['问一', '问二'], type: 'STRING' }] }));
    // The first page's header (right after the 4-byte magic) garbled; the footer still reads.
    buffer.fill(0xff, 4, 12);
    const file = { byteLength: buffer.byteLength, slice: async (start: number, end?: number) => buffer.slice(start, end).buffer };
    const error = await collect(parseParquet(file)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toBe('Parquet 文件第 1–2 行无法读取（文件已损坏，或使用了不支持的编码）');
  });

  it('refuses a file that is not Parquet', async () => {
    const bytes = Buffer.from('{"q":1}\n'.repeat(20));
    const file = { byteLength: bytes.length, slice: async (start: number, end?: number) => new Uint8Array(bytes.subarray(start, end)).buffer };
    await expect(collect(parseParquet(file))).rejects.toThrow('不是有效的 Parquet 文件');
  });
});

describe('checkRow', () => {
  const format = parseDataFormat('{"options":"array","meta":"object","image":"multimodal","question":"string","bad":"nonsense"}');

  it('keeps fields of their kind and stores the record as JSON text with its byte size', () => {
    const row = { question: '几何', options: ['甲'], meta: { a: 1 }, image: { image: 'a.png', text: '图' }, extra: null };
    const body = JSON.stringify(row);
    expect(checkRow(row, format)).toEqual({ body, bytes: Buffer.byteLength(body) });
    expect(checkRow({ question: 3, options: null }, format)).toEqual({ body: '{"question":3,"options":null}', bytes: 29 });
  });

  it('names the field of the wrong kind', () => {
    expect(checkRow({ options: 'a,b' }, format)).toEqual({ error: '字段 options 应为数组' });
    expect(checkRow({ meta: [1] }, format)).toEqual({ error: '字段 meta 应为对象' });
    expect(checkRow({ image: { url: 'x' } }, format)).toEqual({ error: '字段 image 应为含字符串 image 或 text 的对象' });
    expect(checkRow({ question: { a: 1 } }, format)).toEqual({ error: '字段 question 应为字符串' });
    expect(checkRow([1], format)).toEqual({ error: '不是 JSON 对象' });
    expect(checkRow('x', format)).toEqual({ error: '不是 JSON 对象' });
  });

  it('refuses NUL characters but not a backslash followed by u0000', () => {
    expect(checkRow({ question: 'a\u0000b' }, format)).toEqual({ error: '字段 question 含有 NUL 字符（\\u0000），无法保存' });
    expect(checkRow({ question: 'a\\u0000b' }, format)).toMatchObject({ bytes: expect.any(Number) });
  });

  it('refuses a record nested deeper than the API allows, even 100,000 levels, without overflowing the stack', () => {
    expect(checkRow({ question: 'ok', meta: nestedObject(MAX_INPUT_DEPTH - 1) }, format)).toMatchObject({ bytes: expect.any(Number) });
    expect(checkRow({ meta: nestedObject(MAX_INPUT_DEPTH) }, format)).toEqual({ error: MSG_JSON_TOO_DEEP });
    expect(checkRow({ meta: nestedObject(100_000) }, format)).toEqual({ error: 'JSON 嵌套超过 128 层' });
  });

  it('refuses a record over the size limit', () => {
    expect(checkRow({ question: 'x'.repeat(IMPORT_ROW_MAX_BYTES) }, format)).toEqual({ error: '记录超过 1 MB' });
  });
});
