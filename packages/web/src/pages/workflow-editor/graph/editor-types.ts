import type { Edge, Node } from '@xyflow/react';
import type { WorkflowNodeType } from '@gw/shared';

/** A node and an edge as the canvas holds them; graph/convert.ts maps them to and from the stored graph. */
export type EditorNode = Node<Record<string, unknown>, WorkflowNodeType>;
export type EditorEdge = Edge<Record<string, unknown>>;
