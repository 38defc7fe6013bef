import type { NodeProps } from '@xyflow/react';
import type { EditorNode } from '../../graph/editor-types';
import { NodeCard } from '../node-card';
import { llmDefaults, modelOf } from './defaults';

export function LlmNode({ data, selected }: NodeProps<EditorNode>) {
  const model = modelOf(data);
  const summary = model.name ? `${model.name} · 温度 ${model.completion_params.temperature}` : '未选择模型';
  return <NodeCard defaults={llmDefaults} data={data} selected={Boolean(selected)} summary={summary} />;
}
