import { MockEpayGateway, startMockEpayGateway } from '../../packages/server/test/mock-epay-gateway';
import { MockStripeApi } from '../../packages/server/test/mock-stripe-api';
import { apiAs, expectSuccess, type RunningProduct, signInAsRoot, startProduct } from './harness';

/**
 * The product with Epay set up as an operator does it (the server address first, as the settings
 * page requires) against the local Epay gateway, its Stripe calls pointed at the local Stripe
 * stand-in (card payment stays off until a test saves its keys), and root signed in.
 */
export async function startPaymentProduct(suite: string): Promise<{ product: RunningProduct; gateway: MockEpayGateway; stripe: MockStripeApi }> {
  const gateway = await startMockEpayGateway();
  const stripe = await new MockStripeApi().start();
  const product = await startProduct(suite, { OUTBOUND_ALLOW_PRIVATE: 'payment', STRIPE_API_URL: stripe.url });
  await signInAsRoot(product);
  for (const [key, value] of [
    ['ServerAddress', product.url],
    ['PayAddress', gateway.url],
    ['EpayId', gateway.pid],
    ['EpayKey', gateway.key],
  ]) {
    expectSuccess(await apiAs(product.page, 1, 'PUT', '/api/option/', { key, value }));
  }
  return { product, gateway, stripe };
}
