import type { WorkflowEdge, WorkflowGraph, WorkflowNode, WorkflowView } from '@gw/shared';

/**
 * Which graph the editor opens (spec 3 §4): the saved conversation_variables JSON when it holds a
 * graph, else the graph JSON; the caller falls back to the project's own nodes and edges when the
 * workflow call fails or neither holds one.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A graph from JSON text, or undefined when the text is empty, not JSON, or not {nodes, edges} with at least one node. */
export function parseGraph(text: string | null | undefined): WorkflowGraph | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || !Array.isArray(value.nodes) || value.nodes.length === 0) return undefined;
  const edges = Array.isArray(value.edges) ? (value.edges as WorkflowEdge[]) : [];
  const viewport = isObject(value.viewport) ? (value.viewport as unknown as WorkflowGraph['viewport']) : undefined;
  return { nodes: value.nodes as WorkflowNode[], edges, viewport };
}

export function graphOfView(view: WorkflowView): WorkflowGraph | undefined {
  return parseGraph(view.conversation_variables) ?? parseGraph(view.graph);
}

/** The project's own nodes and edges as a graph, or undefined when it has no node. */
export function graphOfProject(project: { nodes?: WorkflowNode[]; edges?: WorkflowEdge[] } | null | undefined): WorkflowGraph | undefined {
  if (!project?.nodes || project.nodes.length === 0) return undefined;
  return { nodes: project.nodes, edges: project.edges ?? [] };
}
