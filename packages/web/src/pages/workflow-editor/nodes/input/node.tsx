import type { NodeProps } from '@xyflow/react';
import type { EditorNode } from '../../graph/editor-types';
import { NodeCard } from '../node-card';
import { inputDefaults, inputSourceOf } from './defaults';
import { useSourceName } from './use-source-name';

export function InputNode({ data, selected }: NodeProps<EditorNode>) {
  const source = inputSourceOf(data);
  const name = useSourceName(source);
  // The field is a key of the data, shown as code (like the answer node's reference).
  const summary =
    source.id > 0 ? (
      <>
        {source.kind === 'file' ? '文件' : '数据集'} {name} · <code>{source.field}</code>
      </>
    ) : (
      '未选择数据来源'
    );
  return <NodeCard defaults={inputDefaults} data={data} selected={Boolean(selected)} summary={summary} />;
}
