/**
 * Workflows (spec 3 §2.5–2.6, §3 Project / Workflow / Workflow node, §4, §8, §9): the projects, the
 * graph the editor draws and the server validates, the node defaults, and the messages both show.
 * The calls are listed in docs/console-api.md "Workflows".
 */

import type { WorkflowEstimateJudge, WorkflowScorer, WorkflowScoreStatus } from './workflow-eval';

/** The node types of the canvas; the editor's node registry and the server's graph rules agree on these. */
export const WORKFLOW_NODE_TYPES = ['start', 'input', 'llm', 'prompt', 'answer'] as const;
export type WorkflowNodeType = (typeof WORKFLOW_NODE_TYPES)[number];

/** Every edge of the canvas is drawn by the custom edge. */
export const WORKFLOW_EDGE_TYPE = 'custom';

/** Node sizes on the canvas (spec 3 §3): 244 × 90, llm 98 high, answer 103 high. */
export const WORKFLOW_NODE_WIDTH = 244;
export const WORKFLOW_NODE_HEIGHT = 90;
export const WORKFLOW_NODE_HEIGHTS: Record<WorkflowNodeType, number> = { start: 90, input: 90, llm: 98, prompt: 90, answer: 103 };

/** Project status: new projects are 'stopped'; 'draft' is the label inside environment_variables.project_info. */
export const PROJECT_STATUSES = ['stopped', 'running', 'draft'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_DEFAULT: ProjectStatus = 'stopped';
/** The author of a project when the browser knows no username (spec 3 §3). */
export const PROJECT_AUTHOR_DEFAULT = 'user';

/** The workflow record a project is created with (spec 3 §4). */
export const WORKFLOW_TYPES = ['chat', 'workflow'] as const;
export type WorkflowType = (typeof WORKFLOW_TYPES)[number];
export const WORKFLOW_TYPE_DEFAULT: WorkflowType = 'chat';
export const WORKFLOW_FEATURES_DEFAULT = 'new workflow';

/** Paging and limits (spec 3 §9, and the server's own bounds). */
export const PROJECT_PAGE_SIZE = 15;
export const PROJECT_PAGE_SIZE_MAX = 100;
export const PROJECT_TITLE_MAX_LENGTH = 100;
export const PROJECT_DESCRIPTION_MAX_LENGTH = 2000;
export const PROJECT_AUTHOR_MAX_LENGTH = 100;
export const PROJECT_SEARCH_MAX_LENGTH = 100;
export const WORKFLOW_MAX_NODES = 200;
export const WORKFLOW_MAX_EDGES = 400;
export const WORKFLOW_ID_MAX_LENGTH = 64;
/** The largest JSON text of a graph (and of each other JSON field of a workflow), in UTF-8 bytes. */
export const WORKFLOW_JSON_MAX_BYTES = 1024 * 1024;
/** Run tracking polls every 5 s; the local cache `workflow_{id}` keeps 10 entries (spec 3 §4, §9). */
export const WORKFLOW_POLL_INTERVAL_MS = 5000;
export const WORKFLOW_CACHE_PREFIX = 'workflow_';
export const WORKFLOW_CACHE_VERSION = '1.0';
export const WORKFLOW_CACHE_KEEP = 10;
/** The editor's scroll pan delay, the edge hit area and the "nearly horizontal" gap (spec 3 §2.6). */
export const WORKFLOW_PAN_DELAY_MS = 150;
export const WORKFLOW_EDGE_HIT_WIDTH = 20;
export const WORKFLOW_EDGE_HORIZONTAL_GAP = 20;
/** Shown when the model list cannot be loaded (spec 3 §8). */
export const WORKFLOW_FALLBACK_MODELS = ['GPT-4o', 'GPT-4o Mini', 'Claude 3.5 Sonnet', 'Gemini Pro', 'DeepSeek Chat'] as const;

export interface WorkflowPosition {
  x: number;
  y: number;
}

/** A node as React Flow and the server store it (spec 3 §3 Workflow node). */
export interface WorkflowNode<Data extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  type: WorkflowNodeType;
  position: WorkflowPosition;
  data: Data;
  targetPosition?: string;
  sourcePosition?: string;
  width?: number;
  height?: number;
}

export interface WorkflowEdge {
  id: string;
  source: string;
  target: string;
  type?: string;
  data?: Record<string, unknown>;
}

export interface WorkflowViewport {
  x: number;
  y: number;
  zoom: number;
}

