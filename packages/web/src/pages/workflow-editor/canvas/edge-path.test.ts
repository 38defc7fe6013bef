import { describe, expect, it } from 'vitest';
import { Position } from '@xyflow/react';
import { edgePath, isNearlyHorizontal } from './edge-path';

const ends = (sourceY: number, targetY: number) => ({ sourceX: 0, sourceY, targetX: 300, targetY, sourcePosition: Position.Right, targetPosition: Position.Left });

describe(edgePath.name, () => {
  it('draws a straight line when the vertical gap is at most 20, else a curve', () => {
    expect(isNearlyHorizontal(100, 120)).toBe(true);
    expect(isNearlyHorizontal(100, 121)).toBe(false);
    expect(edgePath(ends(100, 80))).toMatchObject({ straight: true, path: 'M 0,100L 300,80' });
    const curved = edgePath(ends(100, 200));
    expect(curved.straight).toBe(false);
    expect(curved.path).toContain('C');
  });
});
