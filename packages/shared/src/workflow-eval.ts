/**
 * The evaluation lab (issue 30): the scorers a whole-data run grades its answers with, repeats,
 * re-runs, and the comparison of two runs. The calls are listed in docs/console-api.md "Workflow runs".
 */

/**
 * What a scorer checks. `auto` is the scoring runs had before scorers: the choice letter for a
 * multiple-choice sample, else the same text or the reference found in the answer. `exact`,
 * `contains` and `choice` are its three parts alone; `number` compares the last number of the answer
 * with the reference's; `regex`, `json`, `length`, `cost` and `latency` need no reference;
 * `llm_judge` asks a model.
 */
export const WORKFLOW_SCORER_TYPES = ['auto', 'exact', 'contains', 'choice', 'regex', 'json', 'number', 'length', 'cost', 'latency', 'llm_judge'] as const;
export type WorkflowScorerType = (typeof WORKFLOW_SCORER_TYPES)[number];

export const WORKFLOW_SCORER_LABELS: Record<WorkflowScorerType, string> = {
  auto: '参考答案（自动）',
  exact: '完全一致',
  contains: '包含参考答案',
  choice: '选项一致',
  regex: '正则匹配',
  json: 'JSON 格式',
  number: '数值相近',
  length: '长度范围',
  cost: '费用上限',
  latency: '耗时上限',
  llm_judge: '大模型评审',
};

/** What a judge answers: pass or fail, a number (0–1 or 1–10, normalised to 0–1), or one of a list of categories. */
export const WORKFLOW_JUDGE_OUTPUTS = ['boolean', 'number', 'category'] as const;
export type WorkflowJudgeOutput = (typeof WORKFLOW_JUDGE_OUTPUTS)[number];
export const WORKFLOW_JUDGE_SCALES = ['0-1', '1-10'] as const;
export type WorkflowJudgeScale = (typeof WORKFLOW_JUDGE_SCALES)[number];

/**
 * One scorer of a run. Only the fields of its type are kept (the server drops the rest).
 * - regex: `pattern` (≤ 500 characters), `flags` (of "imsu"); passes when the answer matches.
 * - json: passes when the answer (or its one fenced ```json block) parses; with `schema`, when it also validates (JSON Schema, ajv).
 * - number: passes when |answer − reference| ≤ `abs_tolerance` or ≤ `rel_tolerance` × |reference| (both default 0: equal).
 * - length: `min_chars` / `max_chars`, either or both.
 * - cost: `max_price` per answer, in the display currency's base unit (quota ÷ QuotaPerUnit, like total_price).
 * - latency: `max_ms` per answer (the whole call).
 * - llm_judge: `model`, `rubric` (with {{question}}, {{reference}}, {{answer}}), `output`; number: `scale` and
 *   `threshold` (0–1 after normalising, default 0.5); category: `categories` and `pass_categories`
 *   (default the first); `only_if_passed`: judge only answers that passed every scorer listed before it.
 */
export interface WorkflowScorer {
  /** Unique within the run; 1–40 characters. */
  name: string;
  type: WorkflowScorerType;
  pattern?: string;
  flags?: string;
  schema?: Record<string, unknown>;
  abs_tolerance?: number;
  rel_tolerance?: number;
  min_chars?: number;
  max_chars?: number;
  max_price?: number;
  max_ms?: number;
  model?: string;
  rubric?: string;
  output?: WorkflowJudgeOutput;
  scale?: WorkflowJudgeScale;
  threshold?: number;
  categories?: string[];
  pass_categories?: string[];
  only_if_passed?: boolean;
}

/** A run without scorers grades as runs always have. */
export const WORKFLOW_DEFAULT_SCORERS: WorkflowScorer[] = [{ name: '参考答案', type: 'auto' }];
export const WORKFLOW_SCORERS_MAX = 10;
export const WORKFLOW_SCORER_NAME_MAX = 40;
export const WORKFLOW_REGEX_MAX = 500;
export const WORKFLOW_RUBRIC_MAX = 8000;
/** A JSON Schema of a json scorer, as JSON text, at most this long. */
export const WORKFLOW_SCHEMA_MAX = 20_000;
export const WORKFLOW_CATEGORIES_MAX = 20;
export const WORKFLOW_REPEATS_MAX = 10;

/** The rubric a new judge starts with. */
export const WORKFLOW_JUDGE_RUBRIC_DEFAULT =
  '请判断回答是否正确回答了问题。\n\n问题：{{question}}\n\n参考答案：{{reference}}\n\n回答：{{answer}}';

