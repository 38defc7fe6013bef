import { describe, expect, it } from 'vitest';
import { parseRowPriority, parseRowWeight, parseTagPriority, parseTagWeight } from './number-rules';

describe('parseRowPriority', () => {
  it('parses integers and ignores an empty input', () => {
    expect(parseRowPriority('12')).toEqual({ kind: 'value', value: 12 });
    expect(parseRowPriority('-3')).toEqual({ kind: 'value', value: -3 });
    expect(parseRowPriority('4.8')).toEqual({ kind: 'value', value: 4 });
    expect(parseRowPriority('')).toEqual({ kind: 'ignore' });
  });

  it('keeps the priority at -999 or more', () => {
    expect(parseRowPriority('-5000')).toEqual({ kind: 'value', value: -999 });
  });
});

describe('parseRowWeight', () => {
  it('turns a negative weight into 0 and ignores an empty input', () => {
    expect(parseRowWeight('-4')).toEqual({ kind: 'value', value: 0 });
    expect(parseRowWeight('7')).toEqual({ kind: 'value', value: 7 });
    expect(parseRowWeight(' ')).toEqual({ kind: 'ignore' });
  });
});

describe('parseTagPriority', () => {
  it('requires an integer', () => {
    expect(parseTagPriority('-2')).toEqual({ kind: 'value', value: -2 });
    expect(parseTagPriority('1.5')).toEqual({ kind: 'error', message: '优先级必须是整数' });
    expect(parseTagPriority('')).toEqual({ kind: 'ignore' });
  });
});

describe('parseTagWeight', () => {
  it('requires a non-negative integer', () => {
    expect(parseTagWeight('0')).toEqual({ kind: 'value', value: 0 });
    expect(parseTagWeight('-1')).toEqual({ kind: 'error', message: 'weight must be a non-negative integer' });
    expect(parseTagWeight('2.5')).toEqual({ kind: 'error', message: 'weight must be a non-negative integer' });
    expect(parseTagWeight('')).toEqual({ kind: 'ignore' });
  });
});
