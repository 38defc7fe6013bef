import type { WorkflowScorer } from '@gw/shared';
import { describe, expect, it } from 'vitest';
import { compileScorers, type AnswerFacts, type ScoreResult } from './cheap-scorers';
import { parseAnswerJson } from './json-check';

const facts = (extra: Partial<AnswerFacts> = {}): AnswerFacts => ({ answer: '', reference: '', choice: false, quota: 0, useTimeMs: 0, ...extra });
/** The one result of a single scorer for an answer. */
const scoreOne = (scorer: Omit<WorkflowScorer, 'name'>, extra: Partial<AnswerFacts>, quotaPerUnit = 500_000): ScoreResult =>
  compileScorers([{ name: 's', ...scorer }], quotaPerUnit).score(facts(extra))[0];
const passedOf = (scorer: Omit<WorkflowScorer, 'name'>, extra: Partial<AnswerFacts>) => scoreOne(scorer, extra).passed;

describe(compileScorers.name, () => {
  it('scores auto as runs always have, with the kind it applied', () => {
    expect(scoreOne({ type: 'auto' }, { answer: '答案是 B', reference: 'B', choice: true })).toEqual({ status: 'done', kind: 'choice', value: 1, label: null, passed: true, reason: '选项一致' });
    expect(scoreOne({ type: 'auto' }, { answer: 'Paris.', reference: 'paris' })).toMatchObject({ kind: 'exact', value: 1, passed: true });
    expect(scoreOne({ type: 'auto' }, { answer: 'It is Paris', reference: 'paris' })).toMatchObject({ kind: 'contains', value: 1 });
    expect(scoreOne({ type: 'auto' }, { answer: 'London', reference: 'paris' })).toMatchObject({ kind: 'contains', value: 0, passed: false });
    expect(scoreOne({ type: 'auto' }, { answer: 'Paris', reference: '  ' })).toEqual({ status: 'done', kind: 'contains', value: null, label: null, passed: null, reason: '没有参考答案' });
  });

  it('applies exact, contains and choice alone', () => {
    expect(passedOf({ type: 'exact' }, { answer: ' PARIS。', reference: 'paris' })).toBe(true);
    expect(passedOf({ type: 'exact' }, { answer: 'It is Paris', reference: 'paris' })).toBe(false);
    expect(passedOf({ type: 'contains' }, { answer: 'It is Paris', reference: 'paris' })).toBe(true);
    expect(passedOf({ type: 'contains' }, { answer: 'London', reference: 'paris' })).toBe(false);
    // choice reads the letter even when the sample is not marked multiple choice.
    expect(passedOf({ type: 'choice' }, { answer: '(C) 42', reference: 'C' })).toBe(true);
    expect(passedOf({ type: 'choice' }, { answer: '答案是 A', reference: 'C' })).toBe(false);
    for (const type of ['exact', 'contains', 'choice'] as const) expect(scoreOne({ type }, { answer: 'x' })).toMatchObject({ kind: type, value: null, passed: null });
  });

  it('matches a regex with its flags', () => {
    expect(scoreOne({ type: 'regex', pattern: '^答案：\\d+$', flags: 'm' }, { answer: '推理……\n答案：42' })).toMatchObject({ kind: 'regex', value: 1, passed: true, reason: '匹配' });
    expect(scoreOne({ type: 'regex', pattern: '^答案：\\d+$', flags: '' }, { answer: '推理……\n答案：42' })).toMatchObject({ value: 0, passed: false, reason: '不匹配' });
    expect(passedOf({ type: 'regex', pattern: 'yes', flags: 'i' }, { answer: 'YES' })).toBe(true);
    expect(passedOf({ type: 'regex', pattern: 'a.b', flags: 's' }, { answer: 'a\nb' })).toBe(true);
    expect(passedOf({ type: 'regex', pattern: 'a.b', flags: '' }, { answer: 'a\nb' })).toBe(false);
  });

  it('runs a catastrophic-backtracking pattern over a long answer to the end', () => {
    const long = `${'a'.repeat(50_000)}!`;
    expect(passedOf({ type: 'regex', pattern: '(a+)+$', flags: '' }, { answer: long })).toBe(false);
    expect(passedOf({ type: 'regex', pattern: '(a+)+!$', flags: '' }, { answer: long })).toBe(true);
  });

  it('checks that an answer is JSON, fenced or not, and follows its schema', () => {
    expect(scoreOne({ type: 'json' }, { answer: ' {"a": 1} ' })).toMatchObject({ kind: 'json', value: 1, passed: true });
    expect(passedOf({ type: 'json' }, { answer: '结果如下：\n```json\n{"a": 1}\n```\n以上。' })).toBe(true);
    const broken = scoreOne({ type: 'json' }, { answer: '{"a": 1' });
    expect(broken).toMatchObject({ value: 0, passed: false });
    expect(broken.reason).toMatch(/^不是有效的 JSON/);
    const schema = { type: 'object', required: ['age'], properties: { age: { type: 'integer' } } };
    expect(passedOf({ type: 'json', schema }, { answer: '{"age": 3}' })).toBe(true);
    expect(scoreOne({ type: 'json', schema }, { answer: '{"age": "3"}' })).toMatchObject({ passed: false, reason: '不符合 JSON Schema：/age must be integer' });
    expect(scoreOne({ type: 'json', schema }, { answer: '{}' }).reason).toContain("must have required property 'age'");
  });

  it('runs the pattern keywords of a schema with the linear engine', () => {
    const schema = { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } }, patternProperties: { '^x-': { type: 'number' } } };
    expect(passedOf({ type: 'json', schema }, { answer: '{"code": "aaa", "x-n": 1}' })).toBe(true);
    expect(passedOf({ type: 'json', schema }, { answer: JSON.stringify({ code: `${'a'.repeat(50_000)}!` }) })).toBe(false);
    expect(passedOf({ type: 'json', schema }, { answer: '{"code": "aaa", "x-n": "one"}' })).toBe(false);
    // Two patterns in one schema stay apart (ajv tells them apart by their text).
    const two = { type: 'object', properties: { a: { type: 'string', pattern: '^a$' }, b: { type: 'string', pattern: '^b$' } } };
    expect(passedOf({ type: 'json', schema: two }, { answer: '{"a": "a", "b": "b"}' })).toBe(true);
    expect(passedOf({ type: 'json', schema: two }, { answer: '{"a": "a", "b": "a"}' })).toBe(false);
  });

  it('compares the last number of the answer with the first of the reference', () => {
    expect(scoreOne({ type: 'number' }, { answer: '先算 3 + 4，答案是 1,234.5 元', reference: '1234.5' })).toMatchObject({ kind: 'number', value: 1, passed: true, reason: '回答 1234.5，参考答案 1234.5' });
    expect(passedOf({ type: 'number' }, { answer: '结果：-3', reference: '-3' })).toBe(true);
    expect(passedOf({ type: 'number' }, { answer: '３', reference: '3' })).toBe(true);
    expect(passedOf({ type: 'number' }, { answer: '约 3.1', reference: '3' })).toBe(false);
    expect(passedOf({ type: 'number', abs_tolerance: 0.2 }, { answer: '约 3.1', reference: '3' })).toBe(true);
    expect(passedOf({ type: 'number', rel_tolerance: 0.01 }, { answer: '1005', reference: '1000' })).toBe(true);
    expect(passedOf({ type: 'number', rel_tolerance: 0.01 }, { answer: '1011', reference: '1000' })).toBe(false);
    expect(scoreOne({ type: 'number' }, { answer: '不知道', reference: '3' })).toMatchObject({ value: 0, passed: false, reason: '回答中没有数字' });
    expect(scoreOne({ type: 'number' }, { answer: '3', reference: '三' })).toMatchObject({ value: null, passed: null });
    expect(scoreOne({ type: 'number' }, { answer: '3', reference: '' })).toMatchObject({ value: null, passed: null, reason: '没有参考答案' });
  });

  it('counts the length in code points', () => {
    expect(scoreOne({ type: 'length', max_chars: 3 }, { answer: '😀😀😀' })).toMatchObject({ kind: 'length', value: 1, passed: true, reason: '3 个字符' });
    expect(passedOf({ type: 'length', max_chars: 3 }, { answer: 'abcd' })).toBe(false);
    expect(passedOf({ type: 'length', min_chars: 2 }, { answer: '好' })).toBe(false);
    expect(passedOf({ type: 'length', min_chars: 1, max_chars: 5 }, { answer: '你好' })).toBe(true);
  });

  it('prices an answer by quota per unit and times it', () => {
    expect(scoreOne({ type: 'cost', max_price: 0.01 }, { quota: 4000 }, 500_000)).toMatchObject({ kind: 'cost', value: 1, passed: true, reason: '费用 0.008，上限 0.01' });
    expect(passedOf({ type: 'cost', max_price: 0.01 }, { quota: 6000 })).toBe(false);
    expect(scoreOne({ type: 'cost', max_price: 100 }, { quota: 150 }, 0)).toMatchObject({ passed: false, reason: '费用 150，上限 100' });
    expect(scoreOne({ type: 'latency', max_ms: 2000 }, { useTimeMs: 1500 })).toMatchObject({ kind: 'latency', value: 1, passed: true, reason: '耗时 1500 ms，上限 2000 ms' });
    expect(passedOf({ type: 'latency', max_ms: 2000 }, { useTimeMs: 2001 })).toBe(false);
  });

  it('leaves judges pending, or skips them after a failed scorer when they judge passed answers only', () => {
    const judge = { type: 'llm_judge' as const, model: 'm', rubric: '{{answer}}', output: 'boolean' as const };
    const sut = compileScorers(
      [
        { name: '格式', type: 'regex', pattern: '^\\d+$', flags: '' },
        { name: '全部', ...judge, only_if_passed: false },
        { name: '通过的', ...judge, only_if_passed: true },
      ],
      500_000,
    );
    expect(sut.judges).toEqual([1, 2]);
    const pending = { status: 'pending', kind: 'llm_judge', value: null, label: null, passed: null, reason: '' };
    expect(sut.score(facts({ answer: '42' })).slice(1)).toEqual([pending, pending]);
    expect(sut.score(facts({ answer: '四十二' })).slice(1)).toEqual([pending, { ...pending, status: 'skipped', reason: '前置评分未通过，未评审' }]);
    // A scorer with nothing to compare (null) does not stop the judge.
    const withReference = compileScorers([{ name: '参考', type: 'exact' }, { name: '通过的', ...judge, only_if_passed: true }], 1);
    expect(withReference.score(facts({ answer: 'x' }))[1].status).toBe('pending');
    expect(withReference.score(facts({ answer: 'x', reference: 'y' }))[1].status).toBe('skipped');
  });

  // Speed is the benchmark's (bench/workflow); this checks the compiled scorers' verdicts on a realistic answer.
  it('scores a 2 KB answer with a regex and a schema whose pattern runs on the linear engine', () => {
    const sut = compileScorers(
      [
        { name: 'r', type: 'regex', pattern: '"ok":\\s*true', flags: 'i' },
        { name: 'j', type: 'json', schema: { type: 'object', properties: { text: { type: 'string', pattern: '^[a-z ]+$' } } } },
      ],
      1,
    );
    const answer = JSON.stringify({ ok: true, text: 'lorem ipsum '.repeat(170) });
    expect(answer.length).toBeGreaterThan(2000);
    expect(sut.score(facts({ answer })).map((result) => result.passed)).toEqual([true, true]);
    const wrong = JSON.stringify({ ok: false, text: 'Lorem 1' });
    expect(sut.score(facts({ answer: wrong })).map((result) => result.passed)).toEqual([false, false]);
  });
});

describe(parseAnswerJson.name, () => {
  it('reads the whole answer or its only fenced block', () => {
    expect(parseAnswerJson('[1, 2]')).toEqual({ ok: true, data: [1, 2] });
    expect(parseAnswerJson('```\n{"a": true}\n```')).toEqual({ ok: true, data: { a: true } });
    expect(parseAnswerJson('看：\n```JSON\n{"a": 2}\n```')).toEqual({ ok: true, data: { a: 2 } });
    expect(parseAnswerJson('```json\n{"a": 1}\n```\n```json\n{"a": 2}\n```')).toMatchObject({ ok: false });
    expect(parseAnswerJson('```python\nprint(1)\n```')).toMatchObject({ ok: false });
    expect(parseAnswerJson('  ')).toEqual({ ok: false, error: '回答为空' });
  });
});