export const WORKFLOW_SCORE_STATUSES = ['done', 'pending', 'skipped', 'failed'] as const;
export type WorkflowScoreStatus = (typeof WORKFLOW_SCORE_STATUSES)[number];

/** `GET /api/workflow/scorers/:appId` and `POST` (save): the scorers saved with a project. */
export interface WorkflowProjectScorers {
  scorers: WorkflowScorer[];
}

/** One judge's part of an estimate: its calls (every answer, the most it can be asked) and their cost. */
export interface WorkflowEstimateJudge {
  scorer: string;
  model: string;
  calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  quota: number;
  quota_high: number;
}

/** `POST /api/workflow/runs/:id/rerun`. */
export const WORKFLOW_RERUN_SCOPES = ['failed', 'all'] as const;
export type WorkflowRerunScope = (typeof WORKFLOW_RERUN_SCOPES)[number];
export interface WorkflowRerunInput {
  /** Ask again: the failed answers, or all; answers never asked are asked either way. Without it, only the scores are computed again. */
  only?: WorkflowRerunScope;
  /** New scorers for the whole run: every answer is scored again (only judges cost anything). */
  scorers?: WorkflowScorer[];
}
export interface WorkflowRerunStarted {
  /** Answers to be asked (again or for the first time) and answers to be scored again. */
  asked: number;
  rescored: number;
}

/** `GET /api/workflow/runs/compare?base=&other=`: a model's sample fixed, regressed, or the same between two runs (by the first scorer). */
export const WORKFLOW_COMPARE_STATES = ['fixed', 'regressed', 'same'] as const;
export type WorkflowCompareState = (typeof WORKFLOW_COMPARE_STATES)[number];
/** What a summary row compares: a scorer's pass rate or mean, or the model's cost (quota) or mean latency (ms). */
export const WORKFLOW_COMPARE_METRICS = ['pass_rate', 'mean', 'cost', 'latency'] as const;
export type WorkflowCompareMetric = (typeof WORKFLOW_COMPARE_METRICS)[number];

export interface WorkflowCompareRow {
  model_id: string;
  /** The scorer's name ('' for cost and latency). */
  scorer: string;
  metric: WorkflowCompareMetric;
  base: number | null;
  other: number | null;
  delta: number | null;
}

export interface WorkflowCompareSample {
  index: number;
  question: string;
  reference: string;
  /** Per model in both runs: whether it passed the first scorer in each run (null: not scored), and the state. */
  models: Record<string, { base: boolean | null; other: boolean | null; state: WorkflowCompareState }>;
}

export interface WorkflowCompare {
  base: { id: number; app_title: string; source_name: string; created_at: number };
  other: { id: number; app_title: string; source_name: string; created_at: number };
  /** False when the runs do not share a dataset: only the summary compares. */
  same_source: boolean;
  summary: WorkflowCompareRow[];
  counts: Record<string, Record<WorkflowCompareState, number>>;
  list: WorkflowCompareSample[];
  total: number;
  page: number;
  page_size: number;
}

/** The report files of a run or a comparison (`GET /api/workflow/runs/:id/report`, `/runs/compare/report`). */
export const WORKFLOW_REPORT_FORMATS = ['xlsx', 'json', 'html'] as const;
export type WorkflowReportFormat = (typeof WORKFLOW_REPORT_FORMATS)[number];

/** `POST /api/workflow/runs/:id/share`: the link's token, in this answer only. */
export interface RunShareCreated {
  token: string;
  /** The console path of the shared page, `/share/run/<token>`. */
  url: string;
  created_at: number;
}

/** `GET /api/workflow/runs/:id/share` and the revoke call: whether a live link exists (never its token). */
export interface RunShareState {
  shared: boolean;
  created_at: number;
}

/** A revoked, unknown or malformed link all answer this: nothing tells whether a token ever existed. */
export const MSG_SHARE_INVALID = '分享链接无效或已失效';
export const MSG_SHARE_CREATED = '分享链接已生成，请立即复制：它只显示这一次';
export const MSG_SHARE_REVOKED = '已取消分享';

export const MSG_WORKFLOW_RERUN_RUNNING = '运行尚未结束，不能重新运行';
export const MSG_WORKFLOW_RERUN_STREAMED = '只能重新运行整个数据集的运行';
export const MSG_WORKFLOW_RERUN_NOTHING = '请选择重新运行的范围或新的评分方式';
export const MSG_WORKFLOW_RERUN_STARTED = '已开始重新运行';
export const MSG_WORKFLOW_COMPARE_SAME = '请选择两个不同的运行进行对比';
export const MSG_WORKFLOW_SCORERS_SAVED = '评分方式已保存';
