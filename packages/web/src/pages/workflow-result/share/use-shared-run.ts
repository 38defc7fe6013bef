import { useEffect, useRef, useState } from 'react';
import { type SharedRun, WORKFLOW_RUN_DETAIL_PAGE_SIZE, type WorkflowRunSample } from '@gw/shared';
import { describeError } from '@/api/http';
import { sharedRun, sharedSamples } from './share-api';

/** Why the page shows nothing: the server's message (分享链接无效或已失效) or the failed request's. */
async function readShared<T>(promise: Promise<{ success: boolean; message: string; data: T }>): Promise<{ data: T } | { error: string }> {
  try {
    const reply = await promise;
    return reply.success ? { data: reply.data } : { error: reply.message };
  } catch (error) {
    return { error: describeError(error) };
  }
}

/**
 * A shared run read with its link's token alone: the run and its summary once, and its samples a
 * page at a time. Nothing here needs a session.
 */
export function useSharedRun(token: string) {
  const [shared, setShared] = useState<SharedRun | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [samples, setSamples] = useState<WorkflowRunSample[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  useEffect(() => {
    let active = true;
    void readShared(sharedRun(token)).then((result) => {
      if (!active) return;
      if ('data' in result) setShared(result.data);
      else setError(result.error);
    });
    return () => {
      active = false;
    };
  }, [token]);

  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    void readShared(sharedSamples(token, page, WORKFLOW_RUN_DETAIL_PAGE_SIZE)).then((result) => {
      if (ticket !== latest.current) return;
      if ('data' in result) {
        setSamples(result.data.list);
        setTotal(result.data.total);
      } else {
        setError(result.error);
      }
      setLoading(false);
    });
  }, [token, page]);

  return { shared, error, page, setPage, samples, total, loading };
}
