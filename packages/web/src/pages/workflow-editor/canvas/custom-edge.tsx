import { BaseEdge, EdgeLabelRenderer, type EdgeProps } from '@xyflow/react';
import { IconClose } from '@arco-design/web-react/icon';
import { WORKFLOW_EDGE_HIT_WIDTH } from '@gw/shared';
import { useEditorStore } from '../store/editor-context';
import { edgePath } from './edge-path';

export const EDGE_COLOR = '#00b42a';
export const EDGE_SELECTED_COLOR = '#f53f3f';

/**
 * The 'custom' edge (spec 3 §2.6): green, red when selected; only a selected edge gets the 20 px hit
 * area and the delete control, so that an unselected one never steals clicks from the nodes near it.
 */
export function CustomEdge({ id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, selected, markerEnd }: EdgeProps) {
  const removeEdge = useEditorStore((state) => state.removeEdge);
  const { path, labelX, labelY } = edgePath({ sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition });
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        interactionWidth={selected ? WORKFLOW_EDGE_HIT_WIDTH : 0}
        style={{ stroke: selected ? EDGE_SELECTED_COLOR : EDGE_COLOR, strokeWidth: 2 }}
      />
      {selected ? (
        <EdgeLabelRenderer>
          <button
            type="button"
            className="wf-edge-delete nodrag nopan"
            aria-label="删除连线"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            onClick={() => removeEdge(id)}
          >
            <IconClose />
          </button>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
}

/** Module level, like NODE_TYPES. */
export const EDGE_TYPES = { custom: CustomEdge };
