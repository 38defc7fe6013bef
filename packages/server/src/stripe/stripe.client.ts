import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OutboundPolicy } from '../outbound/outbound-policy.service';

/** How long one Stripe call may take; the SDK tries a failed call once more. */
const TIMEOUT_MS = 20_000;

/**
 * The official Stripe SDK, one client per secret key, talking to STRIPE_API_URL (Stripe itself
 * unless an operator or a test says otherwise) through the outbound-address policy under the
 * purpose `payment`, as the Epay order query does.
 */
@Injectable()
export class StripeClient {
  private client?: { key: string; stripe: Stripe };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbound: OutboundPolicy,
  ) {}

  for(secretKey: string): Stripe {
    if (this.client?.key === secretKey) return this.client.stripe;
    const api = new URL(this.config.stripeApiUrl);
    const stripe = new Stripe(secretKey, {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
      // The SDK's fetch signature is the global one; the policy's is undici's (the same function, other typings).
      httpClient: Stripe.createFetchHttpClient(((url: string, init: object) => this.outbound.fetch('payment', String(url), init)) as unknown as typeof fetch),
      maxNetworkRetries: 1,
      timeout: TIMEOUT_MS,
      telemetry: false,
    });
    this.client = { key: secretKey, stripe };
    return stripe;
  }

  /** Checks a webhook's signature with the endpoint's secret and reads the event (throws when it does not fit). */
  verify(payload: Buffer, signature: string, webhookSecret: string): Stripe.Event {
    return Stripe.webhooks.constructEvent(payload, signature, webhookSecret);
  }
}
