import type { PaymentMethod } from '@gw/shared';

/** Where the wallet page posts the signed form: `{PayAddress}/submit.php`. */
export const EPAY_SUBMIT_PATH = '/submit.php';
/** Epay's order query: `{PayAddress}/api.php?act=order&pid=…&key=…&out_trade_no=…`. */
export const EPAY_QUERY_PATH = '/api.php';
/** Our notify route, appended to CustomCallbackAddress (or ServerAddress). */
export const EPAY_NOTIFY_PATH = '/api/user/epay/notify';
/** The only `trade_status` that means paid. */
export const EPAY_TRADE_SUCCESS = 'TRADE_SUCCESS';

/** Our payment methods (spec 2: zfb, wx) as Epay's `type`. */
export const EPAY_TYPE_OF_METHOD: Readonly<Record<PaymentMethod, string>> = { zfb: 'alipay', wx: 'wxpay' };

/** Epay's `type` as our payment method; undefined for any other (qqpay, …). */
export function methodOfEpayType(type: string): PaymentMethod | undefined {
  if (type === 'alipay') return 'zfb';
  if (type === 'wxpay') return 'wx';
  return undefined;
}
