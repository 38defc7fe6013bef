import { afterEach, describe, expect, it } from 'vitest';
import type { WorkflowGraph } from '@gw/shared';
import { datasetGraph } from './default-graph';
import { pruneWorkflowCache, readCachedWorkflow, writeCachedWorkflow } from './cache';

const graph: WorkflowGraph = datasetGraph(3);

/** A storage that refuses writes once it holds `limit` keys (a full localStorage). */
function limitedStorage(limit: number): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => {
      if (!map.has(key) && map.size >= limit) throw new DOMException('full', 'QuotaExceededError');
      map.set(key, value);
    },
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

afterEach(() => localStorage.clear());

describe('workflow cache', () => {
  it('writes workflow_{id} as {data, timestamp, version 1.0} and reads it back', () => {
    expect(writeCachedWorkflow(12, graph, 1000)).toBe(true);
    expect(JSON.parse(localStorage.getItem('workflow_12')!)).toEqual({ data: graph, timestamp: 1000, version: '1.0' });
    expect(readCachedWorkflow(12)).toEqual({ data: graph, timestamp: 1000, version: '1.0' });
    expect(readCachedWorkflow(13)).toBeUndefined();
  });

  it('ignores a damaged entry or another version', () => {
    localStorage.setItem('workflow_1', '{not json');
    localStorage.setItem('workflow_2', JSON.stringify({ data: graph, timestamp: 1, version: '0.9' }));
    expect(readCachedWorkflow(1)).toBeUndefined();
    expect(readCachedWorkflow(2)).toBeUndefined();
  });

  it('keeps only the 10 most recent workflow entries and leaves other keys alone', () => {
    const storage = limitedStorage(100);
    storage.setItem('user', 'alice');
    for (let id = 1; id <= 14; id += 1) writeCachedWorkflow(id, graph, id * 100, storage);
    pruneWorkflowCache(storage);
    const kept = Array.from({ length: 14 }, (_, index) => index + 1).filter((id) => readCachedWorkflow(id, storage));
    expect(kept).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(storage.getItem('user')).toBe('alice');
  });

  it('on overflow prunes to 10 entries and retries the write', () => {
    const storage = limitedStorage(12);
    storage.setItem('user', 'alice');
    for (let id = 1; id <= 11; id += 1) writeCachedWorkflow(id, graph, id * 100, storage);
    expect(storage.length).toBe(12);
    expect(writeCachedWorkflow(99, graph, 5000, storage)).toBe(true);
    expect(readCachedWorkflow(99, storage)?.timestamp).toBe(5000);
    // The oldest went so that the new one fits.
    expect(readCachedWorkflow(1, storage)).toBeUndefined();
    expect(readCachedWorkflow(11, storage)).toBeDefined();
  });
});
