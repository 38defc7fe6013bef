import { useEffect, useRef } from 'react';
import { Background, Controls, ReactFlow, type Viewport } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { WORKFLOW_EDGE_TYPE, WORKFLOW_PAN_DELAY_MS } from '@gw/shared';
import { useNarrowScreen } from '@/lib/screen';
import { NODE_TYPES } from '../nodes/registry';
import { useEditorStore } from '../store/editor-context';
import { EDGE_TYPES } from './custom-edge';

const DEFAULT_EDGE_OPTIONS = { type: WORKFLOW_EDGE_TYPE };
const DELETE_KEYS = ['Backspace', 'Delete'];

/**
 * The zoomable canvas. Scrolling pans it; the viewport is written to the store only once the
 * scroll has rested WORKFLOW_PAN_DELAY_MS (spec 3 §2.6: the 150 ms scroll pan delay), so that a
 * wheel gesture is one change, not one per event.
 */
export function WorkflowCanvas({ readOnly }: { readOnly: boolean }) {
  const nodes = useEditorStore((state) => state.nodes);
  const edges = useEditorStore((state) => state.edges);
  const viewport = useEditorStore((state) => state.viewport);
  const onNodesChange = useEditorStore((state) => state.onNodesChange);
  const onEdgesChange = useEditorStore((state) => state.onEdgesChange);
  const connect = useEditorStore((state) => state.connect);
  const select = useEditorStore((state) => state.select);
  const setViewport = useEditorStore((state) => state.setViewport);
  const panTimer = useRef<ReturnType<typeof setTimeout>>();
  // A saved desktop viewport would leave most of the graph off a phone's screen: fit it there instead.
  const narrow = useNarrowScreen();

  useEffect(() => () => clearTimeout(panTimer.current), []);

  const handleMove = (_event: unknown, next: Viewport) => {
    clearTimeout(panTimer.current);
    panTimer.current = setTimeout(() => setViewport({ x: next.x, y: next.y, zoom: next.zoom }), WORKFLOW_PAN_DELAY_MS);
  };

  return (
    <div className="wf-canvas" data-testid="workflow-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        defaultEdgeOptions={DEFAULT_EDGE_OPTIONS}
        defaultViewport={viewport}
        fitView={narrow}
        // Read-only: the graph pans and zooms, nothing in it moves, connects, opens its settings or is deleted.
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={readOnly ? undefined : connect}
        onNodeClick={readOnly ? undefined : (_event, node) => select(node.id)}
        onPaneClick={() => select(null)}
        onMove={handleMove}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        elementsSelectable={!readOnly}
        panOnScroll
        deleteKeyCode={readOnly ? null : DELETE_KEYS}
        minZoom={0.2}
        maxZoom={2}
      >
        <Background />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
