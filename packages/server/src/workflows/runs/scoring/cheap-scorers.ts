import type { WorkflowScorer } from '@gw/shared';
import { choiceOf, normalise, scoreAnswer } from '../answer-score';
import { compileSchema, parseAnswerJson } from './json-check';
import { compileLinear } from './linear-regex';
import { firstNumber, lastNumber } from './number-text';

/**
 * Applies every scorer that needs no model to one answer. A run scores up to a million answers,
 * so patterns and schemas are compiled once, in compileScorers, and each check is a plain
 * function of the answer's facts. Judges only get their place here: pending, or skipped when a
 * scorer before them failed and they judge passed answers only.
 */
export interface AnswerFacts {
  answer: string;
  reference: string;
  /** The sample is multiple choice (auto then compares choice letters). */
  choice: boolean;
  quota: number;
  useTimeMs: number;
}

export interface ScoreResult {
  status: 'done' | 'pending' | 'skipped';
  kind: string;
  value: number | null;
  label: string | null;
  passed: boolean | null;
  reason: string;
}

export interface CompiledScorers {
  scorers: WorkflowScorer[];
  /** Indexes of the llm_judge scorers. */
  judges: number[];
  /** One result per scorer, in the scorers' order. Not for failed answers: those are never scored. */
  score(facts: AnswerFacts): ScoreResult[];
}

type Check = (facts: AnswerFacts) => ScoreResult;

const done = (kind: string, passed: boolean | null, reason: string): ScoreResult => ({
  status: 'done',
  kind,
  value: passed === null ? null : passed ? 1 : 0,
  label: null,
  passed,
  reason,
});

const NO_REFERENCE = '没有参考答案';
const AUTO_REASONS: Record<string, [string, string]> = {
  choice: ['选项一致', '选项不一致'],
  exact: ['与参考答案一致', '与参考答案不一致'],
  contains: ['包含参考答案', '不包含参考答案'],
};

const verdict = (kind: string, passed: boolean) => done(kind, passed, AUTO_REASONS[kind][passed ? 0 : 1]);

/** Unicode code points, as a user counts characters (an emoji is one). */
function codePoints(text: string): number {
  let count = text.length;
  for (let at = 0; at < text.length; at += 1) {
    const unit = text.charCodeAt(at);
    if (unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length) {
      const next = text.charCodeAt(at + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        at += 1;
      }
    }
  }
  return count;
}

/** Prices print with at most 6 decimals, so that 0.1 + 0.2 does not show as 0.30000000000000004. */
const round = (value: number) => Number(value.toFixed(6));

function referenceCheck(type: 'auto' | 'exact' | 'contains' | 'choice'): Check {
  switch (type) {
    case 'auto':
      return ({ answer, reference, choice }) => {
        const score = scoreAnswer(answer, reference, choice);
        return score ? verdict(score.kind, score.score === 1) : done('contains', null, NO_REFERENCE);
      };
    case 'exact':
      return ({ answer, reference }) => (reference.trim() === '' ? done('exact', null, NO_REFERENCE) : verdict('exact', normalise(answer) === normalise(reference)));
    case 'contains':
      return ({ answer, reference }) => {
        if (reference.trim() === '') return done('contains', null, NO_REFERENCE);
        const expected = normalise(reference);
        return verdict('contains', expected !== '' && normalise(answer).includes(expected));
      };
    case 'choice':
      return ({ answer, reference }) =>
        reference.trim() === '' ? done('choice', null, NO_REFERENCE) : verdict('choice', choiceOf(answer) === reference.trim().toUpperCase().charAt(0));
  }
}

function numberCheck(scorer: WorkflowScorer): Check {
  const absolute = scorer.abs_tolerance ?? 0;
  const relative = scorer.rel_tolerance ?? 0;
  return ({ answer, reference }) => {
    if (reference.trim() === '') return done('number', null, NO_REFERENCE);
    const expected = firstNumber(reference);
    if (expected === null) return done('number', null, '参考答案中没有数字');
    const said = lastNumber(answer);
    if (said === null) return done('number', false, '回答中没有数字');
    const gap = Math.abs(said - expected);
    return done('number', gap <= absolute || gap <= relative * Math.abs(expected), `回答 ${said}，参考答案 ${expected}`);
  };
}

