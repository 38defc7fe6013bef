import type { NodeProps } from '@xyflow/react';
import type { EditorNode } from '../../graph/editor-types';
import { NodeCard } from '../node-card';
import { answerDefaults } from './defaults';

export function AnswerNode({ data, selected }: NodeProps<EditorNode>) {
  return <NodeCard defaults={answerDefaults} data={data} selected={Boolean(selected)} summary={<code>{String(data.answer ?? '')}</code>} />;
}
