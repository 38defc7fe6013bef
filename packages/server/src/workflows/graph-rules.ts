import {
  WORKFLOW_EDGE_TYPE,
  WORKFLOW_ID_MAX_LENGTH,
  WORKFLOW_JSON_MAX_BYTES,
  WORKFLOW_MAX_EDGES,
  WORKFLOW_MAX_NODES,
  WORKFLOW_NODE_TYPES,
  LLM_PROMPT_ROLES,
  LLM_PROMPT_VARIANT_NAME_MAX_LENGTH,
  LLM_PROMPT_VARIANTS_MAX,
  llmModelsOf,
} from '@gw/shared';
import { MSG_JSON_TOO_DEEP, nestedTooDeep } from '../common/input-rules';

/**
 * The rules a workflow graph must follow to be saved (spec 3 §3 Workflow node; issue 16), as pure
 * functions: each answers the first problem in Chinese, naming the node or edge, or undefined.
 * Which models a user may use is the caller's to know (ModelCatalogService).
 */

export const MSG_JSON_TOO_LARGE = `工作流数据不能超过 ${WORKFLOW_JSON_MAX_BYTES / 1024 / 1024} MB`;
export const MSG_GRAPH_SHAPE = '工作流图必须是包含 nodes 和 edges 的对象';
export const MSG_TOO_MANY_NODES = `节点数量不能超过 ${WORKFLOW_MAX_NODES} 个`;
export const MSG_TOO_MANY_EDGES = `连线数量不能超过 ${WORKFLOW_MAX_EDGES} 条`;
export const MSG_NO_START = '工作流缺少开始节点';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A JSON field given as text or as the value itself: its value and its text, or the problem. */
export type Parsed = { value: unknown; text: string } | { problem: string };

/**
 * Reads a JSON field: text is parsed, anything else is serialized; either way its text must fit
 * WORKFLOW_JSON_MAX_BYTES. Parsed text may nest no deeper than a request body (a value given as
 * such already passed the body's check). `label` names the field in the message.
 */
export function parseJsonField(input: unknown, label: string): Parsed {
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  if (Buffer.byteLength(text, 'utf8') > WORKFLOW_JSON_MAX_BYTES) return { problem: `${label}：${MSG_JSON_TOO_LARGE}` };
  if (typeof input !== 'string') return { value: input, text };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: `${label}不是有效的 JSON` };
  }
  return nestedTooDeep(value) ? { problem: `${label}：${MSG_JSON_TOO_DEEP}` } : { value, text };
}

/** An id of a node or an edge: a non-empty string of at most WORKFLOW_ID_MAX_LENGTH characters. */
function idProblem(id: unknown): string | undefined {
  if (typeof id !== 'string' || id.trim() === '') return 'id 不能为空';
  if (id.length > WORKFLOW_ID_MAX_LENGTH) return `id 不能超过 ${WORKFLOW_ID_MAX_LENGTH} 个字符`;
  return undefined;
}

/** The shape every graph-like field shares: nodes and edges arrays within the limits, an optional viewport. */
export function graphShapeProblem(value: unknown): string | undefined {
  if (!isObject(value) || !Array.isArray(value.nodes) || !Array.isArray(value.edges)) return MSG_GRAPH_SHAPE;
  if (value.nodes.length > WORKFLOW_MAX_NODES) return MSG_TOO_MANY_NODES;
  if (value.edges.length > WORKFLOW_MAX_EDGES) return MSG_TOO_MANY_EDGES;
  const viewport = value.viewport;
  if (viewport !== undefined && !(isObject(viewport) && isFiniteNumber(viewport.x) && isFiniteNumber(viewport.y) && isFiniteNumber(viewport.zoom))) {
    return '视口 viewport 必须包含数值 x、y 和 zoom';
  }
  return undefined;
}

/** Every model the llm nodes of a graph name (for one catalogue look-up). */
export function modelsNamed(value: unknown): string[] {
  if (!isObject(value) || !Array.isArray(value.nodes)) return [];
  return [...new Set(value.nodes.filter((node) => isObject(node) && node.type === 'llm').flatMap((node) => llmModelsOf((node as Json).data)))];
}

