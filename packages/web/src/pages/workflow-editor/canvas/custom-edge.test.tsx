import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Position, ReactFlowProvider, useStoreApi } from '@xyflow/react';
import { useEffect } from 'react';
import { datasetGraph } from '../graph/default-graph';
import { EditorStoreProvider, useEditorStoreApi } from '../store/editor-context';
import type { EditorStore } from '../store/editor-store';
import { CustomEdge, EDGE_COLOR, EDGE_SELECTED_COLOR } from './custom-edge';

let store: EditorStore | undefined;

function Capture() {
  const api = useEditorStoreApi();
  useEffect(() => {
    api.getState().load({ id: 1, name: 'p', description: '', status: 'draft' }, datasetGraph(1));
    store = api;
  }, [api]);
  return null;
}

/** Where React Flow's canvas would put edge labels: the delete control is rendered there. */
function LabelLayer() {
  const flow = useStoreApi();
  useEffect(() => {
    const domNode = document.createElement('div');
    domNode.innerHTML = '<div class="react-flow__edgelabel-renderer"></div>';
    document.body.appendChild(domNode);
    flow.setState({ domNode });
    return () => domNode.remove();
  }, [flow]);
  return null;
}

function renderEdge(selected: boolean) {
  const id = 'start-1-input-1';
  render(
    <ReactFlowProvider>
      <EditorStoreProvider>
        <Capture />
        <LabelLayer />
        <svg>
          <CustomEdge
            id={id}
            source="start-1"
            target="input-1"
            sourceX={0}
            sourceY={100}
            targetX={300}
            targetY={300}
            sourcePosition={Position.Right}
            targetPosition={Position.Left}
            selected={selected}
          />
        </svg>
      </EditorStoreProvider>
    </ReactFlowProvider>,
  );
}

afterEach(() => {
  store = undefined;
});

describe(CustomEdge.name, () => {
  it('is green with no hit area and no delete control when not selected', () => {
    renderEdge(false);
    const path = document.querySelector('path.react-flow__edge-path') as SVGPathElement;
    expect(path.style.stroke).toBe(EDGE_COLOR);
    expect(document.querySelector('path.react-flow__edge-interaction')).toBeNull();
    expect(screen.queryByRole('button', { name: '删除连线' })).toBeNull();
  });

  it('is red with a 20 px hit area when selected; its delete control removes the edge', async () => {
    renderEdge(true);
    const path = document.querySelector('path.react-flow__edge-path') as SVGPathElement;
    expect(path.style.stroke).toBe(EDGE_SELECTED_COLOR);
    expect(document.querySelector('path.react-flow__edge-interaction')?.getAttribute('stroke-width')).toBe('20');
    expect(store!.getState().edges).toHaveLength(1);
    fireEvent.click(await screen.findByRole('button', { name: '删除连线' }));
    expect(store!.getState().edges).toEqual([]);
    expect(store!.getState().dirty).toBe(true);
  });
});
