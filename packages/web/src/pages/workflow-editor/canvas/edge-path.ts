import { getBezierPath, getStraightPath, type Position } from '@xyflow/react';
import { WORKFLOW_EDGE_HORIZONTAL_GAP } from '@gw/shared';

/** A "nearly horizontal" edge (vertical gap ≤ 20, spec 3 §2.6) is drawn straight; others as a bezier curve. */
export const isNearlyHorizontal = (sourceY: number, targetY: number) => Math.abs(sourceY - targetY) <= WORKFLOW_EDGE_HORIZONTAL_GAP;

export interface EdgeEnds {
  sourceX: number;
  sourceY: number;
  targetX: number;
  targetY: number;
  sourcePosition: Position;
  targetPosition: Position;
}

/** The SVG path and the label point (where the delete control sits). */
export function edgePath(ends: EdgeEnds): { path: string; labelX: number; labelY: number; straight: boolean } {
  if (isNearlyHorizontal(ends.sourceY, ends.targetY)) {
    const [path, labelX, labelY] = getStraightPath(ends);
    return { path, labelX, labelY, straight: true };
  }
  const [path, labelX, labelY] = getBezierPath(ends);
  return { path, labelX, labelY, straight: false };
}
