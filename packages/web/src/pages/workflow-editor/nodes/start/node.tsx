import type { NodeProps } from '@xyflow/react';
import type { EditorNode } from '../../graph/editor-types';
import { NodeCard } from '../node-card';
import { startDefaults } from './defaults';

export function StartNode({ data, selected }: NodeProps<EditorNode>) {
  return <NodeCard defaults={startDefaults} data={data} selected={Boolean(selected)} summary="工作流从这里开始" />;
}
