import { useCallback, useEffect, useState } from 'react';
import type { SubscriptionView } from '@gw/shared';
import { callQuietly } from '@/api/http';
import { listSelfSubscriptions } from '@/api/plans';

/**
 * The user's subscriptions (GET /api/subscription/self), newest first; `reload` after a plan was
 * paid for. Read quietly like the plans: without them the wallet only leaves 我的订阅 out.
 */
export function useSelfSubscriptions(): { subscriptions: SubscriptionView[]; reload: () => void } {
  const [subscriptions, setSubscriptions] = useState<SubscriptionView[]>([]);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    void callQuietly(listSelfSubscriptions()).then((list) => {
      if (active && Array.isArray(list)) setSubscriptions(list);
    });
    return () => {
      active = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { subscriptions, reload };
}
