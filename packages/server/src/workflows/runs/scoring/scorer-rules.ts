import {
  WORKFLOW_CATEGORIES_MAX,
  WORKFLOW_JUDGE_OUTPUTS,
  WORKFLOW_JUDGE_SCALES,
  WORKFLOW_REGEX_MAX,
  WORKFLOW_RUBRIC_MAX,
  WORKFLOW_SCHEMA_MAX,
  WORKFLOW_SCORER_NAME_MAX,
  WORKFLOW_SCORER_TYPES,
  WORKFLOW_SCORERS_MAX,
  type WorkflowScorer,
  type WorkflowScorerType,
} from '@gw/shared';
import { compileSchema } from './json-check';
import { compileLinear } from './linear-regex';

/**
 * Reads the scorers a user sends: each keeps only its type's fields, with defaults filled, and a
 * pattern or schema that does not compile is refused here rather than in the middle of a run.
 */

const MODEL_MAX = 100;
const CATEGORY_MAX = 40;
const ANSWER_PLACEHOLDER = /\{\{\s*answer\s*\}\}/;

/** Thrown by the field readers below and turned into `{ problem }` by readScorers. */
class ScorerProblem extends Error {}

type Fields = Record<string, unknown>;

function isPlainObject(value: unknown): value is Fields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const hasControl = (text: string) => /\p{Cc}/u.test(text);
const chars = (text: string) => [...text].length;

/** Absent, undefined and null all mean "not given", as forms send them. */
const given = (fields: Fields, key: string) => fields[key] !== undefined && fields[key] !== null;

