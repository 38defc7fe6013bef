import type { ComponentType } from 'react';
import type { NodeProps } from '@xyflow/react';
import type { WorkflowNodeType } from '@gw/shared';
import type { EditorNode } from '../graph/editor-types';

/** What a node type's folder gives the registry: its canvas look, its settings panel, and its defaults. */
export interface NodeDefaults {
  type: WorkflowNodeType;
  /** The name the palette, the card and the panel show. */
  label: string;
  /** A fresh copy of the type's default data (spec 3 §3). */
  createData: () => Record<string, unknown>;
  /** What is missing before the node can run; undefined when it is complete. */
  check: (data: Record<string, unknown>) => string | undefined;
  /** Whether edges may leave or enter the node. */
  hasSource: boolean;
  hasTarget: boolean;
}

export interface NodePanelProps {
  node: EditorNode;
  onChange: (patch: Record<string, unknown>) => void;
}

export interface NodeDefinition extends NodeDefaults {
  node: ComponentType<NodeProps<EditorNode>>;
  panel: ComponentType<NodePanelProps>;
}
