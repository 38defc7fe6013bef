import { useEffect, useState } from 'react';
import { getDataset } from '@/api/data-library';
import { getUserFile } from '@/api/user-files';
import type { InputSource } from './defaults';

/** The name of what a source reads; undefined when the server says it does not exist, null when it could not be asked. */
async function lookUp({ kind, id }: Pick<InputSource, 'kind' | 'id'>): Promise<string | undefined | null> {
  try {
    const reply = kind === 'file' ? await getUserFile(id) : await getDataset(id);
    if (!reply.success) return undefined;
    return 'filename' in reply.data ? reply.data.filename : reply.data.name || reply.data.title;
  } catch {
    return null;
  }
}

/**
 * How a node names the dataset or file it reads: its name once known; `#7` while it loads or when
 * the server cannot be asked, `#7（已删除）` when the server says it is gone. The panel's list holds
 * only one page of choices, so the one chosen is asked for by id.
 */
export function useSourceName(source: Pick<InputSource, 'kind' | 'id'>): string {
  const { kind, id } = source;
  const key = `${kind}:${id}`;
  const [looked, setLooked] = useState<{ key: string; name: string | undefined | null }>();

  useEffect(() => {
    if (id <= 0) return;
    let current = true;
    void lookUp({ kind, id }).then((name) => {
      if (!current) return;
      setLooked({ key, name });
    });
    return () => {
      current = false;
    };
  }, [kind, id, key]);

  // Derived from the id each render, so another source never shows the name of the one before.
  if (looked?.key !== key || looked.name === null) return `#${id}`;
  return looked.name ?? `#${id}（已删除）`;
}
