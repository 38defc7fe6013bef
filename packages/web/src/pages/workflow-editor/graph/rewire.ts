import type { WorkflowGraph, WorkflowNode, WorkflowVariable } from '@gw/shared';

/**
 * The rewiring done before every save (spec 3 §4): the answer node shows the llm node output(s),
 * `{{#<llmId>.text#}}` joined by '/'; each llm node reads its context from the input node: the
 * uploaded file's text when the input's first variable is a file of the library (type
 * 'text_file'), else the data-market sample's text. Pure: the graph given is not changed.
 */

export const UPLOAD_FILE_VARIABLE_TYPE = 'text_file';
export const FILE_TEXT_SELECTOR = 'file_text';
export const MARKET_SAMPLE_SELECTOR = 'market_sample_text';
/** Where the llm default points before an input node exists (LLM_NODE_DATA's selector). */
const NO_INPUT_ID = 'inputid';

export const llmOutputReference = (llmId: string) => `{{#${llmId}.text#}}`;

export function firstInputVariable(node: WorkflowNode | undefined): WorkflowVariable | undefined {
  const variables = node?.data.variables;
  return Array.isArray(variables) ? (variables[0] as WorkflowVariable | undefined) : undefined;
}

export function rewireGraph(graph: WorkflowGraph): WorkflowGraph {
  const llmIds = graph.nodes.filter((node) => node.type === 'llm').map((node) => node.id);
  const input = graph.nodes.find((node) => node.type === 'input');
  const selector = [input?.id ?? NO_INPUT_ID, firstInputVariable(input)?.type === UPLOAD_FILE_VARIABLE_TYPE ? FILE_TEXT_SELECTOR : MARKET_SAMPLE_SELECTOR];
  const answer = llmIds.map(llmOutputReference).join('/');
  const nodes = graph.nodes.map((node): WorkflowNode => {
    if (node.type === 'answer' && llmIds.length > 0) return { ...node, data: { ...node.data, answer } };
    if (node.type === 'llm') {
      const context = (node.data.context ?? {}) as Record<string, unknown>;
      return { ...node, data: { ...node.data, context: { enabled: true, ...context, variable_selector: selector } } };
    }
    return node;
  });
  return { ...graph, nodes };
}
