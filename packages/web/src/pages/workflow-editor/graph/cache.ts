import { WORKFLOW_CACHE_KEEP, WORKFLOW_CACHE_PREFIX, WORKFLOW_CACHE_VERSION, type WorkflowGraph } from '@gw/shared';

/**
 * The local copy of a project's graph (spec 3 §3 "Local storage", §4): `workflow_{id}` holding
 * {data, timestamp, version}. It keeps edits that were not saved yet across a reload. When the
 * storage is full, only the WORKFLOW_CACHE_KEEP most recent workflow entries stay and the write is
 * tried once more.
 */

export interface CachedWorkflow {
  data: WorkflowGraph;
  /** Milliseconds since the epoch. */
  timestamp: number;
  version: string;
}

export const cacheKey = (projectId: number | string) => `${WORKFLOW_CACHE_PREFIX}${projectId}`;

function readEntry(storage: Storage, key: string): CachedWorkflow | undefined {
  try {
    const value = JSON.parse(storage.getItem(key) ?? '') as Partial<CachedWorkflow>;
    if (value && typeof value.timestamp === 'number' && value.version === WORKFLOW_CACHE_VERSION && value.data && Array.isArray(value.data.nodes)) {
      return value as CachedWorkflow;
    }
  } catch {
    // not ours, or damaged: treated as absent
  }
  return undefined;
}

export function readCachedWorkflow(projectId: number | string, storage: Storage = localStorage): CachedWorkflow | undefined {
  return readEntry(storage, cacheKey(projectId));
}

/** Removes all but the `keep` most recent workflow entries; other keys are left alone. */
export function pruneWorkflowCache(storage: Storage = localStorage, keep: number = WORKFLOW_CACHE_KEEP): void {
  const entries: Array<{ key: string; timestamp: number }> = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (!key?.startsWith(WORKFLOW_CACHE_PREFIX)) continue;
    const entry = readEntry(storage, key);
    if (entry) entries.push({ key, timestamp: entry.timestamp });
  }
  entries.sort((a, b) => b.timestamp - a.timestamp);
  for (const { key } of entries.slice(keep)) storage.removeItem(key);
}

/** Writes the entry; on overflow prunes and retries once. Answers whether it was stored. */
export function writeCachedWorkflow(projectId: number | string, data: WorkflowGraph, now: number = Date.now(), storage: Storage = localStorage): boolean {
  const text = JSON.stringify({ data, timestamp: now, version: WORKFLOW_CACHE_VERSION } satisfies CachedWorkflow);
  try {
    storage.setItem(cacheKey(projectId), text);
    return true;
  } catch {
    pruneWorkflowCache(storage);
    try {
      storage.setItem(cacheKey(projectId), text);
      return true;
    } catch {
      return false;
    }
  }
}
