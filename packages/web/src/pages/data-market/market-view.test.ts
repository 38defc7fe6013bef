import { describe, expect, it } from 'vitest';
import { formatOfFileName, importPercent } from './import-view';
import { formatBytes, formatCount, inTypeOrder, showsPromo, splitList } from './market-view';

describe(showsPromo.name, () => {
  it.each([
    [0, 1, false],
    [1, 1, true],
    [9, 1, true],
    [10, 1, false],
    [10, 2, true],
    [26, 2, false],
    [26, 3, true],
    [27, 1, false],
    [27, 2, true],
    [27, 3, true],
    [28, 3, false],
    [28, 4, true],
    [100, 2, true],
    [100, 5, false],
    [100, 12, true],
  ])('with %i datasets on page %i: %s', (total, page, shown) => {
    expect(showsPromo(page, total)).toBe(shown);
  });
});

describe('market-view formatting', () => {
  it('counts records, or says 未知', () => {
    expect(formatCount(1234567)).toBe('1,234,567 条');
    expect(formatCount(0)).toBe('0 条');
    expect(formatCount(null)).toBe('未知');
    expect(formatCount(undefined)).toBe('未知');
  });

  it('sizes bytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('splits comma lists and orders types as the filter row does', () => {
    expect(splitList(' 问答, ,代码,')).toEqual(['问答', '代码']);
    expect(inTypeOrder(['代码', '问答', '未知'])).toEqual(['问答', '代码']);
  });
});

describe('import-view', () => {
  it.each([
    ['a.json', 'json'],
    ['a.JSONL', 'jsonl'],
    ['a.ndjson', 'jsonl'],
    ['archive.2024.csv', 'csv'],
    ['a.parquet', 'parquet'],
    ['a.txt', undefined],
    ['README', undefined],
  ])('reads the format of %s as %s', (name, format) => {
    expect(formatOfFileName(name)).toBe(format);
  });

  it('measures progress by bytes read, full when done', () => {
    expect(importPercent({ status: 'running', bytes_read: 1, bytes_total: 3 })).toBe(33);
    expect(importPercent({ status: 'queued', bytes_read: 0, bytes_total: 0 })).toBe(0);
    expect(importPercent({ status: 'done', bytes_read: 0, bytes_total: 0 })).toBe(100);
  });
});
