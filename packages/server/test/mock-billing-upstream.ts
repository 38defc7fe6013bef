import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

export const BILLING_KEY = 'sk-billing';

/**
 * A real HTTP server on 127.0.0.1 speaking the providers' balance APIs: OpenAI's dashboard billing
 * (subscription and usage), DeepSeek's /user/balance and SiliconCloud's /v1/user/info, in their
 * own reply shapes (amounts as strings where the provider sends strings). Only BILLING_KEY is
 * accepted; the figures are fields the test may change.
 */
export class MockBillingUpstream extends LocalHttpServer {
  hardLimitUsd = 100;
  /** Cents, as OpenAI reports it. */
  totalUsageCents = 2550;
  deepSeekCny = '110.50';
  siliconTotal = '88.25';
  readonly seen: Array<{ path: string; authorization: string }> = [];

  protected handle(request: IncomingMessage, response: ServerResponse): void {
    const authorization = request.headers.authorization ?? '';
    this.seen.push({ path: request.url ?? '', authorization });
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (authorization !== `Bearer ${BILLING_KEY}`) return reply(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    const path = new URL(request.url ?? '/', this.url).pathname;
    switch (path) {
      case '/v1/dashboard/billing/subscription':
        return reply(200, { object: 'billing_subscription', has_payment_method: true, hard_limit_usd: this.hardLimitUsd, soft_limit_usd: 80 });
      case '/v1/dashboard/billing/usage':
        return reply(200, { object: 'list', total_usage: this.totalUsageCents });
      case '/user/balance':
        return reply(200, {
          is_available: true,
          balance_infos: [
            { currency: 'USD', total_balance: '1.00', granted_balance: '0.00', topped_up_balance: '1.00' },
            { currency: 'CNY', total_balance: this.deepSeekCny, granted_balance: '10.00', topped_up_balance: '100.50' },
          ],
        });
      case '/v1/user/info':
        return reply(200, { code: 20000, message: 'OK', status: true, data: { id: 'u1', name: 'test', balance: '8.25', chargeBalance: '80.00', totalBalance: this.siliconTotal } });
      default:
        return reply(404, { error: { message: `no route ${path}` } });
    }
  }
}
