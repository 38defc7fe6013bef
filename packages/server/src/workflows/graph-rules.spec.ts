import { LLM_PROMPT_VARIANTS_MAX, START_NODE_DEFAULT, WORKFLOW_JSON_MAX_BYTES, WORKFLOW_MAX_EDGES, WORKFLOW_MAX_NODES } from '@gw/shared';
import { describe, expect, it } from 'vitest';
import {
  conversationVariablesProblem,
  environmentVariablesProblem,
  findCycle,
  graphProblem,
  MSG_GRAPH_SHAPE,
  MSG_JSON_TOO_LARGE,
  MSG_NO_START,
  MSG_TOO_MANY_EDGES,
  MSG_TOO_MANY_NODES,
  modelsNamed,
  parseJsonField,
} from './graph-rules';

const node = (id: string, type = 'input', extra: Record<string, unknown> = {}) => ({ id, type, position: { x: 0, y: 0 }, data: {}, ...extra });
const llm = (id: string, model: string) => node(id, 'llm', { data: { model: { name: model } } });
const edge = (id: string, source: string, target: string) => ({ id, source, target, type: 'custom' });
const models = new Set(['gpt-4o']);
/** The valid graph with a second llm node holding these prompt variants. */
const withVariants = (prompt_variants: unknown) => (graph: ReturnType<typeof valid>) => ({
  ...graph,
  nodes: [...graph.nodes, node('llm-2', 'llm', { data: { model: { name: 'gpt-4o' }, prompt_variants } })],
});
const variant = (name: unknown, prompt_template: unknown = [{ id: 'm1', role: 'user', text: '{{#context#}}' }]) => ({ name, prompt_template });

/** start → input → llm → answer, the graph every rule below breaks once. */
const valid = () => ({
  nodes: [structuredClone(START_NODE_DEFAULT), node('in-1'), llm('llm-1', 'gpt-4o'), node('ans-1', 'answer')],
  edges: [edge('e1', 'start-1', 'in-1'), edge('e2', 'in-1', 'llm-1'), edge('e3', 'llm-1', 'ans-1')],
  viewport: { x: 0, y: 0, zoom: 1 },
});

