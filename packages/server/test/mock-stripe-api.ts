import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { LocalHttpServer } from './local-http-server';

/** A Checkout Session as the mock keeps it: the fields of Stripe's object that the product reads. */
export interface MockSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  payment_intent: string | null;
  url: string;
  success_url: string;
  cancel_url: string;
  created: number;
  /** The form the product posted, nested as Stripe reads it (line_items, subscription_data…). */
  params: Record<string, unknown>;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * Stripe's form encoding (`line_items[0][price_data][currency]=usd`) read into nested objects, as
 * Stripe's API reads it; arrays stay objects keyed by index.
 */
function nested(form: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of form) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1]] = value;
  }
  return root;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A real HTTP server on 127.0.0.1 speaking the part of Stripe's API the product calls, for the
 * official SDK pointed at it (STRIPE_API_URL): create, list and retrieve Checkout Sessions, update a
 * subscription (its cancel_at_period_end), with
 * the secret key checked as Stripe does. `pay()` completes a session as a customer paying would;
 * `event()` builds the webhook event Stripe would send and `deliver()` posts it signed with the
 * SDK's own stripe.webhooks.generateTestHeaderString.
 */
export class MockStripeApi extends LocalHttpServer {
  readonly sessions = new Map<string, MockSession>();
  /** Idempotency-Key of every create, in order. */
  readonly idempotencyKeys: string[] = [];
  /** Every request's method and path, in order. */
  readonly calls: string[] = [];
  /** Subscriptions updated (POST /v1/subscriptions/:id), with the form of each update. */
  readonly subscriptionUpdates: Array<{ id: string; params: Record<string, unknown> }> = [];
  /** Creating a session fails (Stripe down or refusing): answered 500 with Stripe's error shape. */
  failCreate = false;

  constructor(readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`) {
    super();
  }

  /** The customer pays: the session completes, a subscription session gets its subscription. */
  pay(sessionId: string): MockSession {
    const session = this.session(sessionId);
    session.status = 'complete';
    session.payment_status = 'paid';
    if (session.mode === 'subscription') session.subscription ??= newId('sub');
    else session.payment_intent ??= newId('pi');
    return session;
  }

  session(sessionId: string): MockSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`the mock Stripe API has no session ${sessionId}`);
    return session;
  }

  /** The session of an order (its client_reference_id). */
  sessionOf(tradeNo: string): MockSession {
    const session = [...this.sessions.values()].find((candidate) => candidate.client_reference_id === tradeNo);
    if (!session) throw new Error(`the mock Stripe API has no session for order ${tradeNo}`);
    return session;
  }

  /** A webhook event as Stripe sends it (its own id each time, unless given). */
  event(type: string, object: object, id = newId('evt')): string {
    return JSON.stringify({ id, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } });
  }

  /** A renewal invoice of a subscription, in the shape of the API version the SDK speaks. */
  invoice(subscription: string, amountPaid: number, billingReason = 'subscription_cycle', currency = 'usd'): object {
    return {
      id: newId('in'),
      object: 'invoice',
      billing_reason: billingReason,
      amount_paid: amountPaid,
      currency,
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription } },
    };
  }

  /** Posts an event to the webhook, signed with `secret` (by default as Stripe signs it now). Answers status and body. */
  async deliver(webhookUrl: string, payload: string, secret: string, timestamp?: number): Promise<{ status: number; body: string }> {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    const response = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    return { status: response.status, body: await response.text() };
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    this.calls.push(`${request.method} ${url.pathname}`);
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return answer(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const path = url.pathname;
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const params = nested(new URLSearchParams(await bodyOf(request)));
      this.idempotencyKeys.push(String(request.headers['idempotency-key'] ?? ''));
      if (this.failCreate) return answer(500, { error: { type: 'api_error', message: 'Something went wrong on our end' } });
      return answer(200, this.create(params));
    }
    if (request.method === 'GET' && path === '/v1/checkout/sessions') {
      const params = nested(url.searchParams) as { created?: { gte?: string }; limit?: string; starting_after?: string };
      const since = Number(params.created?.gte ?? 0);
      // Newest first, as Stripe lists them.
      let list = [...this.sessions.values()].filter((session) => session.created >= since).reverse();
      if (params.starting_after) list = list.slice(list.findIndex((session) => session.id === params.starting_after) + 1);
      const limit = Number(params.limit ?? 10);
      return answer(200, { object: 'list', url: path, has_more: list.length > limit, data: list.slice(0, limit).map(({ params: _, ...session }) => session) });
    }
    const subscription = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path);
    if (request.method === 'POST' && subscription) {
      const params = nested(new URLSearchParams(await bodyOf(request)));
      this.subscriptionUpdates.push({ id: subscription[1], params });
      return answer(200, { id: subscription[1], object: 'subscription', status: 'active', cancel_at_period_end: params.cancel_at_period_end === 'true' });
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (request.method === 'GET' && retrieve && this.sessions.has(retrieve[1])) {
      const { params: _, ...session } = this.session(retrieve[1]);
      return answer(200, session);
    }
    answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
  }

  private create(params: Record<string, any>): Omit<MockSession, 'params'> {
    const id = newId('cs');
    const items = Object.values(params.line_items ?? {}) as Array<{ quantity: string; price_data: { currency: string; unit_amount: string } }>;
    const session: MockSession = {
      id,
      object: 'checkout.session',
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: items.reduce((sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity), 0),
      currency: items[0]?.price_data.currency ?? 'usd',
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      subscription: null,
      payment_intent: null,
      url: `${this.url}/c/pay/${id}`,
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      created: Math.floor(Date.now() / 1000),
      params,
    };
    this.sessions.set(id, session);
    const { params: _, ...shown } = session;
    return shown;
  }
}
