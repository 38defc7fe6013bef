import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { JSONL_FIELD_SAMPLE_ROWS, parseUserFile, UserFileParseError, userFileRows } from './user-file-parsers';

/** A stream of `text` in small chunks, so lines and records cross chunk boundaries. */
const stream = (content: string | Buffer, chunk = 7): Readable => {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) parts.push(bytes.subarray(at, at + chunk));
  return Readable.from(parts);
};

async function xlsx(sheets: Array<{ name: string; rows: unknown[][] }>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) worksheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('user file parsers', () => {
  it('txt: one field "text", one row per non-empty line (BOM, CRLF, blank lines)', async () => {
    expect(await parseUserFile('txt', stream('\uFEFFfirst line\r\n\r\nsecond 行\n   \nthird'))).toEqual({ fields: ['text'], row_count: 3 });
    await expect(parseUserFile('txt', stream('\n  \n'))).rejects.toThrow('文件中没有数据行');
  });

  it('csv: the header columns (trimmed, no empty or repeated ones) and the records under it', async () => {
    const csv = '\uFEFFquestion, answer ,,answer\n"a, with comma","multi\nline"\n\n,,,\nq2,a2\n';
    expect(await parseUserFile('csv', stream(csv))).toEqual({ fields: ['question', 'answer'], row_count: 2 });
    await expect(parseUserFile('csv', stream('question,answer\n'))).rejects.toThrow('文件中没有数据行');
    await expect(parseUserFile('csv', stream(',,\n1,2,3\n'))).rejects.toThrow('文件中没有找到文本字段');
    const broken = parseUserFile('csv', stream('q,a\n"open,1\n'));
    await expect(broken).rejects.toBeInstanceOf(UserFileParseError);
    await expect(parseUserFile('csv', stream('q,a\n"open,1\n'))).rejects.toThrow(/^第 \d+ 行：CSV 格式错误$/);
  });

  it('jsonl: keys with string or number values of the first rows, in the order seen; every line counted', async () => {
    const lines = [
      JSON.stringify({ question: 'q1', answer: 'a1', meta: { x: 1 }, tags: ['t'] }),
      '',
      JSON.stringify({ id: 2, question: 'q2', flag: true, note: null }),
      JSON.stringify({ extra: 'e' }),
    ];
    expect(await parseUserFile('jsonl', stream(lines.join('\n')))).toEqual({ fields: ['question', 'answer', 'id', 'extra'], row_count: 3 });
    const many = Array.from({ length: JSONL_FIELD_SAMPLE_ROWS }, (_, index) => JSON.stringify({ q: `q${index}` }));
    many.push(JSON.stringify({ late: 'not sampled' }));
    expect(await parseUserFile('jsonl', stream(many.join('\n'), 4096))).toEqual({ fields: ['q'], row_count: JSONL_FIELD_SAMPLE_ROWS + 1 });
    await expect(parseUserFile('jsonl', stream('{"q":"a"}\n{bad json}\n'))).rejects.toThrow('第 2 行不是合法的 JSON');
    await expect(parseUserFile('jsonl', stream('{"q":"a"}\n[1,2]\n'))).rejects.toThrow('第 2 行不是 JSON 对象');
    await expect(parseUserFile('jsonl', stream('{"q":{"nested":1}}\n'))).rejects.toThrow('文件中没有找到文本字段');
  });

  it('xlsx: the first sheet header row and its non-empty rows, read as a stream; other sheets ignored', async () => {
    const book = await xlsx([
      { name: 'data', rows: [['question', 'answer', 42], ['q1', 'a1', 1], [], ['q2', { formula: '1+1', result: 2 }, null], ['q3', 'a3']] },
      { name: 'other', rows: [['ignored'], ['x']] },
    ]);
    expect(await parseUserFile('xlsx', stream(book, 1024))).toEqual({ fields: ['question', 'answer', '42'], row_count: 3 });
    await expect(parseUserFile('xlsx', stream(await xlsx([{ name: 'only', rows: [['h1', 'h2']] }])))).rejects.toThrow('文件中没有数据行');
    await expect(parseUserFile('xlsx', stream(Buffer.from('PK\u0003\u0004 not really a zip at all')))).rejects.toThrow('不是有效的 xlsx 文件');
  });

  it('reads every data row as field → text, in order, for each type', async () => {
    const collect = async (rows: AsyncIterable<Record<string, string>>) => {
      const all: Array<Record<string, string>> = [];
      for await (const row of rows) all.push(row);
      return all;
    };
    expect(await collect(userFileRows('txt', stream('一\n\n二\n')))).toEqual([{ text: '一' }, { text: '二' }]);
    expect(await collect(userFileRows('csv', stream('q,,q,a\n1,x,dup,2\n,,,\n3,,,"4,5"\n')))).toEqual([{ q: '1', a: '2' }, { q: '3', a: '4,5' }]);
    expect(await collect(userFileRows('jsonl', stream('{"q":"a","n":2,"o":{}}\n\n{"q":"b"}')))).toEqual([{ q: 'a', n: '2' }, { q: 'b' }]);
    const book = await xlsx([{ name: 'data', rows: [['question', 'answer'], ['q1', 'a1'], [], ['q2', { formula: '1+1', result: 2 }]] }]);
    expect(await collect(userFileRows('xlsx', stream(book, 1024)))).toEqual([{ question: 'q1', answer: 'a1' }, { question: 'q2', answer: '2' }]);
  });
});