describe('graphProblem', () => {
  it('accepts a valid graph, with or without a viewport', () => {
    expect(graphProblem(valid(), models)).toBeUndefined();
    const { viewport: _viewport, ...bare } = valid();
    expect(graphProblem(bare, models)).toBeUndefined();
  });

  it.each<[string, (graph: ReturnType<typeof valid>) => unknown, string]>([
    ['not an object', () => [], MSG_GRAPH_SHAPE],
    ['no edges', (g) => ({ nodes: g.nodes }), MSG_GRAPH_SHAPE],
    ['a bad viewport', (g) => ({ ...g, viewport: { x: 0 } }), '视口 viewport 必须包含数值 x、y 和 zoom'],
    ['too many nodes', (g) => ({ ...g, nodes: Array.from({ length: WORKFLOW_MAX_NODES + 1 }, (_, i) => node(`n${i}`)) }), MSG_TOO_MANY_NODES],
    ['too many edges', (g) => ({ ...g, edges: Array.from({ length: WORKFLOW_MAX_EDGES + 1 }, (_, i) => edge(`e${i}`, 'start-1', 'in-1')) }), MSG_TOO_MANY_EDGES],
    ['a node that is not an object', (g) => ({ ...g, nodes: [...g.nodes, 'x'] }), '第 5 个节点必须是对象'],
    ['an empty node id', (g) => ({ ...g, nodes: [...g.nodes, node('  ')] }), '第 5 个节点：id 不能为空'],
    ['a node id that is not text', (g) => ({ ...g, nodes: [...g.nodes, node(7 as unknown as string)] }), '第 5 个节点：id 不能为空'],
    ['a long node id', (g) => ({ ...g, nodes: [...g.nodes, node('n'.repeat(65))] }), '第 5 个节点：id 不能超过 64 个字符'],
    ['a repeated node id', (g) => ({ ...g, nodes: [...g.nodes, node('in-1')] }), '节点 in-1：id 重复'],
    ['an unknown node type', (g) => ({ ...g, nodes: [...g.nodes, node('x-1', 'code')] }), '节点 x-1：不支持的节点类型 code（可用：start、input、llm、prompt、answer）'],
    ['a node without a position', (g) => ({ ...g, nodes: [...g.nodes, { id: 'p-1', type: 'prompt', data: {} }] }), '节点 p-1：位置必须包含数值 x 和 y'],
    ['node data that is not an object', (g) => ({ ...g, nodes: [...g.nodes, node('p-1', 'prompt', { data: 'x' })] }), '节点 p-1：data 必须是对象'],
    ['an llm node without a model', (g) => ({ ...g, nodes: [...g.nodes, node('llm-2', 'llm')] }), '节点 llm-2：请选择模型'],
    ['an llm node with a model the user may not use', (g) => ({ ...g, nodes: [...g.nodes, llm('llm-2', 'gpt-x')] }), '节点 llm-2：模型 gpt-x 不可用'],
    ['prompt variants that are not an array', withVariants({ name: 'A' }), '节点 llm-2：提示词变体 prompt_variants 必须是数组'],
    [
      'more prompt variants than allowed',
      withVariants(Array.from({ length: LLM_PROMPT_VARIANTS_MAX + 1 }, (_, i) => variant(`变体 ${i}`))),
      `节点 llm-2：提示词变体不能超过 ${LLM_PROMPT_VARIANTS_MAX} 个`,
    ],
    ['a prompt variant that is not an object', withVariants([variant('A'), 'B']), '节点 llm-2：第 2 个提示词变体必须是对象'],
    ['a prompt variant without a name', withVariants([variant('  ')]), '节点 llm-2：第 1 个提示词变体的名称不能为空'],
    ['a prompt variant whose name is not text', withVariants([variant(3)]), '节点 llm-2：第 1 个提示词变体的名称不能为空'],
    ['a prompt variant with a long name', withVariants([variant('长'.repeat(21))]), `节点 llm-2：提示词变体 ${'长'.repeat(21)} 的名称不能超过 20 个字符`],
    ['a repeated prompt variant name', withVariants([variant('变体 A'), variant(' 变体 A ')]), '节点 llm-2：提示词变体名称 变体 A 重复'],
    ['a prompt variant without a template', withVariants([variant('A', 'x')]), '节点 llm-2：提示词变体 A 的提示词模板 prompt_template 必须是数组'],
    [
      'a prompt variant message without a text',
      withVariants([variant('A', [{ role: 'system', text: '你是老师' }, { role: 'user' }])]),
      '节点 llm-2：提示词变体 A 的第 2 条消息必须包含角色 role（system、user、assistant）和文本 text',
    ],
    [
      'a prompt variant message of another role',
      withVariants([variant('A', [{ role: 'tool', text: 'x' }])]),
      '节点 llm-2：提示词变体 A 的第 1 条消息必须包含角色 role（system、user、assistant）和文本 text',
    ],
    ['no start node', (g) => ({ ...g, nodes: g.nodes.slice(1), edges: g.edges.slice(1) }), MSG_NO_START],
    ['two start nodes', (g) => ({ ...g, nodes: [...g.nodes, node('start-2', 'start')] }), '节点 start-2：工作流只能有一个开始节点'],
    ['an edge that is not an object', (g) => ({ ...g, edges: [...g.edges, null] }), '第 4 条连线必须是对象'],
    ['an edge without an id', (g) => ({ ...g, edges: [...g.edges, { source: 'in-1', target: 'ans-1' }] }), '第 4 条连线：id 不能为空'],
    ['a repeated edge id', (g) => ({ ...g, edges: [...g.edges, edge('e1', 'in-1', 'ans-1')] }), '连线 e1：id 重复'],
    ['an edge without a source', (g) => ({ ...g, edges: [...g.edges, { id: 'e4', target: 'ans-1' }] }), '连线 e4：缺少源节点'],
    ['an edge without a target', (g) => ({ ...g, edges: [...g.edges, { id: 'e4', source: 'in-1', target: '' }] }), '连线 e4：缺少目标节点'],
    ['a missing source node', (g) => ({ ...g, edges: [...g.edges, edge('e4', 'n8', 'ans-1')] }), '连线 e4：源节点 n8 不存在'],
    ['a missing target node', (g) => ({ ...g, edges: [...g.edges, edge('e1x', 'in-1', 'n9')] }), '连线 e1x：目标节点 n9 不存在'],
    ['an edge of another type', (g) => ({ ...g, edges: [...g.edges, { ...edge('e4', 'in-1', 'ans-1'), type: 'default' }] }), '连线 e4：连线类型必须是 custom'],
    ['a cycle', (g) => ({ ...g, edges: [...g.edges, edge('e4', 'ans-1', 'in-1')] }), '工作流中存在环：in-1 → llm-1 → ans-1 → in-1'],
    ['a self loop', (g) => ({ ...g, edges: [...g.edges, edge('e4', 'llm-1', 'llm-1')] }), '工作流中存在环：llm-1 → llm-1'],
  ])('refuses %s', (_case, change, message) => {
    expect(graphProblem(change(valid()), models)).toBe(message);
  });

  it('accepts an llm node with no, empty or valid prompt variants', () => {
    expect(graphProblem(withVariants([])(valid()), models)).toBeUndefined();
    // As many as allowed, a name of the longest length, an empty template.
    const most = [variant('长'.repeat(20)), variant('空', []), ...Array.from({ length: LLM_PROMPT_VARIANTS_MAX - 2 }, (_, i) => variant(`变体 ${i}`))];
    expect(graphProblem(withVariants(most)(valid()), models)).toBeUndefined();
    expect(graphProblem(withVariants([variant('A', [{ role: 'assistant', text: '' }]), variant('B')])(valid()), models)).toBeUndefined();
  });

  it('names the first invalid node, in the order they are listed', () => {
    const graph = valid();
    graph.nodes.push(llm('llm-a', 'gpt-x'), llm('llm-b', 'gpt-y'));
    expect(graphProblem(graph, models)).toBe('节点 llm-a：模型 gpt-x 不可用');
  });

  it('accepts the largest graph allowed and a long chain without a cycle', () => {
    const nodes = [structuredClone(START_NODE_DEFAULT), ...Array.from({ length: WORKFLOW_MAX_NODES - 1 }, (_, i) => node(`n${i}`))];
    const edges = nodes.slice(1).map((target, i) => edge(`e${i}`, nodes[i].id, target.id));
    expect(graphProblem({ nodes, edges }, models)).toBeUndefined();
  });
});