/** `graph` (and `conversation_variables`) of a workflow, as JSON text on the wire. */
export interface WorkflowGraph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  viewport?: WorkflowViewport;
}

/** A variable of an input or prompt node. */
export interface WorkflowVariable {
  variable: string;
  label: string;
  type: string;
  max_length: number;
  required: boolean;
  default: number;
  options: Array<{ label: string; value: string }>;
}

/** Default data of each node type (spec 3 §3). The editor copies these; `selected` is the canvas's. */
export const START_NODE_DEFAULT: WorkflowNode = {
  id: 'start-1',
  type: 'start',
  position: { x: 100, y: 200 },
  data: { type: 'start', title: 'start', desc: '', variables: [], selected: false },
  targetPosition: 'left',
  sourcePosition: 'right',
  width: WORKFLOW_NODE_WIDTH,
  height: WORKFLOW_NODE_HEIGHTS.start,
};

export const INPUT_NODE_POSITION: WorkflowPosition = { x: 500, y: 300 };
/** The sample field an input node asks unless it names another (spec 3 §3: option value question). */
export const WORKFLOW_SAMPLE_FIELD_DEFAULT = 'question';
export const INPUT_NODE_DATA = {
  type: 'input',
  title: 'input',
  desc: '',
  selected: false,
  variables: [
    {
      variable: 'data_market_id',
      label: 'data_market_id',
      type: 'data-market-sample',
      max_length: 48,
      required: true,
      default: 1,
      options: [{ label: 'data_source_key', value: WORKFLOW_SAMPLE_FIELD_DEFAULT }],
    },
  ] satisfies WorkflowVariable[],
};

export const LLM_NODE_DATA = {
  type: 'llm',
  title: 'llm',
  desc: '',
  selected: false,
  variables: [],
  /** The first of `models` (spec 3 §3's single model), with the sampling parameters every model of the node is asked with. */
  model: { provider: '', name: '', mode: 'chat', completion_params: { temperature: 0.7, top_k: 0 } },
  /** The models the node asks, each a column of the run: comparing three models takes one node, not three. */
  models: [] as string[],
  prompt_template: [] as Array<{ id: string; role: string; text: string }>,
  context: { enabled: true, variable_selector: ['inputid', 'market_sample_text'] },
  vision: { enabled: false },
  memory: {
    window: { enabled: false, size: 10 },
    query_prompt_template: '{{#sys.query#}}',
    role_prefix: { user: '', assistant: '' },
  },
};

/**
 * The models an llm node's data names, in order, without blanks or repeats. A graph saved before a
 * node could name several has no `models` (or an empty list): its `model.name` is read as the one model.
 */
export function llmModelsOf(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const { models, model } = data as { models?: unknown; model?: { name?: unknown } };
  const names = Array.isArray(models) && models.length > 0 ? models : [model?.name];
  return [...new Set(names.filter((name): name is string => typeof name === 'string' && name.trim() !== ''))];
}

/** One message of an llm node's prompt template. */
export type LlmPromptMessage = (typeof LLM_NODE_DATA)['prompt_template'][number];

/**
 * A named prompt template of an llm node (its data's optional `prompt_variants`). When a node has
 * any, runs ask each of them with each of its models (one column each) and not the node's own
 * `prompt_template`, so one run compares prompts as well as models.
 */
export interface LlmPromptVariant {
  name: string;
  prompt_template: LlmPromptMessage[];
}

export const LLM_PROMPT_VARIANTS_MAX = 5;
/** A variant's name is 1 to this many characters (spaces around it do not count), unique within its node. */
export const LLM_PROMPT_VARIANT_NAME_MAX_LENGTH = 20;
/** The roles a variant's message may have: those the editor offers. */
export const LLM_PROMPT_ROLES = ['system', 'user', 'assistant'] as const;

/**
 * The prompt variants an llm node's data holds, in order; empty when it has none. Entries that are
 * not {name, prompt_template} are skipped, as are messages without a text role and text; a message
 * without an id gets its position as one. Names are as typed: graph rules check them on save.
 */
