import type { WorkflowScorer } from '@gw/shared';
import { firstNumber } from './number-text';

/**
 * What an llm_judge scorer sends to its model and how its reply is read. The reply is asked for as
 * one JSON object, but models wrap it in fences, add prose, or answer in words; all of that is
 * read, and only a reply with no usable verdict (or a score outside the scale) is a problem.
 */
export interface JudgeSample {
  question: string;
  reference: string;
  answer: string;
}

export interface JudgeMessage {
  role: 'system' | 'user';
  content: string;
}

export interface Verdict {
  value: number | null;
  label: string | null;
  passed: boolean;
  reason: string;
}

const PLACEHOLDER = /\{\{\s*(question|reference|answer)\s*\}\}/g;
const REASON_MAX = 500;
/** How much of a reply is searched for its JSON object, and from how many "{" at most. */
const SEARCH_MAX = 20_000;
const STARTS_MAX = 50;
export const MSG_JUDGE_UNREADABLE = '无法解析评审结果';

function replyFormat(scorer: WorkflowScorer): string {
  switch (scorer.output) {
    case 'number':
      return `{"reason": "简短理由", "score": 分数}，score 是 ${scorer.scale === '1-10' ? '1 到 10' : '0 到 1'} 之间的数字，越高越好`;
    case 'category':
      return `{"reason": "简短理由", "category": "类别"}，category 必须是以下之一：${(scorer.categories ?? []).map((name) => JSON.stringify(name)).join('、')}`;
    default:
      return '{"reason": "简短理由", "pass": true 或 false}，pass 表示回答是否通过';
  }
}

export function judgeMessages(scorer: WorkflowScorer, sample: JudgeSample): JudgeMessage[] {
  // One pass with a function: text put in (an answer quoting "{{reference}}", a "$&") stays as it is.
  const rubric = (scorer.rubric ?? '').replace(PLACEHOLDER, (_, field: keyof JudgeSample) => sample[field]);
  const system = `你是一名严格、公正的评审。请按照用户消息中的要求评判其中的回答。只回复一个 JSON 对象，不要输出其他内容，格式为：${replyFormat(scorer)}。`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: rubric },
  ];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The index just past the "}" closing the object opened at `start`, skipping braces inside strings; -1 if unclosed. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return at + 1;
  }
  return -1;
}

/** The JSON objects in a reply, in order (fenced or not: the fence is outside the braces). */
function objectsIn(reply: string): Array<Record<string, unknown>> {
  const text = reply.slice(0, SEARCH_MAX);
  const found: Array<Record<string, unknown>> = [];
  let start = text.indexOf('{');
  for (let tries = 0; start >= 0 && tries < STARTS_MAX; tries += 1) {
    const end = objectEnd(text, start);
    if (end < 0) break;
    try {
      const value: unknown = JSON.parse(text.slice(start, end));
      if (isObject(value)) {
        found.push(value);
        start = text.indexOf('{', end);
        continue;
      }
    } catch {
      // Not JSON from this brace; an object may still start inside it.
    }
    start = text.indexOf('{', start + 1);
  }
  return found;
}

const PASS_WORDS = ['pass', 'passed', 'true', 'yes', '是', '通过', '正确'];
const FAIL_WORDS = ['fail', 'failed', 'false', 'no', '否', '不通过', '不正确', '错误'];
/** Longest first, so that "不通过" is not read as "通过" and "passed" not as "pass". */
const VERDICT_WORDS = [...PASS_WORDS.map((word) => ({ word, passed: true })), ...FAIL_WORDS.map((word) => ({ word, passed: false }))].sort(
  (a, b) => b.word.length - a.word.length,
);

const bare = (line: string) => line.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase();

function booleanOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return null;
  const said = VERDICT_WORDS.find(({ word }) => word === bare(value));
  return said ? said.passed : null;
}

