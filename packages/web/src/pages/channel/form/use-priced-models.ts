import { useCallback, useEffect, useState } from 'react';
import { callQuietly } from '@/api/http';
import { getPricing } from '@/api/pricing';

/**
 * The model names the relay can bill, from GET /api/pricing, whose `priced` the server computes
 * with the relay's own rule (a ModelPrice or a ModelRatio entry); a model it does not list has
 * neither. Null until loaded, and when the load fails: the warning it feeds is only a hint.
 */
export function usePricedModels(): { priced: ReadonlySet<string> | null; reload: () => void } {
  const [priced, setPriced] = useState<ReadonlySet<string> | null>(null);

  const reload = useCallback(() => {
    void callQuietly(getPricing()).then((entries) => {
      if (entries) setPriced(new Set(entries.filter((entry) => entry.priced !== false).map((entry) => entry.model_name)));
    });
  }, []);

  useEffect(reload, [reload]);

  return { priced, reload };
}
