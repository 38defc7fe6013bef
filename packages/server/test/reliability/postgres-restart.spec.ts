import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import Redis from 'ioredis';
import { Client } from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHttpApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { InstanceLiveness } from '../../src/relay/billing/instance-liveness.service';
import { QuotaLedgerService } from '../../src/relay/billing/quota-ledger.service';
import { MockOpenAiUpstream } from '../mock-openai-upstream';
import { inProcessEnv, ROOT_PASSWORD, TEST_OPTIONS } from '../test-app';
import { runNames, TEST_REDIS_URL } from '../test-env';
import { type PrivatePostgres, startPrivatePostgres } from './private-services';

/**
 * Issue 19, fault 3: PostgreSQL stops at once (as in a crash) while the relay serves, and starts
 * again. Meanwhile every call is answered at once, served or refused with a clear error; after the
 * restart calls succeed again without restarting the application; and no call is charged twice
 * nor any quota left reserved.
 */

const MODEL = 'mock-a';
/** The mock upstream answers this model with HTTP 500: a call that fails after its reservation. */
const FAILING_MODEL = 'fail-500';
const UNIT = 500_000;
/** A mock answer: 11 prompt tokens + 7 completion tokens at ratio 1, completion ratio 2. */
const COST = 25;

interface Customer {
  name: string;
  userId: number;
  tokenId: number;
  key: string;
  quota: number;
}

interface Reply {
  status: number;
  body: string;
}

/** The mock upstream, able to hold every call it receives until the test lets them go. */
class GatedUpstream extends MockOpenAiUpstream {
  private gate?: { opened: Promise<void>; open: () => void };
  /** Calls that arrived while the gate was closed. */
  held = 0;

  close(): void {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    this.gate = { opened, open };
    this.held = 0;
  }

  open(): void {
    this.gate?.open();
    this.gate = undefined;
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.gate) {
      this.held += 1;
      await this.gate.opened;
    }
    return super.handle(request, response);
  }
}

