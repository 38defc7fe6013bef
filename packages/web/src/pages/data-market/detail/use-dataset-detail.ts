import { useEffect, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { MSG_DATASET_DETAIL_FAILED, type DatasetView, type SourceRowView } from '@gw/shared';
import { callQuietly } from '@/api/http';
import { getDataset, listSourceRows } from '@/api/data-library';

/** Samples on the detail page (within what a guest may read). */
export const DETAIL_SAMPLE_ROWS = 10;

export type DetailState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; dataset: DatasetView; rows: SourceRowView[] };

/**
 * The dataset and its first samples. A dataset that cannot be read is the page's failure (spec 3 §8
 * "Detail page"); samples that cannot be read only leave the sample table empty. `sampleRows` 0
 * reads no samples (the view-all page loads its own).
 */
export function useDatasetDetail(id: string | undefined, sampleRows: number = DETAIL_SAMPLE_ROWS): DetailState {
  const [state, setState] = useState<DetailState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void (async () => {
      const [dataset, rows] = await Promise.all([
        id ? callQuietly(getDataset(id)) : Promise.resolve(undefined),
        id && sampleRows > 0 ? callQuietly(listSourceRows(id, 1, sampleRows)) : Promise.resolve(undefined),
      ]);
      if (!current) return;
      if (!dataset) {
        Message.error(MSG_DATASET_DETAIL_FAILED);
        setState({ status: 'failed' });
        return;
      }
      setState({ status: 'ready', dataset, rows: rows?.list ?? [] });
    })();
    return () => {
      current = false;
    };
  }, [id, sampleRows]);

  return state;
}
