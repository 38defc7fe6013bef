import { STRIPE_WEBHOOK_PATH } from '@gw/shared';
import { getMetadataStorage } from 'class-validator';
import type { Response } from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogWriterService } from '../logs/log-writer.service';
import { QuotaLedgerService } from '../relay/billing/quota-ledger.service';
import { RELAY_ROUTES } from '../relay/relay-front-door';
import { isUploadMode } from '../relay/multipart-body';
import { startRelayFixture, type RelayFixture } from '../../test/relay-fixture';
import { type AppRoute, collectRoutes } from '../../test/routes';
import { MSG_NUL, MSG_OUT_OF_RANGE, MSG_TOO_DEEP } from './input-rules';

/**
 * Bad input sent to every route of the application, generated from the route list (test/routes.ts)
 * and each route's DTO: a new route or field is covered without a new test. Every answer must be a
 * clear refusal (no 5xx, a Chinese reason) and nothing in the database may change.
 */

const CHINESE = /[\u4e00-\u9fa5]/;
/** A reason fit to show: some text, none of the server's insides (a few reasons are the spec's English ones). */
const CLEAR = /^(?![\s\S]*(Error|Exception|Validation failed|\bat \S+ \())[\s\S]+$/;
const MODEL = 'bad-input-model';
const NUL = 'a\u0000b';
const DEEP_LEVELS = 100_000;
const deepJson = (field: string) => `{"${field}":${'['.repeat(DEEP_LEVELS)}${']'.repeat(DEEP_LEVELS)}}`;
const BIG_ID = '99999999999';
const DIGITS_30 = '9'.repeat(30);
/** Field names tried on a route whose body is no DTO class (the route reads it itself). */
const FALLBACK_FIELDS = ['id', 'name', 'key', 'value', 'quota', 'ids', 'model', 'messages'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Routes that read their body raw and believe it only by its signature: Stripe's webhook refuses
 * every unsigned body with 400 before reading it (its own bad bodies: stripe/stripe.spec.ts).
 */
const RAW_BODY_ROUTES = new Set([`POST ${STRIPE_WEBHOOK_PATH}/`]);

/** Everything a request can change, except sessions (sign-in) and per-request bookkeeping. */
const SNAPSHOT_TABLES = ['users', 'options', 'update_notes', 'tokens', 'channels', 'abilities', 'logs', 'heartbeats', 'redemptions'];

const fieldsOf = (route: AppRoute, type: 'body' | 'query'): string[] => {
  const dto = route.dtos.find((candidate) => candidate.type === type);
  if (!dto) return type === 'body' ? FALLBACK_FIELDS : [];
  const names = getMetadataStorage()
    .getTargetValidationMetadatas(dto.metatype, '', true, false)
    .map((rule) => rule.propertyName);
  return [...new Set(names)];
};

const withParams = (path: string, value: string) => path.replace(/:\w+/g, encodeURIComponent(value));
const messageOf = (reply: Response): unknown => reply.body?.message ?? reply.body?.error?.message;

/** Refused plainly: not a server failure, a clear reason (the given one when named), no success. */
function expectRefused(reply: Response, what: string, message?: string): void {
  expect(reply.status, `${what}: ${reply.text.slice(0, 300)}`).toBeLessThan(500);
  expect(messageOf(reply), what).toMatch(CLEAR);
  if (message) expect(messageOf(reply), what).toBe(message);
  expect(reply.status >= 400 || reply.body.success === false, `${what}: refused`).toBe(true);
}

/** Not a server failure; a reply that may also succeed (a value some field legitimately takes). */
function expectAnswered(reply: Response, what: string): void {
  expect(reply.status, `${what}: ${reply.text.slice(0, 300)}`).toBeLessThan(500);
  if (reply.body?.success === false || reply.status >= 400) expect(messageOf(reply), what).toMatch(CLEAR);
}

describe('bad input on every route (integration)', () => {
  let fx: RelayFixture;
  let root: TestAgent;
  let key: string;
  let routes: AppRoute[];
  let before: Record<string, unknown[]>;

  const snapshot = async (): Promise<Record<string, unknown[]>> => {
    // Writes queued by the setup (its log rows, settled quota) land before the first look.
    await fx.t.app.get(QuotaLedgerService).flush();
    await fx.t.app.get(LogWriterService).flush();
    const tables: Record<string, unknown[]> = {};
    for (const table of SNAPSHOT_TABLES) {
      tables[table] = (await fx.t.db.query(`SELECT to_jsonb(t) - 'accessed_time' AS row FROM ${table} t ORDER BY to_jsonb(t)::text`)).map((r: { row: unknown }) => r.row);
    }
    return tables;
  };

  const send = (method: string, path: string, body?: string | object, agent: TestAgent = root) => {
    const call = agent[method.toLowerCase() as 'post'](path);
    if (body === undefined) return call;
    return call.set('Content-Type', 'application/json').send(typeof body === 'string' ? body : JSON.stringify(body));
  };

  beforeAll(async () => {
    fx = await startRelayFixture({ models: [MODEL], completionRatio: 1, channelDefaults: { type: 1, key: 'sk-upstream', base_url: 'http://127.0.0.1:9' } });
    root = fx.admin;
    await fx.channel({ name: 'bad-input', models: MODEL });
    key = (await fx.customer('bad-input-user', 1_000_000)).key;
    // The playground relays as the signed-in user with their first enabled token.
    await root.post('/api/token/').send({ name: 'playground', unlimited_quota: true });
    routes = collectRoutes(fx.t).filter((route) => !RAW_BODY_ROUTES.has(route.route));
    before = await snapshot();
  });
  afterAll(async () => {
    await fx.t.close();
  });

  it('finds the write routes to try', () => {
    expect(routes.filter((route) => WRITE_METHODS.has(route.method)).length).toBeGreaterThan(15);
  });

  it('refuses a body nested 100,000 levels deep on every write route', async () => {
    for (const route of routes.filter((candidate) => WRITE_METHODS.has(candidate.method))) {
      const reply = await send(route.method, withParams(route.path, '1'), deepJson(fieldsOf(route, 'body')[0]));
      expect(reply.status, route.route).toBe(400);
      expectRefused(reply, route.route, MSG_TOO_DEEP);
    }
  });

  it('refuses a NUL character in any body field of every write route', async () => {
    for (const route of routes.filter((candidate) => WRITE_METHODS.has(candidate.method))) {
      const fields = fieldsOf(route, 'body');
      for (const body of [Object.fromEntries(fields.map((field) => [field, NUL])), { [fields[0]]: [NUL] }, { [NUL]: 'x' }]) {
        const reply = await send(route.method, withParams(route.path, '1'), body);
        expect(reply.status, route.route).toBe(400);
        expectRefused(reply, `${route.route} ${JSON.stringify(body)}`, MSG_NUL);
      }
    }
  });

  it('refuses a number no column holds (1e20, 1e400) in any body field of every write route', async () => {
    for (const route of routes.filter((candidate) => WRITE_METHODS.has(candidate.method))) {
      const fields = fieldsOf(route, 'body');
      for (const number of ['1e20', '-1e20', '1e400']) {
        const body = `{${fields.map((field) => `"${field}":${number}`).join(',')}}`;
        const reply = await send(route.method, withParams(route.path, '1'), body);
        expect(reply.status, route.route).toBe(400);
        expectRefused(reply, `${route.route} ${body}`, MSG_OUT_OF_RANGE);
      }
    }
  });

  it('answers an integer beyond an int column (99999999999) or 30 digits in each body field without a server error', async () => {
    for (const route of routes.filter((candidate) => WRITE_METHODS.has(candidate.method))) {
      for (const field of fieldsOf(route, 'body')) {
        for (const value of [Number(BIG_ID), [Number(BIG_ID)], DIGITS_30]) {
          const reply = await send(route.method, withParams(route.path, '1'), { [field]: value });
          expectAnswered(reply, `${route.route} ${field}=${JSON.stringify(value)}`);
        }
      }
    }
  });

  it('refuses an id no record can have (99999999999, 0, -1, text, NUL) in every route parameter', async () => {
    for (const route of routes.filter((candidate) => candidate.path.includes('/:'))) {
      for (const value of [BIG_ID, '0', '-1', 'abc', '\u0000']) {
        const reply = await send(route.method, withParams(route.path, value), WRITE_METHODS.has(route.method) ? {} : undefined);
        expectRefused(reply, `${route.route} with ${JSON.stringify(value)}`);
      }
    }
  });

  it('refuses a NUL character in any query parameter, and answers 30 digits without a server error', async () => {
    const queried = routes.filter((route) => fieldsOf(route, 'query').length > 0);
    expect(queried.map((route) => route.route)).toEqual(expect.arrayContaining(['GET /api/token/search', 'GET /api/channel/search', 'GET /api/channel/abilities', 'GET /api/log/', 'GET /api/log/stat', 'GET /api/log/self', 'GET /api/redemption/search']));
    for (const route of queried) {
      const path = withParams(route.path, '1');
      for (const field of fieldsOf(route, 'query')) {
        const nul = await send(route.method, path).query({ [field]: NUL });
        expect(nul.status, `${route.route} ${field}`).toBe(400);
        expectRefused(nul, `${route.route} ?${field}=NUL`, MSG_NUL);
        expectAnswered(await send(route.method, path).query({ [field]: DIGITS_30 }), `${route.route} ?${field}=${DIGITS_30}`);
      }
    }
  });

  describe('relay bodies', () => {
    const messages = [{ role: 'user', content: 'hi' }];
    const badBodies: Array<[string, string | object]> = [
      ['nested 100,000 levels', deepJson('messages')],
      ['max_tokens 1e30', { model: MODEL, messages, max_tokens: 1e30 }],
      ['max_tokens of 30 digits', { model: MODEL, messages, max_tokens: DIGITS_30 }],
      ['max_completion_tokens beyond int4', { model: MODEL, messages, max_completion_tokens: Number(BIG_ID) }],
      ['max_tokens negative', { model: MODEL, messages, max_tokens: -5 }],
      ['a null message', { model: MODEL, messages: [null, ...messages] }],
      ['messages as text', { model: MODEL, messages: 'hi' }],
      ['content as a number', { model: MODEL, messages: [{ role: 'user', content: 5 }] }],
      ['model as a number', { model: 5, messages }],
      ['a NUL in the model', { model: `${MODEL}\u0000`, messages }],
      ['stream as text', { model: MODEL, messages, stream: 'yes' }],
      ['temperature as text', { model: MODEL, messages, temperature: 'hot' }],
      ['prompt as an object', { model: MODEL, prompt: { text: 'hi' } }],
    ];

    it.each([...RELAY_ROUTES.keys()].filter((path) => !isUploadMode(RELAY_ROUTES.get(path)!)))('answers bad bodies on %s with 400 in OpenAI’s error shape', async (path) => {
      for (const [what, body] of badBodies) {
        const reply = await send('POST', path, body, fx.t.http().set('Authorization', `Bearer ${key}`) as unknown as TestAgent);
        expect(reply.status, `${what}: ${reply.text.slice(0, 300)}`).toBe(400);
        expect(Object.keys(reply.body)).toEqual(['error']);
        expect(reply.body.error, what).toMatchObject({ type: 'invalid_request_error' });
        expect(reply.body.error.message, what).toMatch(CHINESE);
      }
    });

    it('answers bad bodies on the playground without a server error', async () => {
      for (const [what, body] of badBodies) expectRefused(await send('POST', '/pg/chat/completions', body), `playground: ${what}`);
    });
  });

  it('changed nothing in the database', async () => {
    const after = await snapshot();
    for (const table of SNAPSHOT_TABLES) expect(after[table], table).toEqual(before[table]);
  });
});