export function llmVariantsOf(data: unknown): LlmPromptVariant[] {
  if (typeof data !== 'object' || data === null) return [];
  const { prompt_variants: variants } = data as { prompt_variants?: unknown };
  if (!Array.isArray(variants)) return [];
  return variants
    .filter((variant): variant is { name: string; prompt_template?: unknown } => typeof variant === 'object' && variant !== null && typeof variant.name === 'string')
    .map((variant) => ({
      name: variant.name,
      prompt_template: (Array.isArray(variant.prompt_template) ? variant.prompt_template : [])
        .filter((message): message is { id?: unknown; role: string; text: string } => typeof message === 'object' && message !== null && typeof message.role === 'string' && typeof message.text === 'string')
        .map((message, index) => ({ id: typeof message.id === 'string' ? message.id : String(index), role: message.role, text: message.text })),
    }));
}

export const PROMPT_NODE_DATA = {
  type: 'prompt',
  title: 'prompt',
  desc: '',
  selected: false,
  variables: [
    { variable: 'text_file_id', label: 'text_file_id', type: 'text_file', max_length: 48, required: true, default: 7, options: [] },
  ] satisfies WorkflowVariable[],
  prompt_template: [
    { id: 'system', role: 'system', type: 'text', text: '' },
    { id: 'user', role: 'user', type: 'text', text: '' },
  ],
};

export const ANSWER_NODE_DATA = {
  type: 'answer',
  title: 'answer',
  desc: '',
  selected: false,
  variables: [],
  /** A reference to the LLM output text; rewritten on save to name the LLM node(s) (spec 3 §4). */
  answer: '{{#llm.text#}}',
};

/** `environment_variables`: the project as the editor last saw it. */
export interface WorkflowProjectInfo {
  id: number;
  name: string;
  description: string;
  status: string;
}
export interface WorkflowEnvironment {
  project_info: WorkflowProjectInfo;
}

/** A project in the list (spec 3 §3 Project / app). Times are unix seconds. */
export interface ProjectView {
  id: number;
  title: string;
  /** The same as title. */
  name: string;
  description: string;
  status: string;
  created_at: number;
  /** When the editor last loaded its workflow. */
  open_time: number;
  /** The username of the owner when the project was created. */
  create_by_str: string;
  updated_at: number;
  has_run: boolean;
  author: string;
}

