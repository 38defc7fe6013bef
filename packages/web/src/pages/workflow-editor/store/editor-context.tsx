import { createContext, useContext, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { createEditorStore, type EditorActions, type EditorState, type EditorStore } from './editor-store';

const EditorStoreContext = createContext<EditorStore | null>(null);

/** Gives the editor below it a store of its own, made once per mount. */
export function EditorStoreProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createEditorStore);
  return <EditorStoreContext.Provider value={store}>{children}</EditorStoreContext.Provider>;
}

export function useEditorStoreApi(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditorStore needs an EditorStoreProvider');
  return store;
}

export function useEditorStore<T>(selector: (state: EditorState & EditorActions) => T): T {
  return useStore(useEditorStoreApi(), selector);
}
