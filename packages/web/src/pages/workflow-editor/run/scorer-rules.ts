import {
  WORKFLOW_CATEGORIES_MAX,
  WORKFLOW_JUDGE_RUBRIC_DEFAULT,
  WORKFLOW_REGEX_MAX,
  WORKFLOW_RUBRIC_MAX,
  WORKFLOW_SCHEMA_MAX,
  WORKFLOW_SCORER_LABELS,
  WORKFLOW_SCORER_NAME_MAX,
  type WorkflowScorer,
  type WorkflowScorerType,
} from '@gw/shared';

/**
 * The scorer editor's rules: a new scorer's defaults, the one-line summary of a list row, and the
 * checks the server makes (packages/server …/scoring/scorer-rules.ts) that the form can make first.
 */

/** The fields each type keeps; the rest are dropped before a scorer is sent, as the server drops them. */
const TYPE_FIELDS: Record<WorkflowScorerType, (keyof WorkflowScorer)[]> = {
  auto: [],
  exact: [],
  contains: [],
  choice: [],
  regex: ['pattern', 'flags'],
  json: ['schema'],
  number: ['abs_tolerance', 'rel_tolerance'],
  length: ['min_chars', 'max_chars'],
  cost: ['max_price'],
  latency: ['max_ms'],
  llm_judge: ['model', 'rubric', 'output', 'scale', 'threshold', 'categories', 'pass_categories', 'only_if_passed'],
};

const chars = (text: string) => [...text].length;
const hasControl = (text: string) => /\p{Cc}/u.test(text);

/** The parameters a scorer of `type` starts with; a judge starts with the first model the user may use. */
export function scorerDefaults(type: WorkflowScorerType, models: string[]): Partial<WorkflowScorer> {
  switch (type) {
    case 'regex':
      return { pattern: '', flags: '' };
    case 'number':
      return { abs_tolerance: 0, rel_tolerance: 0 };
    case 'latency':
      return { max_ms: 30_000 };
    case 'llm_judge':
      return { model: models[0] ?? '', rubric: WORKFLOW_JUDGE_RUBRIC_DEFAULT, output: 'boolean', only_if_passed: false };
    default:
      return {};
  }
}

/** The type's label, numbered when the list already has a scorer of that name. */
export function freeName(type: WorkflowScorerType, taken: string[]): string {
  const label = WORKFLOW_SCORER_LABELS[type];
  if (!taken.includes(label)) return label;
  let number = 2;
  while (taken.includes(`${label} ${number}`)) number++;
  return `${label} ${number}`;
}

/** The scorer with only its type's fields, its name trimmed, and the judge's output fields only for its output. */
export function cleanScorer(scorer: WorkflowScorer): WorkflowScorer {
  const clean: WorkflowScorer = { name: scorer.name.trim(), type: scorer.type };
  for (const key of TYPE_FIELDS[scorer.type]) {
    if (scorer[key] !== undefined && scorer[key] !== null) (clean as unknown as Record<string, unknown>)[key] = scorer[key];
  }
  if (scorer.type === 'llm_judge') {
    if (clean.output !== 'number') {
      delete clean.scale;
      delete clean.threshold;
    }
    if (clean.output !== 'category') {
      delete clean.categories;
      delete clean.pass_categories;
    }
  }
  return clean;
}

const JUDGE_OUTPUT_TEXT = { boolean: '通过/不通过', number: '分数', category: '分类' } as const;

/** What a list row says about a scorer's parameters, in one line. */
export function scorerSummary(scorer: WorkflowScorer): string {
  switch (scorer.type) {
    case 'auto':
      return '选择题比较选项，其余比较文字或查找参考答案';
    case 'exact':
    case 'contains':
    case 'choice':
      return '与参考答案比较';
    case 'regex':
      return `/${scorer.pattern ?? ''}/${scorer.flags ?? ''}`;
    case 'json':
      return scorer.schema ? '可解析并符合 JSON Schema' : '可解析为 JSON';
    case 'number':
      return `绝对误差 ≤ ${scorer.abs_tolerance ?? 0}，相对误差 ≤ ${scorer.rel_tolerance ?? 0}`;
    case 'length':
      if (scorer.min_chars !== undefined && scorer.max_chars !== undefined) return `${scorer.min_chars}–${scorer.max_chars} 个字符`;
      return scorer.min_chars !== undefined ? `至少 ${scorer.min_chars} 个字符` : `至多 ${scorer.max_chars ?? 0} 个字符`;
    case 'cost':
      return `每次回答 ≤ $${scorer.max_price ?? 0}`;
    case 'latency':
      return `耗时 ≤ ${scorer.max_ms ?? 0} 毫秒`;
    case 'llm_judge': {
      const output = scorer.output ?? 'boolean';
      const detail =
        output === 'number'
          ? `分数 ${scorer.scale === '1-10' ? '1–10' : '0–1'}，阈值 ${scorer.threshold ?? 0.5}`
          : output === 'category'
            ? `分类 ${(scorer.categories ?? []).join('/')}，通过 ${(scorer.pass_categories ?? []).join('/')}`
            : JUDGE_OUTPUT_TEXT.boolean;
      return [scorer.model || '未选择模型', detail, scorer.only_if_passed ? '仅评审已通过的回答' : ''].filter(Boolean).join(' · ');
    }
  }
}

