import { Button, Input, Typography } from '@arco-design/web-react';
import { IconClose, IconDelete } from '@arco-design/web-react/icon';
import { NODE_REGISTRY } from '../nodes/registry';
import { useEditorStore } from '../store/editor-context';

/** The selected node's settings, beside the canvas (a phone's editor is read-only and has none). */
export function SettingsPanel() {
  const node = useEditorStore((state) => state.nodes.find((candidate) => candidate.id === state.selectedNodeId));
  const select = useEditorStore((state) => state.select);
  const updateNodeData = useEditorStore((state) => state.updateNodeData);
  const removeNode = useEditorStore((state) => state.removeNode);

  if (!node) return null;
  const definition = NODE_REGISTRY[node.type as keyof typeof NODE_REGISTRY];
  const Panel = definition.panel;
  const handleChange = (patch: Record<string, unknown>) => updateNodeData(node.id, patch);
  const title = `${definition.label}节点`;

  return (
    <aside className="wf-settings" aria-label={title}>
      <div className="wf-settings-head">
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Button size="small" type="text" icon={<IconClose />} aria-label="关闭设置" onClick={() => select(null)} />
      </div>
      <div className="wf-settings-body">
        <Typography.Text type="secondary">ID：{node.id}</Typography.Text>
        <Typography.Text bold>描述</Typography.Text>
        <Input aria-label="节点描述" value={String(node.data.desc ?? '')} onChange={(desc) => handleChange({ desc })} placeholder="这个节点做什么（可选）" />
        <Panel node={node} onChange={handleChange} />
        <Button status="danger" icon={<IconDelete />} onClick={() => removeNode(node.id)}>
          删除节点
        </Button>
      </div>
    </aside>
  );
}
