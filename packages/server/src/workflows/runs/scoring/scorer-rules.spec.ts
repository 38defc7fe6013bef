import { WORKFLOW_JUDGE_RUBRIC_DEFAULT, WORKFLOW_SCHEMA_MAX, WORKFLOW_SCORERS_MAX, type WorkflowScorer } from '@gw/shared';
import { describe, expect, it } from 'vitest';
import { readScorers } from './scorer-rules';

const sut = readScorers;
const judge = (extra: Record<string, unknown> = {}) => ({ name: '评审', type: 'llm_judge', model: 'gpt-4o', rubric: WORKFLOW_JUDGE_RUBRIC_DEFAULT, ...extra });
const problemOf = (scorer: Record<string, unknown>, models?: ReadonlySet<string>) => {
  const read = sut([scorer], models);
  return 'problem' in read ? read.problem : '';
};
const scorerOf = (scorer: Record<string, unknown>, models?: ReadonlySet<string>): WorkflowScorer => {
  const read = sut([scorer], models);
  if ('problem' in read) throw new Error(read.problem);
  return read.scorers[0];
};

describe(readScorers.name, () => {
  it('refuses a value that is not a list of 1 to 10 scorers', () => {
    expect(sut({ name: 'a', type: 'auto' })).toEqual({ problem: '评分方式必须是数组' });
    expect(sut([])).toEqual({ problem: '至少需要一个评分方式' });
    const many = Array.from({ length: WORKFLOW_SCORERS_MAX + 1 }, (_, index) => ({ name: `s${index}`, type: 'auto' }));
    expect(sut(many)).toEqual({ problem: `评分方式最多 ${WORKFLOW_SCORERS_MAX} 个` });
    expect(sut(many.slice(1))).toMatchObject({ scorers: expect.any(Array) });
    expect(sut([['auto']])).toEqual({ problem: '第 1 个评分方式必须是对象' });
    expect(sut([null])).toEqual({ problem: '第 1 个评分方式必须是对象' });
  });

  it('trims names and refuses missing, long, control-character and duplicate names', () => {
    expect(sut([{ name: '  参考  ', type: 'auto' }])).toEqual({ scorers: [{ name: '参考', type: 'auto' }] });
    expect(sut([{ name: 'a', type: 'auto' }, { type: 'auto' }])).toEqual({ problem: '第 2 个评分方式：请填写名称' });
    expect(problemOf({ name: '   ', type: 'auto' })).toBe('第 1 个评分方式：请填写名称');
    expect(problemOf({ name: 7, type: 'auto' })).toBe('第 1 个评分方式：请填写名称');
    expect(problemOf({ name: '名'.repeat(41), type: 'auto' })).toBe('第 1 个评分方式：名称最多 40 个字');
    expect(problemOf({ name: '😀'.repeat(40), type: 'auto' })).toBe('');
    expect(problemOf({ name: 'a\u0000b', type: 'auto' })).toBe('第 1 个评分方式：名称不能包含控制字符');
    expect(problemOf({ name: 'a\nb', type: 'auto' })).toBe('第 1 个评分方式：名称不能包含控制字符');
    expect(sut([{ name: 'x', type: 'auto' }, { name: ' x', type: 'exact' }])).toEqual({ problem: '评分「x」：名称重复' });
  });

  it('refuses an unknown type', () => {
    expect(problemOf({ name: 'a', type: 'magic' })).toBe('评分「a」：评分类型无效');
    expect(problemOf({ name: 'a' })).toBe('评分「a」：评分类型无效');
  });

  it('keeps only the fields of the scorer type', () => {
    expect(scorerOf({ name: 'a', type: 'exact', pattern: 'x', max_ms: 3, model: 'm' })).toEqual({ name: 'a', type: 'exact' });
    expect(scorerOf({ name: 'r', type: 'regex', pattern: '^\\d+$', schema: {}, threshold: 1 })).toEqual({ name: 'r', type: 'regex', pattern: '^\\d+$', flags: '' });
  });

  it('reads a regex with its flags and refuses a bad or backtracking-only pattern', () => {
    expect(scorerOf({ name: 'r', type: 'regex', pattern: 'yes', flags: 'is' })).toEqual({ name: 'r', type: 'regex', pattern: 'yes', flags: 'is' });
    expect(problemOf({ name: 'r', type: 'regex' })).toBe('评分「r」：请填写正则表达式');
    expect(problemOf({ name: 'r', type: 'regex', pattern: '' })).toBe('评分「r」：请填写正则表达式');
    expect(problemOf({ name: 'r', type: 'regex', pattern: 5 })).toBe('评分「r」：正则表达式必须是文字');
    expect(problemOf({ name: 'r', type: 'regex', pattern: 'a'.repeat(501) })).toBe('评分「r」：正则表达式最多 500 个字符');
    expect(problemOf({ name: 'r', type: 'regex', pattern: 'a', flags: 'g' })).toBe('评分「r」：正则标志只能是 i、m、s、u，且不能重复');
    expect(problemOf({ name: 'r', type: 'regex', pattern: 'a', flags: 'ii' })).toBe('评分「r」：正则标志只能是 i、m、s、u，且不能重复');
    expect(problemOf({ name: 'r', type: 'regex', pattern: '(' })).toMatch(/^评分「r」：正则表达式无效/);
    // Lookahead and backreferences need backtracking; the linear engine refuses them.
    expect(problemOf({ name: 'r', type: 'regex', pattern: 'a(?=b)' })).toMatch(/^评分「r」：正则表达式无效/);
    expect(problemOf({ name: 'r', type: 'regex', pattern: '(a)\\1' })).toMatch(/^评分「r」：正则表达式无效/);
  });

  it('reads a json scorer with or without a schema and refuses a bad or too big one', () => {
    expect(scorerOf({ name: 'j', type: 'json' })).toEqual({ name: 'j', type: 'json' });
    const schema = { type: 'object', required: ['a'], properties: { a: { type: 'string', pattern: '^[a-z]+$' } } };
    expect(scorerOf({ name: 'j', type: 'json', schema })).toEqual({ name: 'j', type: 'json', schema });
    expect(problemOf({ name: 'j', type: 'json', schema: [] })).toBe('评分「j」：JSON Schema 必须是对象');
    expect(problemOf({ name: 'j', type: 'json', schema: '{}' })).toBe('评分「j」：JSON Schema 必须是对象');
    expect(problemOf({ name: 'j', type: 'json', schema: { type: 'strange' } })).toMatch(/^评分「j」：JSON Schema 无效：.+/);
    expect(problemOf({ name: 'j', type: 'json', schema: { type: 'string', pattern: '(?=x)' } })).toMatch(/^评分「j」：JSON Schema 无效：/);
    expect(problemOf({ name: 'j', type: 'json', schema: { $ref: 'https://example.com/elsewhere.json' } })).toMatch(/^评分「j」：JSON Schema 无效：/);
    const big = { description: 'x'.repeat(WORKFLOW_SCHEMA_MAX) };
    expect(problemOf({ name: 'j', type: 'json', schema: big })).toBe(`评分「j」：JSON Schema 最多 ${WORKFLOW_SCHEMA_MAX} 个字符`);
  });

  it('compiles schemas with the same $id for different runs', () => {
    const schema = { $id: 'https://example.com/answer.json', type: 'object' };
    expect(problemOf({ name: 'j', type: 'json', schema })).toBe('');
    expect(problemOf({ name: 'j', type: 'json', schema: { ...schema, required: ['a'] } })).toBe('');
  });

  it('reads number tolerances with defaults and refuses wrong types', () => {
    expect(scorerOf({ name: 'n', type: 'number' })).toEqual({ name: 'n', type: 'number', abs_tolerance: 0, rel_tolerance: 0 });
    expect(scorerOf({ name: 'n', type: 'number', abs_tolerance: 0.5, rel_tolerance: null })).toEqual({ name: 'n', type: 'number', abs_tolerance: 0.5, rel_tolerance: 0 });
    expect(problemOf({ name: 'n', type: 'number', abs_tolerance: '0.5' })).toBe('评分「n」：绝对误差必须是数字');
    expect(problemOf({ name: 'n', type: 'number', rel_tolerance: Number.NaN })).toBe('评分「n」：相对误差必须是数字');
    expect(problemOf({ name: 'n', type: 'number', rel_tolerance: Infinity })).toBe('评分「n」：相对误差必须是数字');
    expect(problemOf({ name: 'n', type: 'number', abs_tolerance: -1 })).toBe('评分「n」：绝对误差必须不小于 0');
  });

  it('reads a length range and refuses an empty or upside-down one', () => {
    expect(scorerOf({ name: 'l', type: 'length', max_chars: 100 })).toEqual({ name: 'l', type: 'length', max_chars: 100 });
    expect(scorerOf({ name: 'l', type: 'length', min_chars: 0, max_chars: 0 })).toEqual({ name: 'l', type: 'length', min_chars: 0, max_chars: 0 });
    expect(problemOf({ name: 'l', type: 'length' })).toBe('评分「l」：请填写最少或最多字符数');
    expect(problemOf({ name: 'l', type: 'length', min_chars: 1.5 })).toBe('评分「l」：最少字符数必须是整数');
    expect(problemOf({ name: 'l', type: 'length', min_chars: -1 })).toBe('评分「l」：最少字符数必须不小于 0');
    expect(problemOf({ name: 'l', type: 'length', min_chars: 10, max_chars: 5 })).toBe('评分「l」：最少字符数不能大于最多字符数');
  });

  it('requires a positive price for cost and a positive whole number of ms for latency', () => {
    expect(scorerOf({ name: 'c', type: 'cost', max_price: 0.01 })).toEqual({ name: 'c', type: 'cost', max_price: 0.01 });
    expect(problemOf({ name: 'c', type: 'cost' })).toBe('评分「c」：请填写费用上限');
    expect(problemOf({ name: 'c', type: 'cost', max_price: 0 })).toBe('评分「c」：费用上限必须大于 0');
    expect(problemOf({ name: 'c', type: 'cost', max_price: '1' })).toBe('评分「c」：费用上限必须是数字');
    expect(scorerOf({ name: 't', type: 'latency', max_ms: 3000 })).toEqual({ name: 't', type: 'latency', max_ms: 3000 });
    expect(problemOf({ name: 't', type: 'latency', max_ms: 2.5 })).toBe('评分「t」：耗时上限必须是整数');
    expect(problemOf({ name: 't', type: 'latency', max_ms: 0 })).toBe('评分「t」：耗时上限必须大于 0');
  });

  it('reads a boolean judge with defaults', () => {
    expect(scorerOf(judge({ scale: '1-10', categories: ['a', 'b'] }))).toEqual({
      name: '评审',
      type: 'llm_judge',
      model: 'gpt-4o',
      rubric: WORKFLOW_JUDGE_RUBRIC_DEFAULT,
      output: 'boolean',
      only_if_passed: false,
    });
  });

  it('reads a number judge with its scale and threshold', () => {
    expect(scorerOf(judge({ output: 'number' }))).toMatchObject({ output: 'number', scale: '0-1', threshold: 0.5 });
    expect(scorerOf(judge({ output: 'number', scale: '1-10', threshold: 0.7, only_if_passed: true }))).toMatchObject({ scale: '1-10', threshold: 0.7, only_if_passed: true });
    expect(problemOf(judge({ output: 'number', scale: '0-100' }))).toBe('评分「评审」：评分范围无效');
    expect(problemOf(judge({ output: 'number', threshold: 1.5 }))).toBe('评分「评审」：通过阈值不能大于 1');
    expect(problemOf(judge({ output: 'number', threshold: '0.5' }))).toBe('评分「评审」：通过阈值必须是数字');
  });

  it('reads a category judge, passing the first category unless told otherwise', () => {
    expect(scorerOf(judge({ output: 'category', categories: [' 好 ', '中', '差'] }))).toMatchObject({ categories: ['好', '中', '差'], pass_categories: ['好'] });
    expect(scorerOf(judge({ output: 'category', categories: ['好', '中', '差'], pass_categories: ['好', '中'] }))).toMatchObject({ pass_categories: ['好', '中'] });
    expect(problemOf(judge({ output: 'category', categories: ['好'] }))).toBe('评分「评审」：类别需要 2 到 20 个');
    expect(problemOf(judge({ output: 'category', categories: 'good,bad' }))).toBe('评分「评审」：请填写类别列表');
    expect(problemOf(judge({ output: 'category', categories: ['Good', 'good'] }))).toBe('评分「评审」：类别不能重复');
    expect(problemOf(judge({ output: 'category', categories: ['好', ''] }))).toBe('评分「评审」：类别不能为空');
    expect(problemOf(judge({ output: 'category', categories: ['好', '差'], pass_categories: ['优'] }))).toBe('评分「评审」：通过的类别必须在类别列表中');
    expect(problemOf(judge({ output: 'category', categories: ['好', '差'], pass_categories: [] }))).toBe('评分「评审」：请选择算作通过的类别');
  });

  it('refuses a judge without a usable model or without {{answer}} in its rubric', () => {
    const models = new Set(['gpt-4o']);
    expect(problemOf(judge(), models)).toBe('');
    expect(problemOf(judge({ model: 'secret-model' }), models)).toBe('评分「评审」：模型 secret-model 不可用');
    expect(problemOf(judge({ model: '' }))).toBe('评分「评审」：请填写评审模型');
    expect(problemOf(judge({ model: 'm'.repeat(101) }))).toBe('评分「评审」：评审模型名称最多 100 个字符');
    expect(problemOf(judge({ rubric: '请评判：{{question}}' }))).toBe('评分「评审」：评审提示词必须包含 {{answer}}');
    expect(problemOf(judge({ rubric: '回答：{{ answer }}' }))).toBe('');
    expect(problemOf(judge({ rubric: '' }))).toBe('评分「评审」：请填写评审提示词');
    expect(problemOf(judge({ rubric: `{{answer}}${'x'.repeat(8000)}` }))).toBe('评分「评审」：评审提示词最多 8000 个字');
    expect(problemOf(judge({ output: 'verdict' }))).toBe('评分「评审」：评审结果类型无效');
    expect(problemOf(judge({ only_if_passed: 'true' }))).toBe('评分「评审」：“仅评审已通过的回答”必须是布尔值');
  });
});
