import { Button } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useReactFlow, useStoreApi } from '@xyflow/react';
import type { WorkflowNodeType } from '@gw/shared';
import { contains, placeNewNode } from '../graph/place-node';
import { NODE_REGISTRY } from '../nodes/registry';
import { useEditorStore, useEditorStoreApi } from '../store/editor-context';

/** The types a user adds; start only while the graph has none (the server allows exactly one). */
const ADDABLE: WorkflowNodeType[] = ['start', 'input', 'prompt', 'llm', 'answer'];

export function NodePalette() {
  const hasStart = useEditorStore((state) => state.nodes.some((node) => node.type === 'start'));
  const editor = useEditorStoreApi();
  const flow = useReactFlow();
  const flowStore = useStoreApi();

  const handleAdd = (type: WorkflowNodeType) => {
    const { x, y, zoom } = flow.getViewport();
    const { width, height } = flowStore.getState();
    const view = { x: -x / zoom, y: -y / zoom, width: width / zoom, height: height / zoom };
    const { nodes, selectedNodeId, addNode } = editor.getState();
    const place = placeNewNode(type, nodes, selectedNodeId, view);
    addNode(type, { x: place.x, y: place.y });
    // Beside a node near the edge, or below a crowded middle, it may lie outside the view: bring it in.
    if (!contains(view, place)) void flow.setCenter(place.x + place.width / 2, place.y + place.height / 2, { zoom });
  };

  return (
    <div className="wf-palette" role="toolbar" aria-label="添加节点">
      {ADDABLE.filter((type) => type !== 'start' || !hasStart).map((type) => (
        <Button key={type} size="small" icon={<IconPlus />} onClick={() => handleAdd(type)}>
          {NODE_REGISTRY[type].label}
        </Button>
      ))}
    </div>
  );
}
