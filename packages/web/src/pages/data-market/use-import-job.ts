import { useCallback, useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { MSG_IMPORT_NOT_FOUND, type ImportView } from '@gw/shared';
import { getImport } from '@/api/data-library';
import { HttpError, showError } from '@/api/http';
import { isImportActive } from './import-view';

/** How often a running import is asked about (issue 14: progress visible while it runs). */
export const IMPORT_POLL_MS = 1000;

/**
 * One import followed on the server: asked about every second while queued or running. `onDone`
 * is called once when it finishes with status done (its records become visible then).
 */
export function useImportJob(onDone: () => void) {
  const [job, setJob] = useState<ImportView | null>(null);
  // A poll that failed on the network tries again at the next tick instead of giving up.
  const [retries, setRetries] = useState(0);
  const reported = useRef(new Set<number>());
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  const follow = useCallback((next: ImportView | null) => {
    setJob(next);
    if (next?.status === 'done' && !reported.current.has(next.id)) {
      reported.current.add(next.id);
      onDoneRef.current();
    }
  }, []);

  useEffect(() => {
    if (!job || !isImportActive(job)) return;
    let current = true;
    const timer = setTimeout(() => {
      getImport(job.id)
        .then((reply) => {
          if (!current) return;
          if (reply.success && reply.data) return follow(reply.data);
          Message.error(reply.message || MSG_IMPORT_NOT_FOUND);
          follow(null);
        })
        .catch((error: unknown) => {
          if (!current) return;
          // A refusal (signed out, no longer root) will not pass by itself; a network blip may.
          if (error instanceof HttpError && error.status < 500) {
            showError(error);
            follow(null);
            return;
          }
          setRetries((count) => count + 1);
        });
    }, IMPORT_POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [job, retries, follow]);

  return { job, follow };
}
