import { useEffect, useState } from 'react';
import type { OrderPaymentMethod } from '@gw/shared';
import { callQuietly } from '@/api/http';
import { getStripePrice, getTopupPrice } from '@/api/topup';
import { currencyOf, formatMoney } from './topup-view';

/** How long the amount must rest before its price is asked for. */
export const PRICE_DELAY_MS = 400;

/**
 * The live price of `amount` dollars paid by `method`, asked once typing pauses, shown in the
 * method's currency (¥7.30 through Epay, $1.00 by card); null while there is nothing to price (no
 * method offered, amount empty or under the minimum) or the server did not answer one.
 */
export function usePrice(amount: number | undefined, min: number, method: OrderPaymentMethod | undefined): { price: string | null; loading: boolean } {
  const [price, setPrice] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const priced = method !== undefined && amount !== undefined && amount >= min;
  // Alipay and wechat cost the same: only a change of currency asks again.
  const currency = method === undefined ? undefined : currencyOf(method);

  useEffect(() => {
    setPrice(null);
    if (!priced || amount === undefined || currency === undefined) {
      setLoading(false);
      return;
    }
    let active = true;
    setLoading(true);
    const timer = setTimeout(() => {
      void callQuietly(currency === 'USD' ? getStripePrice(amount) : getTopupPrice(amount)).then((answer) => {
        if (!active) return;
        setPrice(answer === undefined ? null : formatMoney(answer, currency));
        setLoading(false);
      });
    }, PRICE_DELAY_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [amount, priced, currency]);

  return { price, loading };
}
