import { Button } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import type { WorkflowNodeType } from '@gw/shared';
import { NODE_REGISTRY } from '../nodes/registry';
import { useEditorStore } from '../store/editor-context';

/** The types a user adds; start only while the graph has none (the server allows exactly one). */
const ADDABLE: WorkflowNodeType[] = ['start', 'input', 'prompt', 'llm', 'answer'];

export function NodePalette() {
  const hasStart = useEditorStore((state) => state.nodes.some((node) => node.type === 'start'));
  const addNode = useEditorStore((state) => state.addNode);
  return (
    <div className="wf-palette" role="toolbar" aria-label="添加节点">
      {ADDABLE.filter((type) => type !== 'start' || !hasStart).map((type) => (
        <Button key={type} size="small" icon={<IconPlus />} onClick={() => addNode(type)}>
          {NODE_REGISTRY[type].label}
        </Button>
      ))}
    </div>
  );
}