/** PASS / 通过 / false … leading the reply, or alone on a line (or after "结论：") later on. */
function booleanInProse(reply: string): boolean | null {
  const lines = reply.split('\n').map(bare).filter((line) => line !== '');
  if (lines.length === 0) return null;
  const leading = VERDICT_WORDS.find(({ word }) => lines[0].startsWith(word) && !/^[a-z]/.test(lines[0].slice(word.length)));
  if (leading) return leading.passed;
  for (const line of lines.reverse()) {
    const last = line.split(/[:：]\s*/).at(-1) ?? '';
    const said = booleanOf(last);
    if (said !== null) return said;
  }
  return null;
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function categoryOf(value: unknown, categories: string[]): string | null {
  if (typeof value !== 'string') return null;
  const said = value.trim().toLowerCase();
  return categories.find((category) => category.toLowerCase() === said) ?? null;
}

/** The category a reply names: the whole reply or a line, else the only one mentioned (a longer mention wins over one inside it). */
function categoryInProse(reply: string, categories: string[]): string | null {
  const lines = [reply, ...reply.split('\n')].map((line) => line.trim().replace(/^[*#>"'`\s]+|[*"'`.。!！\s]+$/g, ''));
  for (const line of lines) {
    const exact = categoryOf(line, categories);
    if (exact) return exact;
  }
  const text = reply.toLowerCase();
  const mentioned = categories.filter((category) => text.includes(category.toLowerCase()));
  const outer = mentioned.filter((category) => !mentioned.some((other) => other !== category && other.toLowerCase().includes(category.toLowerCase())));
  return outer.length === 1 ? outer[0] : null;
}

const cut = (text: string) => [...text.trim()].slice(0, REASON_MAX).join('');

function scored(scorer: WorkflowScorer, score: number, reason: string): Verdict | { problem: string } {
  const tenPoint = scorer.scale === '1-10';
  if (tenPoint ? score < 1 || score > 10 : score < 0 || score > 1) return { problem: `${MSG_JUDGE_UNREADABLE}：分数 ${score} 超出范围` };
  const value = tenPoint ? (score - 1) / 9 : score;
  return { value, label: null, passed: value >= (scorer.threshold ?? 0.5), reason };
}

function categorised(scorer: WorkflowScorer, category: string, reason: string): Verdict {
  const passed = (scorer.pass_categories ?? []).includes(category);
  return { value: passed ? 1 : 0, label: category, passed, reason };
}

/** The verdict in a judge's reply, or `{ problem }` when it holds none. */
export function readVerdict(scorer: WorkflowScorer, reply: string): Verdict | { problem: string } {
  const categories = scorer.categories ?? [];
  const key = scorer.output === 'number' ? 'score' : scorer.output === 'category' ? 'category' : 'pass';
  const objects = objectsIn(reply);
  const json = objects.find((object) => key in object || (key === 'pass' && 'passed' in object));
  if (json) {
    const reason = typeof json.reason === 'string' ? cut(json.reason) : '';
    if (scorer.output === 'number') {
      const score = numberOf(json.score);
      return score === null ? { problem: MSG_JUDGE_UNREADABLE } : scored(scorer, score, reason);
    }
    if (scorer.output === 'category') {
      const category = categoryOf(json.category, categories);
      return category === null ? { problem: MSG_JUDGE_UNREADABLE } : categorised(scorer, category, reason);
    }
    const passed = booleanOf(json.pass ?? json.passed);
    return passed === null ? { problem: MSG_JUDGE_UNREADABLE } : { value: passed ? 1 : 0, label: null, passed, reason };
  }
  // JSON without the verdict's field, or broken JSON ('{"pass": tru'), is not guessed at from its words.
  if (objects.length > 0 || /\{\s*"/.test(reply)) return { problem: MSG_JUDGE_UNREADABLE };
  const reason = cut(reply);
  if (scorer.output === 'number') {
    const score = firstNumber(reply);
    return score === null ? { problem: MSG_JUDGE_UNREADABLE } : scored(scorer, score, reason);
  }
  if (scorer.output === 'category') {
    const category = categoryInProse(reply, categories);
    return category === null ? { problem: MSG_JUDGE_UNREADABLE } : categorised(scorer, category, reason);
  }
  const passed = booleanInProse(reply);
  return passed === null ? { problem: MSG_JUDGE_UNREADABLE } : { value: passed ? 1 : 0, label: null, passed, reason };
}
