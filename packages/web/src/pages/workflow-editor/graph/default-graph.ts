import {
  INPUT_NODE_POSITION,
  PROJECT_TITLE_MAX_LENGTH,
  START_NODE_DEFAULT,
  WORKFLOW_EDGE_TYPE,
  WORKFLOW_NODE_HEIGHTS,
  WORKFLOW_NODE_WIDTH,
  WORKFLOW_SAMPLE_FIELD_DEFAULT,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
  type WorkflowNodeType,
  type WorkflowPosition,
} from '@gw/shared';
import { sourceVariables } from '../nodes/input/defaults';
import { NODE_DEFAULTS } from '../nodes/defaults-registry';

/** New nodes and edges, and the graph a project started from a dataset opens with (spec 3 §2.6). */

/** A short id, unique enough within one graph (the server refuses duplicates and names the node). */
export const newId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

export function createNode(type: WorkflowNodeType, position: WorkflowPosition, id: string = newId(type)): WorkflowNode {
  return {
    id,
    type,
    position: { ...position },
    data: NODE_DEFAULTS[type].createData(),
    targetPosition: 'left',
    sourcePosition: 'right',
    width: WORKFLOW_NODE_WIDTH,
    height: WORKFLOW_NODE_HEIGHTS[type],
  };
}

export const createEdge = (source: string, target: string): WorkflowEdge => ({ id: `${source}-${target}`, source, target, type: WORKFLOW_EDGE_TYPE, data: {} });

/**
 * Start → input, the input reading `field` of the dataset's samples. No llm node: it must name a
 * model, which the user picks.
 */
export function datasetGraph(datasetId: number, field: string = WORKFLOW_SAMPLE_FIELD_DEFAULT): WorkflowGraph {
  const start = structuredClone(START_NODE_DEFAULT);
  const input = createNode('input', INPUT_NODE_POSITION, 'input-1');
  input.data.variables = sourceVariables({ kind: 'dataset', id: datasetId, field });
  return { nodes: [start, input], edges: [createEdge(start.id, input.id)], viewport: { x: 0, y: 0, zoom: 1 } };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `{dataset name} YYYY-MM-DD HH:mm` in local time; a long name is cut so the title stays within the server's limit. */
export function datasetProjectTitle(name: string, at: Date): string {
  const stamp = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return `${name.trim().slice(0, PROJECT_TITLE_MAX_LENGTH - stamp.length - 1)} ${stamp}`;
}
