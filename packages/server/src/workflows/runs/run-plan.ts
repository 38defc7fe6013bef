import {
  MSG_WORKFLOW_NO_LLM,
  MSG_WORKFLOW_NO_SOURCE,
  WORKFLOW_SAMPLE_FIELD_DEFAULT,
  llmModelsOf,
  llmVariantsOf,
  type WorkflowRunInput,
  type WorkflowSourceKind,
} from '@gw/shared';

/**
 * What a run does, read from a saved graph (issue 16): every model of every llm node is one column
 * — the model with its node's sampling parameters and the prompts that reach the node; a node with
 * prompt variants (issue 30) has one column per variant and model — and the input node names where the
 * samples come from, unless the call's `inputs` name another source. Frozen into the run when it
 * starts, so editing the project meanwhile changes nothing of a run under way.
 */
export interface RunColumn {
  node_id: string;
  model: string;
  /**
   * The name of the node's prompt variant the column asks, '' when the node has none. Optional
   * because plans stored before variants have none: read a missing one as ''.
   */
  variant?: string;
  /** Sampling parameters sent with every call (only those OpenAI's chat completions know). */
  params: Record<string, number>;
  /** Prompt texts joined in graph order; `{{#context#}}` and friends mark where the sample goes. */
  system: string;
  user: string;
}

export interface RunSourceRef {
  kind: Exclude<WorkflowSourceKind, 'query'>;
  id: number;
  /** The sample field asked ('' for a file: its first field). */
  field: string;
}