/** Why a name cannot be used (empty, too long, or another scorer's), or undefined. */
export function nameProblem(name: string, otherNames: string[]): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return '请填写名称';
  if (chars(trimmed) > WORKFLOW_SCORER_NAME_MAX) return `名称最多 ${WORKFLOW_SCORER_NAME_MAX} 个字`;
  if (hasControl(trimmed)) return '名称不能包含控制字符';
  if (otherNames.includes(trimmed)) return `名称「${trimmed}」已被其他评分使用`;
  return undefined;
}

/** The text of a json scorer's schema as the form shows it. */
export const schemaText = (schema: WorkflowScorer['schema']) => (schema ? JSON.stringify(schema, null, 2) : '');

/** A schema typed in the form: nothing, an object, or why it is not one. */
export function parseSchema(text: string): { schema?: Record<string, unknown> } | { problem: string } {
  if (text.trim() === '') return {};
  if (text.length > WORKFLOW_SCHEMA_MAX) return { problem: `JSON Schema 最多 ${WORKFLOW_SCHEMA_MAX} 个字符` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `JSON Schema 不是有效的 JSON：${error instanceof Error ? error.message : String(error)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: 'JSON Schema 必须是一个对象（{ … }）' };
  return { schema: value as Record<string, unknown> };
}

function regexProblem(scorer: WorkflowScorer): string | undefined {
  const pattern = scorer.pattern ?? '';
  if (pattern === '') return '请填写正则表达式';
  if (pattern.length > WORKFLOW_REGEX_MAX) return `正则表达式最多 ${WORKFLOW_REGEX_MAX} 个字符`;
  try {
    new RegExp(pattern, scorer.flags ?? '');
  } catch (error) {
    return `正则表达式无效：${error instanceof Error ? error.message : String(error)}`;
  }
  return undefined;
}

function judgeProblem(scorer: WorkflowScorer): string | undefined {
  if (!scorer.model) return '请选择评审模型';
  const rubric = scorer.rubric ?? '';
  if (rubric.trim() === '') return '请填写评审提示词';
  if (chars(rubric) > WORKFLOW_RUBRIC_MAX) return `评审提示词最多 ${WORKFLOW_RUBRIC_MAX} 个字`;
  if (!/\{\{\s*answer\s*\}\}/.test(rubric)) return '评审提示词必须包含 {{answer}}';
  if (scorer.output === 'category') {
    const categories = (scorer.categories ?? []).map((category) => category.trim());
    if (categories.length < 2 || categories.length > WORKFLOW_CATEGORIES_MAX) return `分类需要 2 到 ${WORKFLOW_CATEGORIES_MAX} 个`;
    if (new Set(categories.map((category) => category.toLowerCase())).size !== categories.length) return '分类不能重复（不区分大小写）';
    if ((scorer.pass_categories ?? []).length === 0) return '请选择通过的分类';
  }
  return undefined;
}

/** Why a scorer's parameters would be refused, or undefined. */
export function paramsProblem(scorer: WorkflowScorer): string | undefined {
  switch (scorer.type) {
    case 'regex':
      return regexProblem(scorer);
    case 'length':
      if (scorer.min_chars === undefined && scorer.max_chars === undefined) return '请填写最少或最多字符数';
      if (scorer.min_chars !== undefined && scorer.max_chars !== undefined && scorer.min_chars > scorer.max_chars) return '最少字符数不能大于最多字符数';
      return undefined;
    case 'cost':
      return scorer.max_price === undefined || scorer.max_price <= 0 ? '请填写大于 0 的费用上限' : undefined;
    case 'latency':
      return scorer.max_ms === undefined || scorer.max_ms <= 0 ? '请填写大于 0 的耗时上限' : undefined;
    case 'llm_judge':
      return judgeProblem(scorer);
    default:
      return undefined;
  }
}
