import { useEffect, useState } from 'react';
import { callQuietly } from '@/api/http';
import { getTopupPrice } from '@/api/topup';

/** How long the amount must rest before its price is asked for. */
export const PRICE_DELAY_MS = 400;

/**
 * The live price in yuan (a string with 2 decimals) of `amount` dollars, asked once typing pauses;
 * null while there is nothing to price (online top-up off, amount empty or under the minimum) or the
 * server did not answer one.
 */
export function usePrice(amount: number | undefined, min: number, enabled: boolean): { price: string | null; loading: boolean } {
  const [price, setPrice] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const priced = enabled && amount !== undefined && amount >= min;

  useEffect(() => {
    setPrice(null);
    if (!priced || amount === undefined) {
      setLoading(false);
      return;
    }
    let active = true;
    setLoading(true);
    const timer = setTimeout(() => {
      void callQuietly(getTopupPrice(amount)).then((answer) => {
        if (!active) return;
        setPrice(answer ?? null);
        setLoading(false);
      });
    }, PRICE_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [amount, priced]);

  return { price, loading };
}
