import { useEffect, useState } from 'react';
import { callQuietly } from '@/api/http';
import { listDatasets } from '@/api/data-library';
import { listUserFiles } from '@/api/user-files';

/** The choices of the input panel: the data market's datasets or the user's library files. */
export interface SourceOption {
  id: number;
  name: string;
  /** The text fields a file has ([] for a dataset: useDatasetFields reads those of the one chosen). */
  fields: string[];
}

/** Enough for a picker; the search box narrows it on the server. */
const OPTION_PAGE_SIZE = 100;

export function useSourceOptions(kind: 'dataset' | 'file', search: string) {
  const [options, setOptions] = useState<SourceOption[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let current = true;
    setState('loading');
    const load =
      kind === 'dataset'
        ? callQuietly(listDatasets({ page: 1, page_size: OPTION_PAGE_SIZE, types: [], description: search })).then((page) =>
            page?.list.map((dataset) => ({ id: dataset.id, name: dataset.name || dataset.title, fields: [] })),
          )
        : callQuietly(listUserFiles({ page: 1, page_size: OPTION_PAGE_SIZE, search_key: search })).then((page) =>
            page?.list.map((file) => ({ id: file.id, name: file.filename, fields: file.fields })),
          );
    void load.then((list) => {
      if (!current) return;
      setOptions(list ?? []);
      setState(list ? 'ready' : 'failed');
    });
    return () => {
      current = false;
    };
  }, [kind, search]);

  return { options, state };
}
