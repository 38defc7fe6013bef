import { useEffect } from 'react';
import { writeCachedWorkflow } from './graph/cache';
import { useEditorStoreApi } from './store/editor-context';

/** How long the editor rests before the local copy is written (a drag is one write, not one per frame). */
export const CACHE_WRITE_DELAY_MS = 500;

/** Writes the local copy `workflow_{id}` after every change of the graph (spec 3 §4). */
export function useCacheWriter(enabled: boolean) {
  const store = useEditorStoreApi();
  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe((state, previous) => {
      if (!state.project || !state.dirty) return;
      if (state.nodes === previous.nodes && state.edges === previous.edges && state.viewport === previous.viewport) return;
      clearTimeout(timer);
      timer = setTimeout(() => writeCachedWorkflow(state.project!.id, store.getState().graph()), CACHE_WRITE_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [enabled, store]);
}
