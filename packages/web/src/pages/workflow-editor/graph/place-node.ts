import { WORKFLOW_NODE_HEIGHTS, WORKFLOW_NODE_WIDTH, type WorkflowNodeType, type WorkflowPosition } from '@gw/shared';
import type { EditorNode } from './editor-types';

/** A rectangle in the canvas's own (flow) coordinates. */
export interface FlowRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The space left between a new node and its neighbours. */
export const NODE_GAP = 40;

const rectOf = (node: EditorNode): FlowRect => ({
  x: node.position.x,
  y: node.position.y,
  width: node.width ?? WORKFLOW_NODE_WIDTH,
  height: node.height ?? WORKFLOW_NODE_HEIGHTS[node.type ?? 'start'],
});

const overlaps = (a: FlowRect, b: FlowRect) => a.x < b.x + b.width + NODE_GAP && b.x < a.x + a.width + NODE_GAP && a.y < b.y + b.height + NODE_GAP && b.y < a.y + a.height + NODE_GAP;

export const contains = (outer: FlowRect, inner: FlowRect) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;

/**
 * Where a node added from the palette goes: to the right of the selected node, or, with none
 * selected, in the middle of what the canvas shows (`view`); moved down below whatever is already
 * there, so that it never hides another node.
 */
export function placeNewNode(type: WorkflowNodeType, nodes: EditorNode[], selectedId: string | null, view: FlowRect): FlowRect {
  const selected = nodes.find((node) => node.id === selectedId);
  const width = WORKFLOW_NODE_WIDTH;
  const height = WORKFLOW_NODE_HEIGHTS[type];
  const start: WorkflowPosition = selected
    ? { x: selected.position.x + rectOf(selected).width + NODE_GAP, y: selected.position.y }
    : { x: Math.round(view.x + (view.width - width) / 2), y: Math.round(view.y + (view.height - height) / 2) };
  const place: FlowRect = { ...start, width, height };
  const others = nodes.map(rectOf);
  // Each step moves below one node in the way, so as many steps as nodes always end on a free spot.
  for (let step = 0; step < others.length; step += 1) {
    const blocking = others.find((other) => overlaps(place, other));
    if (!blocking) break;
    place.y = blocking.y + blocking.height + NODE_GAP;
  }
  return place;
}