describe('PostgreSQL restarts while the relay serves', () => {
  let pg: PrivatePostgres;
  let databaseUrl: string;
  let upstream: GatedUpstream;
  let app: INestApplication;
  let baseUrl: string;
  let redisPrefix: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-pg-restart-'));
  /** Billed from an in-memory hold, and billed directly in the database: both paths. */
  let held: Customer;
  let direct: Customer;
  let admin: request.Agent;

  /** One statement on a connection of its own: the test's connections die with the server too. */
  const query = async (sql: string, params: unknown[] = []) => {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  };

  /** Every reply of the test's relay calls, for the books at the end. */
  const replies: Reply[] = [];
  const call = async (key: string, stream: boolean, model = MODEL): Promise<Reply> => {
    const reply = await fetch(`${baseUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const answered = { status: reply.status, body: await reply.text() };
    replies.push(answered);
    return answered;
  };

  const served = (reply: Reply) => reply.status === 200 && (reply.body.trimEnd().endsWith('data: [DONE]') || reply.body.includes(`Hello from ${MODEL}`));

  const customer = async (name: string, quota: number, remain: number): Promise<Customer> => {
    const agent = request.agent(baseUrl);
    const [{ aff_code: invitation }] = await query('SELECT aff_code FROM users WHERE id = 1');
    const registered = await agent.post('/api/user/register').send({ username: name, password: 'password-123', password2: 'password-123', aff_code: invitation });
    expect(registered.body.success, registered.body.message).toBe(true);
    const signedIn = await agent.post('/api/user/login').send({ username: name, password: 'password-123' });
    const userId = signedIn.body.data.id as number;
    agent.set('New-Api-User', String(userId));
    await query('UPDATE users SET quota = $2 WHERE id = $1', [userId, quota]);
    const token = await agent.post('/api/token/').send({ name: 'relay', unlimited_quota: false, remain_quota: remain });
    expect(token.body.success, token.body.message).toBe(true);
    const [row] = await query('SELECT id FROM tokens WHERE user_id = $1', [userId]);
    return { name, userId, tokenId: row.id, key: token.body.data[0].key, quota };
  };

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    await pg.createDatabase('gw');
    databaseUrl = `${pg.url}/gw`;
    upstream = await new GatedUpstream().start();
    redisPrefix = `${runNames(inject('gwTestRunId')).redisPrefix}:${randomBytes(6).toString('hex')}`;
    // The application migrates the empty database as it starts, as on a first deployment.
    const config = loadConfig(inProcessEnv(databaseUrl, redisPrefix, dataDir));
    app = await createHttpApp(config);
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;

    admin = request.agent(baseUrl);
    const login = await admin.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    expect(login.body.success).toBe(true);
    admin.set('New-Api-User', '1');
    // Its own server's database has no TEST_OPTIONS (a loopback upstream needs them): saved as an operator would.
    for (const [key, value] of [
      ...Object.entries(TEST_OPTIONS),
      ['ModelRatio', JSON.stringify({ [MODEL]: 1, [FAILING_MODEL]: 1 })],
      ['CompletionRatio', JSON.stringify({ [MODEL]: 2, [FAILING_MODEL]: 2 })],
    ]) {
      expect((await admin.put('/api/option/').send({ key, value })).body.success).toBe(true);
    }
    const channel = await admin.post('/api/channel/').send({ type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url, models: `${MODEL},${FAILING_MODEL}`, groups: ['default'] });
    expect(channel.body.success, channel.body.message).toBe(true);
    // Held: room for far more than four holds. Direct: a hold of one unit does not fit four times.
    held = await customer('held', 400 * UNIT, 300 * UNIT);
    direct = await customer('direct', 3 * UNIT, 2 * UNIT);
  });
  afterAll(async () => {
    await app?.close();
    await upstream?.stop();
    await pg?.stop();
    const redis = new Redis(TEST_REDIS_URL);
    const keys = await redis.keys(`${redisPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Root's compare chat column, opened before the outage. */
  let column: { id: number; talking_id: number };

  /** Root's compare chat asked once: its reply, and the answer as stored (the tail's hr_message), if any. */
  async function askChat(): Promise<{ status: number; stored?: { status: string; answer: string } }> {
    const reply = await admin.post('/v1/chat/completions').send({ model: MODEL, conversation_id: column.id, talking_id: column.talking_id, stream: true, messages: [{ role: 'user', content: 'hi' }] });
    const tail = reply.text
      .split('\n\n')
      .map((event) => event.replace(/^data: /, ''))
      .filter((data) => data.startsWith('{"hr_message_id"') && data.includes('"hr_message"'))
      .map((data) => JSON.parse(data) as { hr_message: { status: string; answer: string } })[0];
    return { status: reply.status, stored: tail?.hr_message };
  }

  it('serves both customers before the outage', async () => {
    for (const customer of [held, direct]) {
      for (const stream of [false, true]) expect(served(await call(customer.key, stream))).toBe(true);
    }
    const talkingId = (await admin.post('/relay/v1/talking/').send({ name: '停机' })).body.data.id as number;
    [column] = (await admin.post('/relay/v1/conversation/').send([{ talking_id: talkingId, model_name: MODEL }])).body.data;
    expect(column.talking_id).toBe(talkingId);
    // Root answers through their own token; its statements are prepared on the connections the
    // outage will break (PoolDb.query's names).
    await query('UPDATE users SET quota = $2 WHERE id = $1', [1, 1000 * UNIT]);
    expect((await admin.post('/api/token/').send({ name: 'chat', unlimited_quota: true })).body.success).toBe(true);
    expect(await askChat()).toMatchObject({ status: 200, stored: { status: 'done' } });
  });

  it('while PostgreSQL is down: calls in flight finish, new calls are served or refused at once with a clear error', async () => {
    // Calls that reserved their quota before the crash, still waiting for the upstream: two to be
    // answered, one that the upstream fails (its reservation must be given back).
    upstream.close();
    const inFlight = [call(held.key, true), call(direct.key, false), call(direct.key, true), call(direct.key, false, FAILING_MODEL)];
    while (upstream.held < inFlight.length) await new Promise((resolve) => setTimeout(resolve, 10));
    await pg.crash();
    upstream.open();
    const [heldStream, directWhole, directStream, directFailed] = await Promise.all(inFlight);
    expect([heldStream, directWhole, directStream].map(served)).toEqual([true, true, true]);
    expect(directFailed.status).toBe(502);

    // New calls: each is answered, either served (from a hold, with the token still cached) or
    // refused with 503 in OpenAI's error shape, saying that the database is unavailable.
    const duringOutage: Reply[] = [];
    for (const customer of [held, direct]) {
      for (let i = 0; i < 6; i++) duringOutage.push(await call(customer.key, i % 2 === 0));
    }
    const refused = duringOutage.filter((reply) => !served(reply));
    expect(refused.length).toBeGreaterThan(0); // the direct customer's calls need the database
    for (const reply of refused) {
      expect(reply.status).toBe(503);
      expect(JSON.parse(reply.body)).toEqual({ error: { message: '数据库暂时不可用，请稍后再试', type: 'server_error', code: 'database_unavailable' } });
    }

    // The console: a signed-in page needs the database; the status route tells what is wrong.
    const self = await admin.get('/api/user/self');
    expect({ status: self.status, body: self.body }).toEqual({ status: 503, body: { success: false, message: '数据库暂时不可用，请稍后再试', data: null } });
    // The compare chat's call (the console's front door to the relay) says the same.
    const chat = await admin.post('/v1/chat/completions').send({ model: MODEL, conversation_id: column.id, talking_id: column.talking_id, stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect({ status: chat.status, body: chat.body }).toEqual({ status: 503, body: { error: { message: '数据库暂时不可用，请稍后再试', type: 'server_error', code: null } } });
    const status = await request(baseUrl).get('/api/status');
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ database: 'unreachable', redis: 'ok' });
  });

  it('after PostgreSQL is back, serves again without a restart of the application', async () => {
    await pg.restart();
    // Whenever the application's connections are back, the direct customer's calls go through.
    while (!served(await call(direct.key, false))) await new Promise((resolve) => setTimeout(resolve, 100));
    for (const customer of [held, direct]) {
      for (const stream of [false, true]) expect(served(await call(customer.key, stream))).toBe(true);
    }
    expect((await admin.get('/api/user/self')).body.success).toBe(true);
    // The compare chat again, its statements prepared anew on the new connections.
    expect(await askChat()).toMatchObject({ status: 200, stored: { status: 'done' } });
    // The status route's answer about the database stands a second: it says 'ok' again by itself.
    while ((await request(baseUrl).get('/api/status')).body.data.database !== 'ok') await new Promise((resolve) => setTimeout(resolve, 100));
    // The instance holds its liveness lock again (the restart released it), so that no other instance takes it for dead.
    const holdsLock = async () =>
      (
        await query(
          `SELECT 1 FROM pg_locks l JOIN gateway_instances g ON l.objid::bigint = g.lock_key
            WHERE l.locktype = 'advisory' AND l.objsubid = 2 AND l.granted AND g.instance_id = $1`,
          [app.get(InstanceLiveness).instanceId],
        )
      ).length === 1;
    while (!(await holdsLock())) await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('charged no call twice and left nothing reserved: quota moved equals the logged charges', async () => {
    const ledger = app.get(QuotaLedgerService);
    await ledger.flush(true);
    for (const customer of [held, direct]) {
      const [user] = await query('SELECT quota, used_quota, request_count FROM users WHERE id = $1', [customer.userId]);
      const [logs] = await query('SELECT COALESCE(sum(quota), 0) AS charged, count(*) AS n FROM logs WHERE user_id = $1 AND type = 2', [customer.userId]);
      expect({ customer: customer.name, moved: customer.quota - Number(user.quota), used: Number(user.used_quota), requests: user.request_count }).toEqual({
        customer: customer.name,
        moved: Number(logs.charged),
        used: Number(logs.charged),
        requests: Number(logs.n),
      });
      expect(Number(logs.n)).toBeGreaterThan(4);
    }
    // One charge and one log row for every call served, before, during and after the outage; none for the others.
    const [all] = await query('SELECT count(*) AS n, COALESCE(sum(quota), 0) AS charged FROM logs WHERE type = 2 AND user_id <> 1');
    expect(Number(all.n)).toBe(replies.filter(served).length);
    // Root's two compare chat answers, before and after the outage: each charged and logged once.
    const [chats] = await query(`SELECT (SELECT count(*) FROM logs WHERE type = 2 AND user_id = 1) AS logged, (SELECT count(*) FROM chat_messages WHERE status = 'done' AND quota > 0) AS stored`);
    expect({ logged: Number(chats.logged), stored: Number(chats.stored) }).toEqual({ logged: 2, stored: 2 });
    expect(Number(all.charged)).toBe(Number(all.n) * COST);
    const [left] = await query('SELECT (SELECT count(*) FROM quota_reservations) AS reservations, (SELECT count(*) FROM quota_holds) AS holds');
    expect({ reservations: Number(left.reservations), holds: Number(left.holds) }).toEqual({ reservations: 0, holds: 0 });
  });
});
