import { randomBytes } from 'node:crypto';
import type { PaymentMethod } from '@gw/shared';
import type { EpayConfig } from './epay-config';
import { EPAY_NOTIFY_PATH, EPAY_SUBMIT_PATH, EPAY_TYPE_OF_METHOD } from './epay-protocol';
import { epaySign } from './epay-sign';
import { formatYuan } from './topup-price';

/** The signed form the wallet page posts to Epay's submit.php (all values text, as a form sends them). */
export interface EpayForm {
  pid: string;
  type: string;
  out_trade_no: string;
  notify_url: string;
  return_url: string;
  name: string;
  money: string;
  sign: string;
  sign_type: 'MD5';
}

/**
 * A trade number: the time (readable in Epay's back office) and 96 random bits, so that no one can
 * guess another user's order. Letters and digits only, as every Epay accepts.
 */
export function newTradeNo(): string {
  const now = new Date();
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${randomBytes(12).toString('hex')}`;
}

/**
 * Where the page posts an order and the signed form it posts: the one checkout of every Epay order
 * (a top-up or a plan). Epay comes back to the wallet with the trade number, and notifies the
 * callback address.
 */
export function epayCheckout(
  config: EpayConfig,
  order: { tradeNo: string; method: PaymentMethod; name: string; moneyCents: number },
): { url: string; form: EpayForm } {
  const fields = {
    pid: config.pid,
    type: EPAY_TYPE_OF_METHOD[order.method],
    out_trade_no: order.tradeNo,
    notify_url: `${config.callbackAddress}${EPAY_NOTIFY_PATH}`,
    return_url: `${config.serverAddress}/topup?trade_no=${order.tradeNo}`,
    name: order.name,
    money: formatYuan(order.moneyCents),
  };
  return { url: `${config.payAddress}${EPAY_SUBMIT_PATH}`, form: { ...fields, sign: epaySign(fields, config.key), sign_type: 'MD5' } };
}
