import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG_WORKFLOW_RUNS_FAILED, WORKFLOW_POLL_INTERVAL_MS, WORKFLOW_RUN_DETAIL_PAGE_SIZE, type WorkflowRunSample, type WorkflowRunView } from '@gw/shared';
import { callQuietly } from '@/api/http';
import { runDetail, runStatus } from '@/api/workflow-runs';
import { runCall } from '@/pages/workflow/workflow-view';

/**
 * One run and a page of its samples (spec 3 §2.7). The run handed over by the list is shown at once
 * and replaced by the server's with every page read. While the run is running its progress is
 * polled every 5 s (spec 3 §9); when it stops, the run and the page are read again.
 */
export function useRunDetail(id: number, handed: WorkflowRunView | null) {
  const [run, setRun] = useState<WorkflowRunView | null>(handed);
  const [page, setPage] = useState(1);
  const [samples, setSamples] = useState<WorkflowRunSample[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    void runCall(runDetail(id, page, WORKFLOW_RUN_DETAIL_PAGE_SIZE), MSG_WORKFLOW_RUNS_FAILED).then((result) => {
      if (ticket !== latest.current) return;
      if (result) {
        setRun(result.data.run);
        setSamples(result.data.list);
        setTotal(result.data.total);
      }
      setLoading(false);
    });
  }, [id, page, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const running = run?.status === 'running';

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      void callQuietly(runStatus(id)).then((status) => {
        if (!status) return;
        setRun((current) => (current ? { ...current, done: status.done, failed: status.failed, total: status.total } : current));
        if (status.Status !== 'running') reload();
      });
    }, WORKFLOW_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [id, running, reload]);

  return { run, setRun, page, setPage, samples, total, loading, reload };
}