describe('findCycle', () => {
  it('finds a cycle reachable from a later node and none in a diamond', () => {
    expect(findCycle(['a', 'b', 'c', 'd'], [{ source: 'a', target: 'b' }, { source: 'a', target: 'c' }, { source: 'b', target: 'd' }, { source: 'c', target: 'd' }])).toBeUndefined();
    expect(findCycle(['a', 'b', 'c'], [{ source: 'c', target: 'b' }, { source: 'b', target: 'c' }])).toEqual(['b', 'c', 'b']);
  });
});

describe('parseJsonField', () => {
  it('parses text, serializes objects and refuses broken, oversized or too deeply nested JSON', () => {
    expect(parseJsonField('{"a":1}', 'graph')).toEqual({ value: { a: 1 }, text: '{"a":1}' });
    expect(parseJsonField({ a: 1 }, 'graph')).toEqual({ value: { a: 1 }, text: '{"a":1}' });
    expect(parseJsonField('{', '工作流图 graph')).toEqual({ problem: '工作流图 graph不是有效的 JSON' });
    expect(parseJsonField(JSON.stringify({ a: 'x'.repeat(WORKFLOW_JSON_MAX_BYTES) }), 'graph')).toEqual({ problem: `graph：${MSG_JSON_TOO_LARGE}` });
    const exactly = `"${'x'.repeat(WORKFLOW_JSON_MAX_BYTES - 2)}"`;
    expect(parseJsonField(exactly, 'graph')).toHaveProperty('value');
    // Nested past the API's limit (here 100,000 levels inside 1 MB): refused before anything walks it.
    expect(parseJsonField(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, '工作流图 graph')).toEqual({ problem: '工作流图 graph：JSON 嵌套超过 128 层' });
  });
});

describe('modelsNamed', () => {
  it('lists each model an llm node names once', () => {
    expect(modelsNamed({ nodes: [llm('a', 'm1'), llm('b', 'm1'), node('c', 'llm'), node('d', 'input', { data: { model: { name: 'm2' } } })] })).toEqual(['m1']);
  });
});

describe('variables', () => {
  it('accepts empty conversation variables or a graph shape, and refuses anything else', () => {
    for (const empty of [null, '', {}, []]) expect(conversationVariablesProblem(empty)).toBeUndefined();
    expect(conversationVariablesProblem(valid())).toBeUndefined();
    expect(conversationVariablesProblem({ nodes: 1 })).toBe(`会话变量 conversation_variables：${MSG_GRAPH_SHAPE}`);
  });

  it('accepts environment variables with a project_info object, and refuses other shapes', () => {
    expect(environmentVariablesProblem({ project_info: { id: 1, name: 'p', description: '', status: 'draft' } })).toBeUndefined();
    expect(environmentVariablesProblem({})).toBeUndefined();
    expect(environmentVariablesProblem([1])).toBe('环境变量 environment_variables 必须是对象');
    expect(environmentVariablesProblem({ project_info: 'x' })).toBe('环境变量 environment_variables 的 project_info 必须是对象');
  });
});