function lengthCheck(scorer: WorkflowScorer): Check {
  const min = scorer.min_chars ?? 0;
  const max = scorer.max_chars ?? Infinity;
  return ({ answer }) => {
    const count = codePoints(answer);
    return done('length', count >= min && count <= max, `${count} 个字符`);
  };
}

function regexCheck(scorer: WorkflowScorer): Check {
  const pattern = compileLinear(scorer.pattern ?? '', scorer.flags ?? '');
  return ({ answer }) => {
    const matched = pattern.test(answer);
    return done('regex', matched, matched ? '匹配' : '不匹配');
  };
}

function jsonCheck(scorer: WorkflowScorer): Check {
  const validate = scorer.schema ? compileSchema(scorer.schema) : null;
  return ({ answer }) => {
    const json = parseAnswerJson(answer);
    if (!json.ok) return done('json', false, json.error);
    if (!validate) return done('json', true, '有效的 JSON');
    const checked = validate(json.data);
    return done('json', checked.valid, checked.valid ? '符合 JSON Schema' : `不符合 JSON Schema：${checked.error}`);
  };
}

function costCheck(scorer: WorkflowScorer, quotaPerUnit: number): Check {
  const max = scorer.max_price ?? 0;
  return ({ quota }) => {
    const price = quotaPerUnit > 0 ? quota / quotaPerUnit : quota;
    return done('cost', price <= max, `费用 ${round(price)}，上限 ${max}`);
  };
}

function latencyCheck(scorer: WorkflowScorer): Check {
  const max = scorer.max_ms ?? 0;
  return ({ useTimeMs }) => done('latency', useTimeMs <= max, `耗时 ${useTimeMs} ms，上限 ${max} ms`);
}

function checkOf(scorer: WorkflowScorer, quotaPerUnit: number): Check | null {
  switch (scorer.type) {
    case 'auto':
    case 'exact':
    case 'contains':
    case 'choice':
      return referenceCheck(scorer.type);
    case 'regex':
      return regexCheck(scorer);
    case 'json':
      return jsonCheck(scorer);
    case 'number':
      return numberCheck(scorer);
    case 'length':
      return lengthCheck(scorer);
    case 'cost':
      return costCheck(scorer, quotaPerUnit);
    case 'latency':
      return latencyCheck(scorer);
    case 'llm_judge':
      return null;
  }
}

const PENDING: ScoreResult = { status: 'pending', kind: 'llm_judge', value: null, label: null, passed: null, reason: '' };
const SKIPPED: ScoreResult = { status: 'skipped', kind: 'llm_judge', value: null, label: null, passed: null, reason: '前置评分未通过，未评审' };

/**
 * Scorers as readScorers returns them; a pattern or schema that does not compile throws here.
 * `quotaPerUnit`: quota per unit of the display currency (cost compares quota ÷ it).
 */
export function compileScorers(scorers: WorkflowScorer[], quotaPerUnit: number): CompiledScorers {
  const checks = scorers.map((scorer) => checkOf(scorer, quotaPerUnit));
  const judges = scorers.flatMap((scorer, index) => (scorer.type === 'llm_judge' ? [index] : []));
  return {
    scorers,
    judges,
    score(facts) {
      const results: ScoreResult[] = [];
      for (const [index, check] of checks.entries()) {
        if (check) {
          results.push(check(facts));
          continue;
        }
        const failedBefore = results.some((result, before) => checks[before] !== null && result.passed === false);
        results.push(scorers[index].only_if_passed && failedBefore ? { ...SKIPPED } : { ...PENDING });
      }
      return results;
    },
  };
}
