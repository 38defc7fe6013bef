import { describe, expect, it } from 'vitest';
import { createNode } from './default-graph';
import { toEditorNode } from './convert';
import { NODE_GAP, placeNewNode } from './place-node';

const node = (id: string, x: number, y: number) => toEditorNode(createNode('input', { x, y }, id));
const view = { x: 0, y: 0, width: 1000, height: 600 };

describe(placeNewNode.name, () => {
  it('puts the node to the right of the selected one, at its height', () => {
    expect(placeNewNode('llm', [node('a', 100, 100)], 'a', view)).toEqual({ x: 100 + 244 + NODE_GAP, y: 100, width: 244, height: 98 });
  });

  it('moves it down below the nodes already there', () => {
    const nodes = [node('a', 100, 100), node('b', 384, 100), node('c', 384, 230)];
    expect(placeNewNode('llm', nodes, 'a', view)).toMatchObject({ x: 384, y: 230 + 90 + NODE_GAP });
  });

  it('with none selected, centres it in what the canvas shows', () => {
    expect(placeNewNode('prompt', [node('a', 2000, 2000)], null, { x: -500, y: 100, width: 1000, height: 600 })).toEqual({ x: -122, y: 355, width: 244, height: 90 });
  });

  it('with none selected, moves it down off a node in the middle', () => {
    expect(placeNewNode('prompt', [node('a', 378, 255)], null, view)).toMatchObject({ x: 378, y: 255 + 90 + NODE_GAP });
  });
});
