import { useEffect, useState } from 'react';
import type { PlanView } from '@gw/shared';
import { callQuietly } from '@/api/http';
import { listPlansOnSale } from '@/api/plans';

/**
 * The plans on sale (GET /api/subscription/plans). Read quietly: the wallet works without them,
 * and a failure only leaves their card out.
 */
export function usePlansOnSale(): PlanView[] {
  const [plans, setPlans] = useState<PlanView[]>([]);

  useEffect(() => {
    let active = true;
    void callQuietly(listPlansOnSale()).then((list) => {
      if (active && Array.isArray(list)) setPlans(list);
    });
    return () => {
      active = false;
    };
  }, []);

  return plans;
}
