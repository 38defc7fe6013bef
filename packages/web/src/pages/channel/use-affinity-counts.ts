import { useEffect, useState } from 'react';
import { callQuietly } from '@/api/http';
import { getAffinityCounts, type AffinityCounts } from '@/api/channels';

/**
 * The sessions bound to each channel, read again with the list (`version`). A background read: when
 * it fails the list shows no counts rather than an error.
 */
export function useAffinityCounts(version: number): AffinityCounts {
  const [counts, setCounts] = useState<AffinityCounts>({});
  useEffect(() => {
    let active = true;
    void callQuietly(getAffinityCounts()).then((data) => {
      if (active) setCounts(data ?? {});
    });
    return () => {
      active = false;
    };
  }, [version]);
  return counts;
}
