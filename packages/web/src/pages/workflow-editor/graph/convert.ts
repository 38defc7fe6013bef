import { Position } from '@xyflow/react';
import {
  WORKFLOW_EDGE_TYPE,
  WORKFLOW_NODE_HEIGHTS,
  WORKFLOW_NODE_WIDTH,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
  type WorkflowViewport,
} from '@gw/shared';
import type { EditorEdge, EditorNode } from './editor-types';

/** Stored graph ⇄ canvas: the canvas adds its own fields (measured, dragging); the stored graph keeps spec 3 §3's. */

const asPosition = (value: string | undefined, fallback: Position): Position =>
  (Object.values(Position) as string[]).includes(value ?? '') ? (value as Position) : fallback;

export function toEditorNode(node: WorkflowNode): EditorNode {
  return {
    id: node.id,
    type: node.type,
    position: { x: node.position.x, y: node.position.y },
    data: { ...node.data },
    targetPosition: asPosition(node.targetPosition, Position.Left),
    sourcePosition: asPosition(node.sourcePosition, Position.Right),
    width: node.width ?? WORKFLOW_NODE_WIDTH,
    height: node.height ?? WORKFLOW_NODE_HEIGHTS[node.type],
  };
}

export function toEditorEdge(edge: WorkflowEdge): EditorEdge {
  return { id: edge.id, source: edge.source, target: edge.target, type: WORKFLOW_EDGE_TYPE, data: { ...(edge.data ?? {}) } };
}

export function toWorkflowNode(node: EditorNode): WorkflowNode {
  return {
    id: node.id,
    type: node.type as WorkflowNode['type'],
    position: { x: node.position.x, y: node.position.y },
    data: { ...node.data, selected: Boolean(node.selected) },
    targetPosition: node.targetPosition ?? Position.Left,
    sourcePosition: node.sourcePosition ?? Position.Right,
    width: node.width ?? WORKFLOW_NODE_WIDTH,
    height: node.height ?? WORKFLOW_NODE_HEIGHTS[node.type as WorkflowNode['type']],
  };
}

export function toWorkflowEdge(edge: EditorEdge): WorkflowEdge {
  return { id: edge.id, source: edge.source, target: edge.target, type: WORKFLOW_EDGE_TYPE, data: { ...(edge.data ?? {}) } };
}

export function toGraph(nodes: EditorNode[], edges: EditorEdge[], viewport: WorkflowViewport): WorkflowGraph {
  return { nodes: nodes.map(toWorkflowNode), edges: edges.map(toWorkflowEdge), viewport: { ...viewport } };
}
