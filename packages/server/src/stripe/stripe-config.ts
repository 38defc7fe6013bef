import type { OptionsService } from '../options/options.service';

/** What card payments need from the options (docs/configuration.md, Stripe), all of them set. */
export interface StripeConfig {
  /** StripeApiSecret: the secret key (sk_… or rk_…). Never logged, never sent to a browser. */
  secretKey: string;
  /** StripeWebhookSecret: the webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  /** ServerAddress: where Checkout sends the browser back. */
  serverAddress: string;
  /** StripeUnitPrice: US dollars charged for one dollar of quota. */
  unitPrice: number;
}

type OptionReader = Pick<OptionsService, 'get' | 'getNumber'>;

/**
 * The Stripe settings, or undefined unless the secret key, the webhook secret and ServerAddress are
 * all set: card payment is off then (no session made, no event believed, nothing reconciled).
 */
export function readStripeConfig(options: OptionReader): StripeConfig | undefined {
  const secretKey = options.get('StripeApiSecret').trim();
  const webhookSecret = options.get('StripeWebhookSecret').trim();
  const serverAddress = options.get('ServerAddress').trim().replace(/\/+$/, '');
  if (!secretKey || !webhookSecret || !serverAddress) return undefined;
  return { secretKey, webhookSecret, serverAddress, unitPrice: options.getNumber('StripeUnitPrice') };
}

/** The status object's `enable_stripe_topup`. */
export const stripeEnabled = (options: OptionReader): boolean => readStripeConfig(options) !== undefined;