function number(fields: Fields, key: string, label: string, rule: { integer?: boolean; positive?: boolean; max?: number }): number | undefined {
  if (!given(fields, key)) return undefined;
  const value = fields[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ScorerProblem(`${label}必须是数字`);
  if (rule.integer && !Number.isSafeInteger(value)) throw new ScorerProblem(`${label}必须是整数`);
  if (rule.positive ? value <= 0 : value < 0) throw new ScorerProblem(`${label}必须${rule.positive ? '大于' : '不小于'} 0`);
  if (rule.max !== undefined && value > rule.max) throw new ScorerProblem(`${label}不能大于 ${rule.max}`);
  return value;
}

function required<T>(value: T | undefined, label: string): T {
  if (value === undefined) throw new ScorerProblem(`请填写${label}`);
  return value;
}

function text(fields: Fields, key: string, label: string): string | undefined {
  if (!given(fields, key)) return undefined;
  if (typeof fields[key] !== 'string') throw new ScorerProblem(`${label}必须是文字`);
  return fields[key] as string;
}

function oneOf<T extends string>(fields: Fields, key: string, label: string, allowed: readonly T[], fallback: T): T {
  const value = text(fields, key, label) ?? fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new ScorerProblem(`${label}无效`);
  return value as T;
}

function readRegex(fields: Fields): Partial<WorkflowScorer> {
  const pattern = required(text(fields, 'pattern', '正则表达式'), '正则表达式');
  if (pattern === '') throw new ScorerProblem('请填写正则表达式');
  if (pattern.length > WORKFLOW_REGEX_MAX) throw new ScorerProblem(`正则表达式最多 ${WORKFLOW_REGEX_MAX} 个字符`);
  const flags = text(fields, 'flags', '正则标志') ?? '';
  if (!/^[imsu]*$/.test(flags) || new Set(flags).size !== flags.length) throw new ScorerProblem('正则标志只能是 i、m、s、u，且不能重复');
  try {
    compileLinear(pattern, flags);
  } catch (error) {
    throw new ScorerProblem(`正则表达式无效：${error instanceof Error ? error.message : String(error)}`);
  }
  return { pattern, flags };
}

function readJson(fields: Fields): Partial<WorkflowScorer> {
  if (!given(fields, 'schema')) return {};
  const schema = fields.schema;
  if (!isPlainObject(schema)) throw new ScorerProblem('JSON Schema 必须是对象');
  if (JSON.stringify(schema).length > WORKFLOW_SCHEMA_MAX) throw new ScorerProblem(`JSON Schema 最多 ${WORKFLOW_SCHEMA_MAX} 个字符`);
  try {
    compileSchema(schema);
  } catch (error) {
    throw new ScorerProblem(`JSON Schema 无效：${error instanceof Error ? error.message : String(error)}`);
  }
  return { schema };
}

function readLength(fields: Fields): Partial<WorkflowScorer> {
  const min = number(fields, 'min_chars', '最少字符数', { integer: true });
  const max = number(fields, 'max_chars', '最多字符数', { integer: true });
  if (min === undefined && max === undefined) throw new ScorerProblem('请填写最少或最多字符数');
  if (min !== undefined && max !== undefined && min > max) throw new ScorerProblem('最少字符数不能大于最多字符数');
  return { ...(min !== undefined && { min_chars: min }), ...(max !== undefined && { max_chars: max }) };
}

function readCategories(fields: Fields): Pick<WorkflowScorer, 'categories' | 'pass_categories'> {
  const categories = fields.categories;
  if (!Array.isArray(categories)) throw new ScorerProblem('请填写类别列表');
  if (categories.length < 2 || categories.length > WORKFLOW_CATEGORIES_MAX) throw new ScorerProblem(`类别需要 2 到 ${WORKFLOW_CATEGORIES_MAX} 个`);
  const names = categories.map((category) => {
    if (typeof category !== 'string' || category.trim() === '') throw new ScorerProblem('类别不能为空');
    const name = category.trim();
    if (chars(name) > CATEGORY_MAX || hasControl(name)) throw new ScorerProblem(`类别最多 ${CATEGORY_MAX} 个字，且不能包含控制字符`);
    return name;
  });
  // Verdicts match categories ignoring case, so two that differ only in case would be ambiguous.
  if (new Set(names.map((name) => name.toLowerCase())).size !== names.length) throw new ScorerProblem('类别不能重复');
  if (!given(fields, 'pass_categories')) return { categories: names, pass_categories: [names[0]] };
  const passing = fields.pass_categories;
  if (!Array.isArray(passing) || passing.length === 0) throw new ScorerProblem('请选择算作通过的类别');
  const chosen = passing.map((category) => (typeof category === 'string' ? category.trim() : category));
  if (!chosen.every((category) => typeof category === 'string' && names.includes(category))) throw new ScorerProblem('通过的类别必须在类别列表中');
  return { categories: names, pass_categories: [...new Set(chosen as string[])] };
}

function readJudge(fields: Fields, usableModels?: ReadonlySet<string>): Partial<WorkflowScorer> {
  const model = required(text(fields, 'model', '评审模型'), '评审模型').trim();
  if (model === '') throw new ScorerProblem('请填写评审模型');
  if (model.length > MODEL_MAX) throw new ScorerProblem(`评审模型名称最多 ${MODEL_MAX} 个字符`);
  if (usableModels && !usableModels.has(model)) throw new ScorerProblem(`模型 ${model} 不可用`);
  const rubric = required(text(fields, 'rubric', '评审提示词'), '评审提示词');
  if (rubric.trim() === '') throw new ScorerProblem('请填写评审提示词');
  if (chars(rubric) > WORKFLOW_RUBRIC_MAX) throw new ScorerProblem(`评审提示词最多 ${WORKFLOW_RUBRIC_MAX} 个字`);
  if (!ANSWER_PLACEHOLDER.test(rubric)) throw new ScorerProblem('评审提示词必须包含 {{answer}}');
  const output = oneOf(fields, 'output', '评审结果类型', WORKFLOW_JUDGE_OUTPUTS, 'boolean');
  if (given(fields, 'only_if_passed') && typeof fields.only_if_passed !== 'boolean') throw new ScorerProblem('“仅评审已通过的回答”必须是布尔值');
  const onlyIfPassed = fields.only_if_passed === true;
  const byOutput =
    output === 'number'
      ? { scale: oneOf(fields, 'scale', '评分范围', WORKFLOW_JUDGE_SCALES, '0-1'), threshold: number(fields, 'threshold', '通过阈值', { max: 1 }) ?? 0.5 }
      : output === 'category'
        ? readCategories(fields)
        : {};
  return { model, rubric, output, ...byOutput, only_if_passed: onlyIfPassed };
}

function readParams(type: WorkflowScorerType, fields: Fields, usableModels?: ReadonlySet<string>): Partial<WorkflowScorer> {
  switch (type) {
    case 'regex':
      return readRegex(fields);
    case 'json':
      return readJson(fields);
    case 'number':
      return {
        abs_tolerance: number(fields, 'abs_tolerance', '绝对误差', {}) ?? 0,
        rel_tolerance: number(fields, 'rel_tolerance', '相对误差', {}) ?? 0,
      };
    case 'length':
      return readLength(fields);
    case 'cost':
      return { max_price: required(number(fields, 'max_price', '费用上限', { positive: true }), '费用上限') };
    case 'latency':
      return { max_ms: required(number(fields, 'max_ms', '耗时上限', { integer: true, positive: true }), '耗时上限') };
    case 'llm_judge':
      return readJudge(fields, usableModels);
    default:
      return {};
  }
}

/** The name of the scorer at `index`, trimmed, or a problem. */
function readName(item: Fields, index: number): string {
  const where = `第 ${index + 1} 个评分方式：`;
  if (typeof item.name !== 'string') throw new ScorerProblem(`${where}请填写名称`);
  const name = item.name.trim();
  if (name === '') throw new ScorerProblem(`${where}请填写名称`);
  if (chars(name) > WORKFLOW_SCORER_NAME_MAX) throw new ScorerProblem(`${where}名称最多 ${WORKFLOW_SCORER_NAME_MAX} 个字`);
  if (hasControl(name)) throw new ScorerProblem(`${where}名称不能包含控制字符`);
  return name;
}

/** `usableModels`: the judge models the user may call; without it, any model is accepted. */
export function readScorers(value: unknown, usableModels?: ReadonlySet<string>): { scorers: WorkflowScorer[] } | { problem: string } {
  if (!Array.isArray(value)) return { problem: '评分方式必须是数组' };
  if (value.length === 0) return { problem: '至少需要一个评分方式' };
  if (value.length > WORKFLOW_SCORERS_MAX) return { problem: `评分方式最多 ${WORKFLOW_SCORERS_MAX} 个` };
  const scorers: WorkflowScorer[] = [];
  try {
    for (const [index, item] of value.entries()) {
      // Any object, not only a plain one: a DTO may hand the items over as class instances.
      if (item === null || typeof item !== 'object' || Array.isArray(item)) throw new ScorerProblem(`第 ${index + 1} 个评分方式必须是对象`);
      const name = readName(item, index);
      if (scorers.some((scorer) => scorer.name === name)) throw new ScorerProblem(`评分「${name}」：名称重复`);
      const type = item.type;
      if (typeof type !== 'string' || !(WORKFLOW_SCORER_TYPES as readonly string[]).includes(type)) throw new ScorerProblem(`评分「${name}」：评分类型无效`);
      try {
        scorers.push({ name, type: type as WorkflowScorerType, ...readParams(type as WorkflowScorerType, item, usableModels) });
      } catch (error) {
        if (error instanceof ScorerProblem) throw new ScorerProblem(`评分「${name}」：${error.message}`);
        throw error;
      }
    }
  } catch (error) {
    return { problem: error instanceof ScorerProblem ? error.message : '评分方式无效' };
  }
  return { scorers };
}
