import type { OptionsService } from '../options/options.service';

/** What online top-up needs from the payment options (spec 1 §3), all of them set. */
export interface EpayConfig {
  /** PayAddress: the gateway, without a trailing slash. */
  payAddress: string;
  /** EpayId: the merchant id (`pid`). */
  pid: string;
  /** EpayKey: the merchant key. Never logged, never sent to a browser. */
  key: string;
  /** ServerAddress: this console's public address (return_url). */
  serverAddress: string;
  /** Where Epay sends its notify: CustomCallbackAddress, else ServerAddress. */
  callbackAddress: string;
}

type OptionReader = Pick<OptionsService, 'get'>;

/**
 * The Epay settings, or undefined unless PayAddress, EpayId, EpayKey and ServerAddress are all
 * set: online top-up is off then (no order, no notify accepted, no reconciliation query).
 */
export function readEpayConfig(options: OptionReader): EpayConfig | undefined {
  const payAddress = options.get('PayAddress').trim();
  const pid = options.get('EpayId').trim();
  const key = options.get('EpayKey').trim();
  const serverAddress = options.get('ServerAddress').trim();
  if (!payAddress || !pid || !key || !serverAddress) return undefined;
  return { payAddress, pid, key, serverAddress, callbackAddress: options.get('CustomCallbackAddress').trim() || serverAddress };
}

/** The status object's `enable_online_topup`. */
export const onlineTopupEnabled = (options: OptionReader): boolean => readEpayConfig(options) !== undefined;
