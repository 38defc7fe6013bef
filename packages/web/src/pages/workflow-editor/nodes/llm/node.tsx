import type { NodeProps } from '@xyflow/react';
import { llmModelsOf, llmVariantsOf } from '@gw/shared';
import type { EditorNode } from '../../graph/editor-types';
import { NodeCard } from '../node-card';
import { llmDefaults, modelOf } from './defaults';

export function LlmNode({ data, selected }: NodeProps<EditorNode>) {
  const models = llmModelsOf(data);
  const asked = models.length > 0 ? `${models.join('、')} · 温度 ${modelOf(data).completion_params.temperature}` : '未选择模型';
  const variants = llmVariantsOf(data).length;
  const summary = variants > 0 ? `${asked} · ${variants} 个提示词变体` : asked;
  return <NodeCard defaults={llmDefaults} data={data} selected={Boolean(selected)} summary={summary} />;
}
