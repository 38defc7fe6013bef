import { useEffect, useRef, useState } from 'react';
import type { TopupOrderView } from '@gw/shared';
import { describeError } from '@/api/http';
import { getSelfOrder } from '@/api/topup';

/** A pending order is asked about again this often, this many times, before the page stops waiting. */
export const POLL_INTERVAL_MS = 3000;
export const POLL_LIMIT = 5;

export type OrderResult =
  | { kind: 'loading' }
  | { kind: 'paid' | 'expired'; order: TopupOrderView }
  /** `polling` false once the page has given up asking: the credit comes later (reconciliation). */
  | { kind: 'pending'; order: TopupOrderView; polling: boolean }
  | { kind: 'error'; message: string };

/** The order, or the message to show in its place (not a toast: the result card says it). */
async function fetchOrder(tradeNo: string): Promise<TopupOrderView | string> {
  try {
    const reply = await getSelfOrder(tradeNo);
    return reply.success ? reply.data : reply.message;
  } catch (error) {
    return describeError(error);
  }
}

/**
 * The result of the order Epay or Stripe sent the user back for (/topup?trade_no=…): a pending
 * order is polled a few times, since the gateway's notify may arrive just after the user does.
 * `onPaid` runs once when the order is (or turns) paid.
 */
export function useOrderResult(tradeNo: string, onPaid: () => void): OrderResult {
  const [result, setResult] = useState<OrderResult>({ kind: 'loading' });
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setResult({ kind: 'loading' });

    const check = async (attempt: number) => {
      const order = await fetchOrder(tradeNo);
      if (!active) return;
      if (typeof order === 'string') {
        setResult({ kind: 'error', message: order });
      } else if (order.status === 'pending') {
        const polling = attempt < POLL_LIMIT;
        setResult({ kind: 'pending', order, polling });
        if (polling) timer = setTimeout(() => void check(attempt + 1), POLL_INTERVAL_MS);
      } else if (order.status === 'paid' || order.status === 'expired') {
        setResult({ kind: order.status, order });
        if (order.status === 'paid') onPaidRef.current();
      } else {
        setResult({ kind: 'error', message: '未知的订单状态' });
      }
    };

    void check(0);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [tradeNo]);

  return result;
}
