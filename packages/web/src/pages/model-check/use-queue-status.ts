import { useEffect, useState } from 'react';
import { call } from '@/api/http';
import { listQueueStatus, type QueueStatus } from '@/api/jobs';

/**
 * The background queues, read again whenever version changes. A failed load shows the server's
 * message and keeps what is shown.
 */
export function useQueueStatus(version: number) {
  const [queues, setQueues] = useState<QueueStatus[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void call(listQueueStatus()).then((found) => {
      if (!active) return;
      if (found) setQueues(found);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [version]);

  return { queues, loading };
}
