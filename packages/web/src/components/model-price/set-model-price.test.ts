import { describe, expect, it } from 'vitest';
import { modelPriceChanges, readPriceDraft } from './set-model-price';

const RECORDS = [
  { key: 'ModelRatio', value: '{"gpt-4o":1.25}' },
  { key: 'CompletionRatio', value: '{"gpt-4o":4}' },
  { key: 'ModelPrice', value: '{"mj_imagine":0.1}' },
];

describe(modelPriceChanges.name, () => {
  it('adds a ratio and a completion ratio to the stored options, keeping their other models', () => {
    expect(modelPriceChanges(RECORDS, 'new-model', { kind: 'ratio', modelRatio: 0.5, completionRatio: 2 })).toEqual([
      { key: 'ModelRatio', value: '{"gpt-4o":1.25,"new-model":0.5}' },
      { key: 'CompletionRatio', value: '{"gpt-4o":4,"new-model":2}' },
    ]);
  });

  it('adds a fixed price to ModelPrice only', () => {
    expect(modelPriceChanges(RECORDS, 'new-model', { kind: 'fixed', price: 0.02 })).toEqual([{ key: 'ModelPrice', value: '{"mj_imagine":0.1,"new-model":0.02}' }]);
  });

  it('refuses to merge into an option that is not a JSON object', () => {
    const broken = [{ key: 'ModelPrice', value: '[]' }];
    expect(modelPriceChanges(broken, 'new-model', { kind: 'fixed', price: 0.02 })).toBe('模型固定价格不是合法的 JSON 对象，请先在倍率设置中修正');
  });
});

describe(readPriceDraft.name, () => {
  it('reads the ratios, or the fixed price, of the chosen kind only', () => {
    expect(readPriceDraft({ kind: 'ratio', modelRatio: ' 0.5 ', completionRatio: '2', price: 'x' })).toEqual({ input: { kind: 'ratio', modelRatio: 0.5, completionRatio: 2 } });
    expect(readPriceDraft({ kind: 'fixed', modelRatio: '', completionRatio: '', price: '0' })).toEqual({ input: { kind: 'fixed', price: 0 } });
  });

  it('marks each field that is empty, negative or not a number', () => {
    expect(readPriceDraft({ kind: 'ratio', modelRatio: '', completionRatio: '-1', price: '' })).toEqual({
      errors: { modelRatio: '请输入不小于 0 的数字', completionRatio: '请输入不小于 0 的数字' },
    });
  });
});
