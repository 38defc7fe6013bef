import { useCallback, useEffect, useState } from 'react';
import type { PlanView } from '@gw/shared';
import { call } from '@/api/http';
import { listPlans } from '@/api/plans';

/** Every plan not deleted (GET /api/subscription/plan), in the server's order: sort, then id. */
export function usePlans() {
  const [plans, setPlans] = useState<PlanView[]>([]);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    const list = await call(listPlans());
    setLoading(false);
    if (list) setPlans(list);
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Puts the plan as the server answered it in place of the row with its id. */
  const replacePlan = useCallback((plan: PlanView) => setPlans((current) => current.map((row) => (row.id === plan.id ? plan : row))), []);

  return { plans, loading, reload, replacePlan };
}
