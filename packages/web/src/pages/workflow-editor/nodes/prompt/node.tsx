import type { NodeProps } from '@xyflow/react';
import type { EditorNode } from '../../graph/editor-types';
import { NodeCard } from '../node-card';
import { promptDefaults, promptTextOf } from './defaults';

export function PromptNode({ data, selected }: NodeProps<EditorNode>) {
  const text = promptTextOf(data, 'system') || promptTextOf(data, 'user');
  return <NodeCard defaults={promptDefaults} data={data} selected={Boolean(selected)} summary={text ? text.slice(0, 40) : '未填写提示词'} />;
}
