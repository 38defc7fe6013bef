import type { PaymentMethod } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { OutboundAddressRefusedError } from '../outbound/address-policy';
import { OutboundPolicy } from '../outbound/outbound-policy.service';
import type { EpayConfig } from './epay-config';
import { EPAY_QUERY_PATH, methodOfEpayType } from './epay-protocol';
import { parseYuan } from './topup-price';

const QUERY_TIMEOUT_MS = 10_000;

/** What Epay's order query says about one of our orders. */
export type EpayOrderState =
  | { found: false }
  | { found: true; paid: false }
  | { found: true; paid: true; upstreamTradeNo: string; moneyCents: number | undefined; method: PaymentMethod | undefined };

/** Why a query did not answer; the message never holds the merchant key (it travels in the URL). */
export class EpayQueryError extends Error {}

/** A failure said without the URL: the policy's refusal, a timeout, the socket's error code. */
function reasonOf(error: unknown): string {
  if (error instanceof OutboundAddressRefusedError) return error.message;
  if (error instanceof SyntaxError) return '回复不是 JSON';
  if (error instanceof Error && error.name === 'TimeoutError') return `${QUERY_TIMEOUT_MS / 1000} 秒内无回复`;
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' ? code : '网络错误';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * Epay's order query (彩虹易支付 `api.php?act=order`), sent through the outbound-address policy
 * under the purpose `payment`. The protocol puts the merchant key in the query string, so neither
 * the URL nor an error that might quote it is ever logged.
 */
@Injectable()
export class EpayClient {
  constructor(private readonly outbound: OutboundPolicy) {}

  async queryOrder(config: EpayConfig, tradeNo: string): Promise<EpayOrderState> {
    const url = new URL(`${config.payAddress}${EPAY_QUERY_PATH}`);
    url.search = new URLSearchParams({ act: 'order', pid: config.pid, key: config.key, out_trade_no: tradeNo }).toString();
    let body: unknown;
    try {
      const response = await this.outbound.fetch('payment', url.toString(), { signal: AbortSignal.timeout(QUERY_TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!response.ok) throw new EpayQueryError(`HTTP ${response.status}`);
      body = await response.json();
    } catch (error) {
      throw error instanceof EpayQueryError ? error : new EpayQueryError(reasonOf(error));
    }
    const reply = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    // code 1: the order is known; anything else (-1 "订单号不存在") means Epay has no such order.
    if (Number(reply.code) !== 1 || text(reply.out_trade_no) !== tradeNo) return { found: false };
    if (Number(reply.status) !== 1) return { found: true, paid: false };
    return {
      found: true,
      paid: true,
      upstreamTradeNo: text(reply.trade_no).slice(0, 64),
      moneyCents: parseYuan(text(reply.money)),
      method: methodOfEpayType(text(reply.type)),
    };
  }
}