/**
 * An llm node's `prompt_variants`, when given: an array of at most LLM_PROMPT_VARIANTS_MAX
 * {name, prompt_template}, names unique within the node, each template an array of {role, text}.
 */
function variantsProblem(variants: unknown): string | undefined {
  if (variants === undefined) return undefined;
  if (!Array.isArray(variants)) return '提示词变体 prompt_variants 必须是数组';
  if (variants.length > LLM_PROMPT_VARIANTS_MAX) return `提示词变体不能超过 ${LLM_PROMPT_VARIANTS_MAX} 个`;
  const names = new Set<string>();
  for (const [index, variant] of variants.entries()) {
    if (!isObject(variant)) return `第 ${index + 1} 个提示词变体必须是对象`;
    const name = typeof variant.name === 'string' ? variant.name.trim() : '';
    if (name === '') return `第 ${index + 1} 个提示词变体的名称不能为空`;
    if (name.length > LLM_PROMPT_VARIANT_NAME_MAX_LENGTH) return `提示词变体 ${name} 的名称不能超过 ${LLM_PROMPT_VARIANT_NAME_MAX_LENGTH} 个字符`;
    if (names.has(name)) return `提示词变体名称 ${name} 重复`;
    names.add(name);
    const template = variant.prompt_template;
    if (!Array.isArray(template)) return `提示词变体 ${name} 的提示词模板 prompt_template 必须是数组`;
    const bad = template.findIndex(
      (message) => !isObject(message) || !(LLM_PROMPT_ROLES as readonly unknown[]).includes(message.role) || typeof message.text !== 'string',
    );
    if (bad >= 0) return `提示词变体 ${name} 的第 ${bad + 1} 条消息必须包含角色 role（${LLM_PROMPT_ROLES.join('、')}）和文本 text`;
  }
  return undefined;
}

function nodeProblem(node: unknown, index: number, seen: Set<string>, usableModels: ReadonlySet<string>): string | undefined {
  if (!isObject(node)) return `第 ${index + 1} 个节点必须是对象`;
  const badId = idProblem(node.id);
  if (badId) return `第 ${index + 1} 个节点：${badId}`;
  const id = node.id as string;
  const named = `节点 ${id}`;
  if (seen.has(id)) return `${named}：id 重复`;
  seen.add(id);
  if (typeof node.type !== 'string' || !(WORKFLOW_NODE_TYPES as readonly string[]).includes(node.type)) {
    return `${named}：不支持的节点类型 ${String(node.type)}（可用：${WORKFLOW_NODE_TYPES.join('、')}）`;
  }
  if (!isObject(node.position) || !isFiniteNumber(node.position.x) || !isFiniteNumber(node.position.y)) return `${named}：位置必须包含数值 x 和 y`;
  if (node.data !== undefined && !isObject(node.data)) return `${named}：data 必须是对象`;
  if (node.type === 'llm') {
    const models = llmModelsOf(node.data);
    if (models.length === 0) return `${named}：请选择模型`;
    const unusable = models.find((model) => !usableModels.has(model));
    if (unusable !== undefined) return `${named}：模型 ${unusable} 不可用`;
    const badVariants = variantsProblem((node.data as Json | undefined)?.prompt_variants);
    if (badVariants) return `${named}：${badVariants}`;
  }
  return undefined;
}

function edgeProblem(edge: unknown, index: number, seen: Set<string>, nodes: ReadonlySet<string>): string | undefined {
  if (!isObject(edge)) return `第 ${index + 1} 条连线必须是对象`;
  const badId = idProblem(edge.id);
  if (badId) return `第 ${index + 1} 条连线：${badId}`;
  const id = edge.id as string;
  const named = `连线 ${id}`;
  if (seen.has(id)) return `${named}：id 重复`;
  seen.add(id);
  if (typeof edge.source !== 'string' || edge.source === '') return `${named}：缺少源节点`;
  if (typeof edge.target !== 'string' || edge.target === '') return `${named}：缺少目标节点`;
  if (!nodes.has(edge.source)) return `${named}：源节点 ${edge.source} 不存在`;
  if (!nodes.has(edge.target)) return `${named}：目标节点 ${edge.target} 不存在`;
  if (edge.type !== undefined && edge.type !== WORKFLOW_EDGE_TYPE) return `${named}：连线类型必须是 ${WORKFLOW_EDGE_TYPE}`;
  if (edge.data !== undefined && !isObject(edge.data)) return `${named}：data 必须是对象`;
  return undefined;
}

