import { useEffect, useState } from 'react';
import { MSG_WORKFLOW_RUNS_FAILED, type WorkflowRunView } from '@gw/shared';
import { listRuns } from '@/api/workflow-runs';
import { runCall } from '@/pages/workflow/workflow-view';
import { RECENT_COUNT } from './workspace-view';

/** The latest workflow runs (the first page of the results list); the datasets card reads them too. */
export function useRecentRuns() {
  const [runs, setRuns] = useState<WorkflowRunView[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    void runCall(listRuns({ page: 1, page_size: RECENT_COUNT }), MSG_WORKFLOW_RUNS_FAILED).then((result) => {
      if (!active) return;
      setRuns(result?.data.list ?? []);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, []);

  return { runs, loading };
}
