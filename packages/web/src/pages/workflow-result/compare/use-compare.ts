import { useEffect, useRef, useState } from 'react';
import { WORKFLOW_RUN_DETAIL_PAGE_SIZE, type WorkflowCompare, type WorkflowCompareState } from '@gw/shared';
import { HttpError, showError } from '@/api/http';
import { compareRuns } from '@/api/workflow-runs';
import { failureText } from '@/pages/workflow/workflow-view';

/** The catalogue has no message of its own for this. */
export const MSG_COMPARE_FAILED = '获取对比结果失败';

type CompareQuery = Parameters<typeof compareRuns>[0];

/** The comparison, or the server's reason for refusing it (shown on the page, not as a toast). */
async function readCompare(query: CompareQuery): Promise<{ data: WorkflowCompare } | { error: string }> {
  try {
    const reply = await compareRuns(query);
    return reply.success ? { data: reply.data } : { error: reply.message || MSG_COMPARE_FAILED };
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) showError(error);
    return { error: failureText(MSG_COMPARE_FAILED, error instanceof HttpError ? error.message : undefined) };
  }
}

/**
 * Two runs compared: the summary, the counts and a page of samples, filtered by state on the server.
 * A new filter goes back to page 1; the last reply stays shown while the next one loads.
 */
export function useCompare(base: number, other: number) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<WorkflowCompareState | undefined>(undefined);
  const [data, setData] = useState<WorkflowCompare | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    void readCompare({ base, other, page, page_size: WORKFLOW_RUN_DETAIL_PAGE_SIZE, state }).then((result) => {
      if (ticket !== latest.current) return;
      if ('data' in result) {
        setData(result.data);
        setError('');
      } else {
        setData(null);
        setError(result.error);
      }
      setLoading(false);
    });
  }, [base, other, page, state]);

  const handleState = (next: WorkflowCompareState | undefined) => {
    setState(next);
    setPage(1);
  };

  return { data, error, loading, page, setPage, state, handleState };
}
