import { useEffect, useState } from 'react';
import type { WorkflowDatasetFields } from '@gw/shared';
import { callQuietly } from '@/api/http';
import { datasetFields } from '@/api/workflow-runs';

export type DatasetFieldsState = { state: 'none' | 'loading' | 'failed' } | ({ state: 'ready' } & WorkflowDatasetFields);

/**
 * The fields of the dataset the input node reads (`none` while it reads no dataset). Derived from
 * the id each render, so that the render after another dataset is picked never shows the fields of
 * the one before.
 */
export function useDatasetFields(datasetId: number): DatasetFieldsState {
  const [loaded, setLoaded] = useState<{ id: number; found: WorkflowDatasetFields | undefined }>();

  useEffect(() => {
    if (datasetId <= 0) return;
    let current = true;
    void callQuietly(datasetFields(datasetId)).then((found) => {
      if (current) setLoaded({ id: datasetId, found });
    });
    return () => {
      current = false;
    };
  }, [datasetId]);

  if (datasetId <= 0) return { state: 'none' };
  if (loaded?.id !== datasetId) return { state: 'loading' };
  return loaded.found ? { state: 'ready', ...loaded.found } : { state: 'failed' };
}
