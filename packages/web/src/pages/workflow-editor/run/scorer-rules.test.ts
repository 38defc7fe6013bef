import { describe, expect, it } from 'vitest';
import { cleanScorer, freeName, nameProblem, parseSchema, scorerSummary } from './scorer-rules';

describe('scorer rules', () => {
  it('keeps only the fields of the scorer’s type, and of the judge’s output', () => {
    expect(cleanScorer({ name: ' 长度 ', type: 'length', min_chars: 1, pattern: 'x', max_ms: 9 })).toEqual({ name: '长度', type: 'length', min_chars: 1 });
    expect(cleanScorer({ name: '评审', type: 'llm_judge', model: 'm', rubric: '{{answer}}', output: 'boolean', scale: '1-10', threshold: 0.5, categories: ['a', 'b'] })).toEqual({
      name: '评审',
      type: 'llm_judge',
      model: 'm',
      rubric: '{{answer}}',
      output: 'boolean',
    });
  });

  it('names a new scorer after its type, numbered when taken', () => {
    expect(freeName('regex', [])).toBe('正则匹配');
    expect(freeName('regex', ['正则匹配', '正则匹配 2'])).toBe('正则匹配 3');
  });

  it('refuses names as the server does: empty, over 40 characters, or taken', () => {
    expect(nameProblem('  ', [])).toBe('请填写名称');
    expect(nameProblem('字'.repeat(41), [])).toBe('名称最多 40 个字');
    expect(nameProblem('字'.repeat(40), [])).toBeUndefined();
    expect(nameProblem(' 格式 ', ['格式'])).toBe('名称「格式」已被其他评分使用');
  });

  it('reads a schema: nothing, an object, or a clear reason', () => {
    expect(parseSchema('  ')).toEqual({});
    expect(parseSchema('{"type":"object"}')).toEqual({ schema: { type: 'object' } });
    expect(parseSchema('[1]')).toEqual({ problem: 'JSON Schema 必须是一个对象（{ … }）' });
    expect((parseSchema('{') as { problem: string }).problem).toMatch(/^JSON Schema 不是有效的 JSON：/);
  });

  it('sums a scorer up in one line', () => {
    expect(scorerSummary({ name: 'a', type: 'cost', max_price: 0.01 })).toBe('每次回答 ≤ $0.01');
    expect(scorerSummary({ name: 'a', type: 'latency', max_ms: 5000 })).toBe('耗时 ≤ 5000 毫秒');
    expect(scorerSummary({ name: 'a', type: 'llm_judge', model: 'm', output: 'category', categories: ['对', '错'], pass_categories: ['对'] })).toBe('m · 分类 对/错，通过 对');
  });
});
