import { describe, expect, it } from 'vitest';
import { MSG_MODEL_NAME_REQUIRED, ratioRowsProblem, readRatioRows, sameEntries, writeRatioTexts, type RatioRow } from './ratio-table';

const row = (fields: Partial<RatioRow>): RatioRow => ({ id: 0, model: 'gpt-4o', ModelRatio: '', CompletionRatio: '', ModelPrice: '', ...fields });

describe(readRatioRows.name, () => {
  it('gives one row per model of any option, in the order the models first appear', () => {
    const sut = readRatioRows({ ModelRatio: '{"b":1,"a":0.5}', CompletionRatio: '{"a":4,"c":2}', ModelPrice: '{"d":0.04,"b":0.1}' });
    expect(sut).toEqual([
      { id: 0, model: 'b', ModelRatio: '1', CompletionRatio: '', ModelPrice: '0.1' },
      { id: 1, model: 'a', ModelRatio: '0.5', CompletionRatio: '4', ModelPrice: '' },
      { id: 2, model: 'c', ModelRatio: '', CompletionRatio: '2', ModelPrice: '' },
      { id: 3, model: 'd', ModelRatio: '', CompletionRatio: '', ModelPrice: '0.04' },
    ]);
  });

  it('gives nothing while a text is not a JSON object', () => {
    expect(readRatioRows({ ModelRatio: '{"a":1}', CompletionRatio: 'a: 1', ModelPrice: '{}' })).toBeNull();
    expect(readRatioRows({ ModelRatio: '[1]', CompletionRatio: '{}', ModelPrice: '{}' })).toBeNull();
  });
});

describe(ratioRowsProblem.name, () => {
  it('accepts rows priced by a ratio or a fixed price, with empty cells left out', () => {
    expect(ratioRowsProblem([row({ ModelRatio: '0' }), row({ id: 1, model: 'dall-e-3', ModelPrice: ' 0.04 ' })])).toBeNull();
  });

  it.each([
    [[row({ model: ' ', ModelRatio: '1' })], MSG_MODEL_NAME_REQUIRED],
    [[row({ ModelRatio: '1' }), row({ id: 1, model: ' gpt-4o ', ModelRatio: '2' })], '模型 gpt-4o 重复'],
    [[row({ ModelRatio: '-1' })], '模型 gpt-4o 的模型倍率：请输入不小于 0 的数字'],
    [[row({ ModelRatio: '1', CompletionRatio: 'abc' })], '模型 gpt-4o 的补全倍率：请输入不小于 0 的数字'],
    [[row({ ModelPrice: 'Infinity' })], '模型 gpt-4o 的固定价格（每次）：请输入不小于 0 的数字'],
    [[row({ CompletionRatio: '4' })], '模型 gpt-4o 需要填写模型倍率或固定价格'],
  ])('refuses %j: %s', (rows, message) => {
    expect(ratioRowsProblem(rows)).toBe(message);
  });
});

describe(writeRatioTexts.name, () => {
  it('writes each option with only the models that have a value there, as numbers, names trimmed', () => {
    const sut = writeRatioTexts([row({ model: ' gpt-4o ', ModelRatio: '1.25', CompletionRatio: '4' }), row({ id: 1, model: 'dall-e-3', ModelPrice: '0.04' })]);
    expect(sut).toEqual({
      ModelRatio: JSON.stringify({ 'gpt-4o': 1.25 }, null, 2),
      CompletionRatio: JSON.stringify({ 'gpt-4o': 4 }, null, 2),
      ModelPrice: JSON.stringify({ 'dall-e-3': 0.04 }, null, 2),
    });
  });
});

describe(sameEntries.name, () => {
  it('compares models and values, not order or layout', () => {
    expect(sameEntries('{"a":1,"b":2}', '{\n  "b": 2,\n  "a": 1\n}')).toBe(true);
    expect(sameEntries('{"a":1}', '{"a":1,"b":2}')).toBe(false);
    expect(sameEntries('{"a":1}', '{"a":2}')).toBe(false);
  });
});