export interface RunPlan {
  columns: RunColumn[];
  source?: RunSourceRef;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The completion parameters an llm node may set; top_k and the rest are not part of OpenAI's API. */
const SENT_PARAMS = ['temperature', 'top_p', 'max_tokens', 'presence_penalty', 'frequency_penalty'] as const;

/** The source variable types of an input node (spec 3 §3): a data-market sample or an uploaded text file. */
const DATASET_VARIABLE = 'data-market-sample';
const FILE_VARIABLE = 'text_file';

function paramsOf(node: Json): Record<string, number> {
  const completion = isObject(node.data) && isObject(node.data.model) && isObject(node.data.model.completion_params) ? node.data.model.completion_params : {};
  const params: Record<string, number> = {};
  for (const name of SENT_PARAMS) {
    const value = completion[name];
    if (typeof value === 'number' && Number.isFinite(value)) params[name] = value;
  }
  if (params.max_tokens !== undefined && params.max_tokens <= 0) delete params.max_tokens;
  return params;
}

/** A node's own prompt template (an llm node's when it has no variants, or a prompt node's). */
const ownTemplate = (node: Json): unknown[] => (isObject(node.data) && Array.isArray(node.data.prompt_template) ? node.data.prompt_template : []);

/** The texts of prompt template messages with one role, in order, non-empty ones only. */
function templateTexts(templates: unknown[], role: string): string[] {
  return templates
    .filter((template): template is Json => isObject(template) && template.role === role && typeof template.text === 'string' && template.text.trim() !== '')
    .map((template) => template.text as string);
}

/** The ids of every node upstream of `id`, nearest last (depth-first over the edges, without repeats). */
function ancestorsOf(id: string, edges: Json[]): string[] {
  const parents = new Map<string, string[]>();
  for (const edge of edges) {
    if (typeof edge.source !== 'string' || typeof edge.target !== 'string') continue;
    parents.set(edge.target, [...(parents.get(edge.target) ?? []), edge.source]);
  }
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (node: string) => {
    for (const parent of parents.get(node) ?? []) {
      if (seen.has(parent)) continue;
      seen.add(parent);
      visit(parent);
      order.push(parent);
    }
  };
  visit(id);
  return order;
}

/** The source the graph's first input node names (its first variable), if any. */
function graphSource(nodes: Json[]): RunSourceRef | undefined {
  for (const node of nodes) {
    if (node.type !== 'input' || !isObject(node.data) || !Array.isArray(node.data.variables)) continue;
    const variable = node.data.variables[0];
    if (!isObject(variable)) continue;
    const id = Number(variable.default);
    const option = Array.isArray(variable.options) && isObject(variable.options[0]) ? variable.options[0].value : undefined;
    const field = typeof option === 'string' ? option : '';
    if (!Number.isSafeInteger(id) || id <= 0) continue;
    if (variable.type === DATASET_VARIABLE) return { kind: 'dataset', id, field: field || WORKFLOW_SAMPLE_FIELD_DEFAULT };
    if (variable.type === FILE_VARIABLE) return { kind: 'file', id, field };
  }
  return undefined;
}

/**
 * The plan of a graph (already checked by graph-rules when it was saved), with the call's inputs
 * applied; or the first problem, in Chinese. A source is needed only for a whole-data run.
 */
export function planRun(graph: unknown, inputs: WorkflowRunInput['inputs'] = {}): { plan: RunPlan } | { problem: string } {
  const nodes = isObject(graph) && Array.isArray(graph.nodes) ? graph.nodes.filter(isObject) : [];
  const edges = isObject(graph) && Array.isArray(graph.edges) ? graph.edges.filter(isObject) : [];
  const byId = new Map(nodes.map((node) => [String(node.id), node]));
  const columns: RunColumn[] = [];
  for (const node of nodes) {
    if (node.type !== 'llm') continue;
    const models = llmModelsOf(node.data);
    if (models.length === 0) return { problem: `节点 ${String(node.id)}：请选择模型` };
    const prompts = ancestorsOf(String(node.id), edges)
      .map((id) => byId.get(id))
      .filter((parent): parent is Json => parent?.type === 'prompt');
    const variants = llmVariantsOf(node.data);
    // With variants, the node's own prompt_template is not asked: each variant takes its place.
    const templates =
      variants.length > 0 ? variants.map((variant) => ({ variant: variant.name.trim(), messages: variant.prompt_template })) : [{ variant: '', messages: ownTemplate(node) }];
    for (const { variant, messages } of templates) {
      const texts = (role: string) => [...prompts.flatMap((prompt) => templateTexts(ownTemplate(prompt), role)), ...templateTexts(messages, role)].join('\n\n');
      const asked = { node_id: String(node.id), variant, params: paramsOf(node), system: texts('system'), user: texts('user') };
      columns.push(...models.map((model) => ({ ...asked, model })));
    }
  }
  if (columns.length === 0) return { problem: MSG_WORKFLOW_NO_LLM };

  let source = graphSource(nodes);
  if (inputs?.data_market_id !== undefined) source = { kind: 'dataset', id: inputs.data_market_id, field: source?.kind === 'dataset' ? source.field : WORKFLOW_SAMPLE_FIELD_DEFAULT };
  else if (inputs?.text_file_id !== undefined) source = { kind: 'file', id: inputs.text_file_id, field: source?.kind === 'file' ? source.field : '' };
  if (source && inputs?.data_source_key) source = { ...source, field: inputs.data_source_key };
  return { plan: { columns, source } };
}

/** The plan of a whole-data run: one with a source. */
export function planWholeRun(graph: unknown, inputs: WorkflowRunInput['inputs']): { plan: RunPlan & { source: RunSourceRef } } | { problem: string } {
  const planned = planRun(graph, inputs);
  if ('problem' in planned) return planned;
  if (!planned.plan.source) return { problem: MSG_WORKFLOW_NO_SOURCE };
  return { plan: { ...planned.plan, source: planned.plan.source } };
}

/**
 * The key of each column in the run's views (answers keyed by model, spec 3 §3): its model, with
 * its prompt variant's name when it has one (`model·variant`), and, when that key repeats across
 * llm nodes, with its node id too.
 */
export function columnKeys(columns: ReadonlyArray<Pick<RunColumn, 'model' | 'node_id' | 'variant'>>): string[] {
  const keys = columns.map((column) => (column.variant ? `${column.model}·${column.variant}` : column.model));
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return keys.map((key, index) => ((counts.get(key) ?? 0) > 1 ? `${key}（${columns[index].node_id}）` : key));
}
