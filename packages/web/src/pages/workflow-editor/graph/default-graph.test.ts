import { describe, expect, it } from 'vitest';
import { PROJECT_TITLE_MAX_LENGTH } from '@gw/shared';
import { datasetGraph, datasetProjectTitle } from './default-graph';

describe('graph started from a dataset', () => {
  it('is start → input, the input naming the dataset and the question field', () => {
    const sut = datasetGraph(42);
    expect(sut.nodes.map((node) => node.type)).toEqual(['start', 'input']);
    expect(sut.nodes[1].data.variables).toEqual([
      expect.objectContaining({ variable: 'data_market_id', type: 'data-market-sample', default: 42, options: [{ label: 'data_source_key', value: 'question' }] }),
    ]);
    expect(sut.edges).toEqual([expect.objectContaining({ source: 'start-1', target: sut.nodes[1].id, type: 'custom' })]);
  });

  it('names the project after the dataset with the local date and minute', () => {
    expect(datasetProjectTitle('小学数学选择题', new Date(2026, 10, 24, 15, 30, 59))).toBe('小学数学选择题 2026-11-24 15:30');
    expect(datasetProjectTitle('x'.repeat(200), new Date(2026, 0, 2, 3, 4))).toHaveLength(PROJECT_TITLE_MAX_LENGTH);
  });
});