/** A project read alone or just created: with the nodes and edges it was created with (the editor's fallback). */
export interface ProjectDetail extends ProjectView {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

export interface ProjectPage {
  list: ProjectView[];
  total: number;
  page: number;
  page_size: number;
}

/** `POST /api/apps/`. */
export interface CreateProjectInput {
  title: string;
  description?: string;
  status?: ProjectStatus;
  author?: string;
  nodes?: WorkflowNode[];
  edges?: WorkflowEdge[];
}

/** `PUT /api/apps/:id`: id and updated_at are accepted and ignored (the path names the project, the server stamps the time). */
export interface UpdateProjectInput {
  id?: number;
  title?: string;
  description?: string;
  updated_at?: number;
}

/** `GET /api/workflow/:appId`: the app's draft, JSON fields as stored text. */
export interface WorkflowView {
  /** The draft's id (for DELETE /api/workflow/draft/:id); null when there is no draft and the project's own graph is answered. */
  id: number | null;
  app_id: number;
  type: string;
  graph: string;
  features: string;
  conversation_variables: string;
  environment_variables: string;
  updated_at: number;
}

/** `POST /api/workflow/:appId`: each JSON field as text or as the object itself. */
export interface SaveWorkflowInput {
  type?: WorkflowType;
  graph: string | WorkflowGraph;
  features?: string | Record<string, unknown>;
  conversation_variables?: string | WorkflowGraph;
  environment_variables?: string | WorkflowEnvironment;
}

/** Messages (spec 3 §8 Workflow and files; the workflow part). */
export const MSG_PROJECT_LIST_FAILED = '获取项目列表失败';
export const MSG_PROJECT_CREATE_FAILED = '创建项目失败';
export const MSG_PROJECT_UPDATE_FAILED = '更新项目失败';
export const MSG_PROJECT_NOT_FOUND = '项目不存在';
export const MSG_PROJECT_DELETE_FAILED = '删除项目失败';
export const MSG_WORKFLOW_DRAFT_SAVE_FAILED = '工作流草稿保存失败';
export const MSG_WORKFLOW_SAVE_FAILED = '保存工作流失败';
export const MSG_WORKFLOW_CREATE_FAILED = '创建工作流失败';
export const MSG_WORKFLOW_RUN_FAILED = '运行工作流失败';
export const MSG_WORKFLOW_DRAFT_DELETE_FAILED = '删除工作流草稿失败';
export const MSG_WORKFLOW_PROJECT_CREATE_FAILED = '创建工作流项目失败';
export const MSG_WORKFLOW_MODELS_FAILED = '获取模型列表失败';
export const MSG_WORKFLOW_RUNS_FAILED = '获取运行记录失败';
export const MSG_WORKFLOW_RUN_ID_MISSING = '缺少运行ID';
export const MSG_WORKFLOW_DOWNLOAD_FAILED = '下载失败，请重试';
export const MSG_WORKFLOW_PROJECT_CREATED = '工作流项目创建成功！';
export const MSG_WORKFLOW_DRAFT_DELETED = '草稿已删除';
export const MSG_WORKFLOW_SAVED = '工作流已保存';
export const MSG_PROJECT_UPDATED = '项目已更新';
export const MSG_PROJECT_DELETED = '项目已删除';
export const MSG_WORKFLOW_DRAFT_NOT_FOUND = '工作流草稿不存在';
export const MSG_PROJECT_TITLE_REQUIRED = '请输入项目名称';
/** The completion dialog of a tracked run (spec 3 §4). */
export const workflowDoneMessage = (title: string): string => `项目 ${title} 工作流已完成！`;

/* ───────────────────────────── Runs (spec 3 §2.7, §3 Workflow run, §4, §7) ───────────────────────────── */

/**
 * A run executes the graph: every model of every llm node is one column; for each sample of the source (one
 * typed query when streamed, every sample of a dataset or every row of an uploaded file when
 * `run_whole_data`) each column is asked once through the relay, billed like any relay call.
 */
export const WORKFLOW_RUN_STATUSES = ['running', 'succeeded', 'failed', 'cancelled'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];
export const WORKFLOW_RESPONSE_MODES = ['streaming', 'direct'] as const;
export type WorkflowResponseMode = (typeof WORKFLOW_RESPONSE_MODES)[number];
/** Where a run's samples come from: the typed query, a data-market dataset, or a file of the file library. */
export const WORKFLOW_SOURCE_KINDS = ['query', 'dataset', 'file'] as const;
export type WorkflowSourceKind = (typeof WORKFLOW_SOURCE_KINDS)[number];
/** How an answer was scored: against the sample's reference answer (exact, contains, choice) or by one of the other scorers. */
export const WORKFLOW_SCORE_KINDS = ['exact', 'contains', 'choice', 'regex', 'json', 'number', 'length', 'cost', 'latency', 'llm_judge'] as const;
export type WorkflowScoreKind = (typeof WORKFLOW_SCORE_KINDS)[number];
export const WORKFLOW_EXPORT_FORMATS = ['excel', 'json', 'jsonl'] as const;
export type WorkflowExportFormat = (typeof WORKFLOW_EXPORT_FORMATS)[number];
/** The run list's pagination is shown only above 10 items (spec 3 §2.7). */
export const WORKFLOW_RUN_PAGE_SIZE = 10;
export const WORKFLOW_RUN_DETAIL_PAGE_SIZE = 10;
/** A whole-dataset run takes at most this many samples (dataset or file rows). */
export const WORKFLOW_RUN_MAX_SAMPLES = 100_000;
export const WORKFLOW_QUERY_MAX_LENGTH = 20_000;

/**
 * `POST /api/workflow/chat-messages` and `POST /api/workflow/estimate`. `inputs` may name the source
 * and override the graph's input node: `data_market_id` (a dataset id) or `text_file_id` (a file of
 * the library), `data_source_key` (the sample field asked, default the input node's option value,
 * e.g. 'question'), `limit` (the first N samples only).
 */
export interface WorkflowRunInput {
  app_id: number;
  response_mode: WorkflowResponseMode;
  /** The typed question of a streamed run. */
  query?: string;
  inputs?: {
    data_market_id?: number;
    text_file_id?: number;
    data_source_key?: string;
    limit?: number;
  };
  files?: unknown[];
  /** With response_mode 'direct': run every sample of the source as a background run. */
  run_whole_data?: boolean;
  /** The run's scorers (issue 30), in order; the first one's pass rate is the run's accuracy. Default WORKFLOW_DEFAULT_SCORERS. Saved with the project when a run starts. */
  scorers?: WorkflowScorer[];
  /** Each sample asked this many times per column (1–WORKFLOW_REPEATS_MAX, default 1). */
  repeats?: number;
  conversation_id?: string;
  parent_message_id?: string;
}

/** One `data: {...}` line of a streamed run. conversation_id is the run id; message_id the answer's id. */
export interface WorkflowStreamEvent {
  conversation_id: string;
  message_id: string;
  metadata: {
    /** The llm node and its model this line belongs to, and the node's prompt variant when it has several (issue 30). */
    node_id: string;
    model: string;
    variant?: string;
    /** 'message' for a piece of answer, 'message_end' when the model finished (with its figures), 'error'. */
    event: 'message' | 'message_end' | 'error';
    quota?: number;
    prompt_tokens?: number;
    completion_tokens?: number;
    use_time_ms?: number;
    first_token_ms?: number;
  };
  content: string;
  error: string;
}

/**
 * Where an estimate's answer length comes from: the mean of what the model answered this user
 * lately (its recent calls in the usage logs), else the node's max_tokens, else a default length.
 */
export const WORKFLOW_COMPLETION_BASES = ['history', 'max_tokens', 'default'] as const;
export type WorkflowCompletionBasis = (typeof WORKFLOW_COMPLETION_BASES)[number];

/** One llm node's part of an estimate: the expected cost (`quota`) and the high end of its range (`quota_high`). */
export interface WorkflowEstimateModel {
  node_id: string;
  model: string;
  /** The node's prompt variant ('' when it has none). */
  variant: string;
  calls: number;
  prompt_tokens: number;
  /** Expected answer tokens over all calls. */
  completion_tokens: number;
  completion_basis: WorkflowCompletionBasis;
  quota: number;
  quota_high: number;
}

/**
 * The cost estimate shown before a whole-dataset run, as a range from `quota` (the expected cost)
 * to `quota_high`. The run is refused when `enough` is false, or when `empty_samples` (samples whose
 * asked field is missing or empty: they would be sent as an empty prompt) is not 0.
 */
export interface WorkflowEstimate {
  source: { kind: WorkflowSourceKind; id: number; name: string; field: string };
  samples: number;
  empty_samples: number;
  models: WorkflowEstimateModel[];
  /** The judges' calls (issue 30), included in quota and quota_high. */
  judges: WorkflowEstimateJudge[];
  /** Quota units (see QuotaPerUnit); the user's remaining quota beside it. */
  quota: number;
  quota_high: number;
  user_quota: number;
  enough: boolean;
}

/** `GET /api/workflow/dataset-fields/:id`: the fields a dataset's samples have, and the one an input node should ask. */
export interface WorkflowDatasetFields {
  fields: string[];
  /** The suggested field ('' when the dataset has no samples yet). */
  field: string;
}

/** `POST /api/workflow/chat-messages` with `response_mode: 'direct'`: the run created and queued. */
export interface WorkflowRunStarted {
  run_id: number;
  task: WorkflowTask;
  estimate: WorkflowEstimate;
}

/** Run tracking (spec 3 §3 Workflow task): what the projects page polls every 5 s. */
export interface WorkflowTask {
  id: number;
  status: WorkflowRunStatus;
  app_title: string;
  created_at: number;
}

/** `GET /api/workflow/run_status/:id` (spec 3 §7: data with Status and app_title). */
export interface WorkflowRunStatusView {
  id: number;
  Status: WorkflowRunStatus;
  app_title: string;
  done: number;
  failed: number;
  total: number;
  judge_total: number;
  judged: number;
}

/** A run in the lists (`/runs`, `/app-runs/:appId`). Times are unix seconds. */
export interface WorkflowRunView {
  id: number;
  app_id: number;
  app_title: string;
  status: WorkflowRunStatus;
  mode: WorkflowResponseMode;
  source_kind: WorkflowSourceKind;
  source_name: string;
  /** The models of the run's columns, in node order. */
  models: string[];
  samples: number;
  /** Answers asked for (samples × models), answered, and failed. */
  total: number;
  done: number;
  failed: number;
  /** Quota charged so far, and the estimate made before the run. */
  quota: number;
  estimated_quota: number;
  error: string;
  created_at: number;
  finished_at: number;
  /** Judge calls expected so far (answers still to come counted once per judge) and those answered or failed. */
  judge_total: number;
  judged: number;
  /** Each sample asked this many times per column. */
  repeats: number;
  /** Quota of the calls of earlier attempts that a re-run replaced (already in `quota`). */
  reruns: number;
}

export interface WorkflowRunPage {
  list: WorkflowRunView[];
  total: number;
  page: number;
  page_size: number;
}

/** One scorer's verdict on one answer (issue 30). */
export interface WorkflowScoreView {
  /** 'pending' while a judge has not answered; 'skipped' when only_if_passed held it back; 'failed' when the judge call failed or its reply could not be read. */
  status: WorkflowScoreStatus;
  /** 0–1 (1 passed for checks; a judge's normalised number), a judge's category, or null when not scored (no reference, skipped). */
  value: number | string | null;
  /** null when the scorer does not apply to this answer (no reference, not judged). */
  passed: boolean | null;
  /** Why, in a few words (the judge's own reason for llm_judge). */
  reason: string;
  /** A judge's raw reply (llm_judge only). */
  raw?: string;
}

/** One model's answer to a sample. */
export interface WorkflowAnswerView {
  status: 'pending' | 'done' | 'failed';
  answer: string;
  /** 1 right, 0 wrong, null when the sample has no reference answer. */
  score: number | null;
  score_kind: WorkflowScoreKind | null;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time_ms: number;
  first_token_ms: number;
  error: string;
  /** Every scorer's verdict, keyed by scorer name (issue 30). */
  scores: Record<string, WorkflowScoreView>;
  /** With repeats: the other answers of the same sample and column (repeat 2..n), in order. */
  repeats?: WorkflowAnswerView[];
}

/** `GET /api/workflow/runs/:id` rows: one per sample, answers keyed by model (spec 3 §3). */
export interface WorkflowRunSample {
  index: number;
  /** JSON text `{ messages: [...] }` of what the first column was asked. */
  question: string;
  /** The sample's reference answer ('' when none). */
  reference: string;
  answers: Record<string, WorkflowAnswerView>;
}

export interface WorkflowRunDetail {
  run: WorkflowRunView;
  list: WorkflowRunSample[];
  total: number;
  page: number;
  page_size: number;
}

/** `GET /api/workflow/runs-summary/:id` → data.summary: one row per model. */
export interface WorkflowRunSummaryRow {
  model_id: string;
  /** Money in the display currency's base unit (quota ÷ QuotaPerUnit), and the quota itself. */
  total_price: number;
  total_quota: number;
  /** Seconds, summed over the answers; the average per answer beside it. */
  use_time: number;
  avg_time: number;
  message_tokens: number;
  answer_tokens: number;
  answers: number;
  failures: number;
  /** Answers with a reference, those scored right, and the share right (null when none scored). */
  scored: number;
  correct: number;
  accuracy: number | null;
  /** Per scorer name (issue 30): answers scored, passed, the mean value (pass rate for categories), and with repeats the spread (standard deviation of the pass rate across repeats). */
  scores: Record<string, WorkflowScorerSummary>;
}

export interface WorkflowScorerSummary {
  scored: number;
  passed: number;
  mean: number | null;
  /** null with one repeat. */
  spread: number | null;
}

export interface WorkflowRunSummary {
  summary: WorkflowRunSummaryRow[];
  /** The run's scorers, in order. */
  scorers: WorkflowScorer[];
}

/** `GET /api/share/run/:token` (issue 30): a run's results as its owner shared them. */
export interface SharedRun {
  run: WorkflowRunView;
  summary: WorkflowRunSummary;
}

/** Messages of runs (spec 3 §8 and the server's own). */
export const MSG_WORKFLOW_RUN_NOT_FOUND = '运行记录不存在';
/** The delete call's message; the console treats exactly this as success (spec 3 §7). */
export const WORKFLOW_RUN_DELETE_OK = 'success';
export const MSG_WORKFLOW_RUN_CANCELLED = '运行已取消';
export const MSG_WORKFLOW_NO_LLM = '工作流中没有大模型节点';
export const MSG_WORKFLOW_NO_SOURCE = '请选择要运行的数据集或文件';
export const MSG_WORKFLOW_QUERY_REQUIRED = '请输入问题';
export const MSG_WORKFLOW_QUOTA_SHORT = (need: string, have: string) => `额度不足：预计消耗 ${need}，当前剩余 ${have}`;
/** A whole-data run refused before anything is asked: `field` is missing or empty in `count` samples. */
export const MSG_WORKFLOW_EMPTY_SAMPLES = (count: number, field: string) => `有 ${count} 条样本缺少字段「${field}」，运行会发送空的提示词，已拒绝运行`;
export const MSG_WORKFLOW_RUN_STARTED = '工作流已开始运行';
