import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG_WORKFLOW_RUNS_FAILED, WORKFLOW_RUN_PAGE_SIZE, type WorkflowRunView } from '@gw/shared';
import { listRuns } from '@/api/workflow-runs';
import { runCall } from '@/pages/workflow/workflow-view';

/** The run list (spec 3 §2.7): page of 10, newest first, search in the project title. */
export function useRunList() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [list, setList] = useState<WorkflowRunView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    // Only the answer to the latest request is shown, however the replies arrive.
    const ticket = ++latest.current;
    setLoading(true);
    void runCall(listRuns({ page, page_size: WORKFLOW_RUN_PAGE_SIZE, search_key: search }), MSG_WORKFLOW_RUNS_FAILED).then((result) => {
      if (ticket !== latest.current) return;
      setList(result?.data.list ?? []);
      setTotal(result?.data.total ?? 0);
      setLoading(false);
    });
  }, [page, search, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const handleSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);
  /** After a delete: the page before when the last run of a later page went. */
  const afterDelete = useCallback(() => {
    if (list.length === 1 && page > 1) setPage(page - 1);
    else reload();
  }, [list.length, page, reload]);

  return { page, setPage, search, list, total, loading, handleSearch, afterDelete };
}
