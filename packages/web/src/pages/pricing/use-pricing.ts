import { useEffect, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { showError } from '@/api/http';
import { getPricing, type PricingEntry } from '@/api/pricing';

export interface PricingData {
  entries: PricingEntry[];
  groupRatios: Record<string, number>;
  /** The viewer's group as the server sees it; undefined until loaded. */
  usableGroup?: string;
  loading: boolean;
}

/** GET /api/pricing once: the entries, and the group ratios that come beside data. */
export function usePricing(): PricingData {
  const [data, setData] = useState<PricingData>({ entries: [], groupRatios: {}, loading: true });

  useEffect(() => {
    let active = true;
    const load = async () => {
      try {
        const reply = await getPricing();
        if (!reply.success) Message.error(reply.message);
        if (active) setData({ entries: reply.success ? reply.data : [], groupRatios: reply.group_ratio ?? {}, usableGroup: reply.usable_group, loading: false });
      } catch (error) {
        showError(error);
        if (active) setData((current) => ({ ...current, loading: false }));
      }
    };
    void load();
    return () => {
      active = false;
    };
  }, []);

  return data;
}