/**
 * The first cycle of a graph as the path that closes it (`a → b → a`), or undefined. Iterative
 * depth-first search, so a 200-node chain cannot overflow the stack; nodes are visited in the
 * order they are listed, which makes the cycle named the same on every save.
 */
export function findCycle(nodeIds: readonly string[], edges: ReadonlyArray<{ source: string; target: string }>): string[] | undefined {
  const next = new Map<string, string[]>(nodeIds.map((id) => [id, []]));
  for (const edge of edges) next.get(edge.source)?.push(edge.target);
  const state = new Map<string, 'open' | 'done'>();
  for (const root of nodeIds) {
    if (state.has(root)) continue;
    const path: string[] = [root];
    const cursor: number[] = [0];
    state.set(root, 'open');
    while (path.length > 0) {
      const top = path[path.length - 1];
      const children = next.get(top) ?? [];
      const position = cursor[cursor.length - 1];
      if (position >= children.length) {
        state.set(top, 'done');
        path.pop();
        cursor.pop();
        continue;
      }
      cursor[cursor.length - 1] = position + 1;
      const child = children[position];
      if (state.get(child) === 'open') return [...path.slice(path.indexOf(child)), child];
      if (state.has(child)) continue;
      state.set(child, 'open');
      path.push(child);
      cursor.push(0);
    }
  }
  return undefined;
}

/**
 * The first problem of a graph to save, in order: its shape and size, then each node (id, type,
 * position, llm models and prompt variants), exactly one start node, each edge (id, endpoints), and no cycle.
 */
export function graphProblem(value: unknown, usableModels: ReadonlySet<string>): string | undefined {
  const shape = graphShapeProblem(value);
  if (shape) return shape;
  const graph = value as unknown as { nodes: unknown[]; edges: unknown[] };
  const nodeIds = new Set<string>();
  for (const [index, node] of graph.nodes.entries()) {
    const problem = nodeProblem(node, index, nodeIds, usableModels);
    if (problem) return problem;
  }
  const starts = (graph.nodes as Json[]).filter((node) => node.type === 'start');
  if (starts.length === 0) return MSG_NO_START;
  if (starts.length > 1) return `节点 ${String(starts[1].id)}：工作流只能有一个开始节点`;
  const edgeIds = new Set<string>();
  for (const [index, edge] of graph.edges.entries()) {
    const problem = edgeProblem(edge, index, edgeIds, nodeIds);
    if (problem) return problem;
  }
  const cycle = findCycle([...nodeIds], graph.edges as Array<{ source: string; target: string }>);
  if (cycle) return `工作流中存在环：${cycle.join(' → ')}`;
  return undefined;
}

/** `conversation_variables`: empty, or the same shape as a graph (its nodes are not checked further). */
export function conversationVariablesProblem(value: unknown): string | undefined {
  if (isEmptyJson(value)) return undefined;
  const problem = graphShapeProblem(value);
  return problem ? `会话变量 conversation_variables：${problem}` : undefined;
}

/** `environment_variables`: empty, or an object whose project_info, when given, is an object. */
export function environmentVariablesProblem(value: unknown): string | undefined {
  if (isEmptyJson(value)) return undefined;
  if (!isObject(value)) return '环境变量 environment_variables 必须是对象';
  if (value.project_info !== undefined && !isObject(value.project_info)) return '环境变量 environment_variables 的 project_info 必须是对象';
  return undefined;
}

/** null, '', {} or []: a field the editor left empty. */
export const isEmptyJson = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
