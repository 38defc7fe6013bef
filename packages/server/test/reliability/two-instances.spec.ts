import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_MAIN, type BuiltServer, startBuiltServer } from '../built-server';
import { MockOpenAiUpstream } from '../mock-openai-upstream';
import { builtServerEnv, createTestDatabase, ROOT_PASSWORD } from '../test-app';
import { TEST_REDIS_URL } from '../test-env';

/**
 * Issue 19, fault item 4: two API instances and a worker on one PostgreSQL database and one Redis
 * prefix, started from the build as an operator runs them. A change made through one instance
 * (option, channel, token) is in force on the other as soon as the cluster bus has delivered it;
 * a customer spending through both at once never goes below zero and is charged exactly what was
 * logged; a scheduled job runs once for the whole deployment, not once per process.
 */

/** Routed to whichever channel is chosen: shows which channel (by its key) served a request. */
const ROUTED = 'mock-a';
/** Has a channel but no price until an administrator sets one. */
const LATE_PRICED = 'mock-late';
/** Billed at a fixed price per call, so that a balance buys an exact number of calls. */
const PRICED = 'mock-priced';
const QUOTA_PER_UNIT = 500_000;
const CALL_USD = 0.02;
const CALL_QUOTA = CALL_USD * QUOTA_PER_UNIT;
/**
 * How long a change may take to reach the other instance: the bus message's delivery plus one
 * database read. Far above what that takes (a few milliseconds); a change that never arrives, or
 * only when a cache entry expires (5 s for tokens, a minute for channels), misses it.
 */
const PROPAGATION_DEADLINE_MS = 2_000;
/** Three built processes starting at once, and the spending test's few hundred requests, on a busy CI machine. */
const STARTUP_TIMEOUT_MS = 120_000;
const LOAD_TIMEOUT_MS = 60_000;

interface BuiltWorker {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** `ROLE=worker` from the build: it serves no HTTP, so it is ready when it says so in its log. */
async function startBuiltWorker(env: Record<string, string>): Promise<BuiltWorker> {
  const child = spawn(process.execPath, [BUILT_MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, ROLE: 'worker', LOG_LEVEL: 'log' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((ready, fail) => {
    const listen = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Worker started')) ready();
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    void exited.then(() => fail(new Error(`worker exited with ${child.exitCode}:\n${output}`)));
  });
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A TCP path to Redis that holds back the first SUBSCRIBE to `channel` until `release()` is called
 * (a slow network, outside the product). `subscribing` resolves when that command arrives: the
 * process behind the path has asked to hear the channel, and Redis does not know it yet.
 */
async function redisPathHoldingSubscribe(channel: string): Promise<{ url: string; subscribing: Promise<void>; release: () => void; close: () => Promise<void> }> {
  const target = new URL(TEST_REDIS_URL);
  const sockets = new Set<Socket>();
  let seen!: () => void;
  const subscribing = new Promise<void>((resolve) => (seen = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  const server: Server = createServer((client) => {
    const redis = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, redis]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        redis.destroy();
      });
    }
    redis.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (!held && chunk.includes(channel) && /subscribe/i.test(chunk.toString('latin1'))) {
        held = true;
        client.pause();
        seen();
        void released.then(() => {
          redis.write(chunk);
          client.resume();
        });
        return;
      }
      redis.write(chunk);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `redis://127.0.0.1:${(server.address() as { port: number }).port}`,
    subscribing,
    release,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => server.close(closed));
    },
  };
}

/** A signed-in console user whose cookie works on every instance (sessions live in PostgreSQL). */
interface Session {
  userId: number;
  cookie: string;
}

/** The console API's reply (DESIGN.md §4). */
interface Envelope {
  success: boolean;
  message: string;
  data: any;
}

async function signIn(base: string, username: string, password: string): Promise<Session> {
  const reply = await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const body = (await reply.json()) as Envelope;
  if (!body.success) throw new Error(`login of ${username} failed: ${body.message}`);
  const cookie = reply.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  return { userId: body.data.id, cookie };
}

/** A console call in the `{ success, message, data }` envelope; fails the test on `success: false`. */
async function consoleCall(base: string, session: Session | undefined, method: string, path: string, body?: unknown): Promise<any> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (session) Object.assign(headers, { cookie: session.cookie, 'New-Api-User': String(session.userId) });
  const reply = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = (await reply.json()) as Envelope;
  expect(envelope.success, `${method} ${path}: ${envelope.message}`).toBe(true);
  return envelope.data;
}

async function chat(base: string, key: string, model: string): Promise<{ status: number; code?: string }> {
  const reply = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
  const body = (await reply.json()) as { error?: { code?: string } };
  return { status: reply.status, code: body.error?.code };
}

/**
 * Asks `probe` until it says yes, at most PROPAGATION_DEADLINE_MS: the other instance learns of a
 * change over Redis pub/sub, which a client that calls it right after the first one's answer can
 * outrun by a few milliseconds.
 */
async function eventually(what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + PROPAGATION_DEADLINE_MS;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`not seen within ${PROPAGATION_DEADLINE_MS} ms: ${what}`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

describe('two API instances and a worker on one PostgreSQL database and one Redis', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: DataSource;
  let upstream: MockOpenAiUpstream;
  let a: BuiltServer;
  let b: BuiltServer;
  let worker: BuiltWorker;
  let root: Session;
  const dataDirs: string[] = [];
  let envFor: () => Record<string, string>;
  /** The channels' ids by the key they send upstream. */
  const channels = new Map<string, number>();

  /** Root's invitation code, for registering customers. */
  const invitation = async () => ((await db.query('SELECT aff_code FROM users WHERE id = 1'))[0] as { aff_code: string }).aff_code;

  async function customer(name: string): Promise<Session> {
    await consoleCall(a.url, undefined, 'POST', '/api/user/register', { username: name, password: 'password-123', password2: 'password-123', aff_code: await invitation() });
    return signIn(b.url, name, 'password-123');
  }

  async function createToken(base: string, owner: Session, name: string): Promise<{ id: number; key: string }> {
    const [view] = await consoleCall(base, owner, 'POST', '/api/token/', { name, unlimited_quota: true });
    return { id: view.id, key: view.key };
  }

  /** The channel keys the upstream was called with since `mark`: which channel served those requests. */
  const keysSince = (mark: number) => upstream.seen.slice(mark).map((seen) => seen.authorization.replace(/^Bearer /, ''));

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    upstream = await new MockOpenAiUpstream().start();
    // Several processes must share the secrets (docs/scaling.md): set them, as an operator would.
    const secrets = { SESSION_SECRET: randomBytes(32).toString('hex'), CRYPTO_SECRET: randomBytes(32).toString('hex') };
    envFor = () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'gw-two-'));
      dataDirs.push(dataDir);
      return builtServerEnv(database, dataDir, secrets);
    };
    // All three at once on the fresh database, as `docker compose up` starts them.
    [a, b, worker] = await Promise.all([startBuiltServer(envFor()), startBuiltServer(envFor()), startBuiltWorker(envFor())]);
    root = await signIn(a.url, 'root', ROOT_PASSWORD);

    // Two channels serving every test model, one preferred; a price for ROUTED and PRICED only.
    for (const key of ['sk-primary', 'sk-backup']) {
      const created = await consoleCall(a.url, root, 'POST', '/api/channel/', {
        type: 1,
        name: key,
        key,
        base_url: upstream.url,
        models: [ROUTED, LATE_PRICED, PRICED].join(','),
        groups: ['default'],
        priority: key === 'sk-primary' ? 10 : 0,
      });
      channels.set(key, created.ids[0]);
    }
    const prices = { ModelRatio: JSON.stringify({ [ROUTED]: 1 }), ModelPrice: JSON.stringify({ [PRICED]: CALL_USD }) };
    for (const [key, value] of Object.entries(prices)) await consoleCall(a.url, root, 'PUT', '/api/option/', { key, value });
    await eventually('the prices on B', async () => {
      const options: Array<{ key: string; value: string }> = await consoleCall(b.url, root, 'GET', '/api/option/');
      return Object.entries(prices).every(([key, value]) => options.some((option) => option.key === key && option.value === value));
    });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), worker?.stop()]);
    await db?.destroy();
    await upstream?.stop();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('started together on a fresh database: one root, three live instances, one session valid on both API instances', async () => {
    const [users] = await db.query(`SELECT count(*)::int AS n FROM users WHERE username = 'root'`);
    expect(users.n).toBe(1);
    const [instances] = await db.query('SELECT count(*)::int AS n FROM gateway_instances');
    expect(instances.n).toBe(3);
    // Signed in on A, recognised on B.
    const self = await consoleCall(b.url, root, 'GET', '/api/user/self');
    expect(self.username).toBe('root');
  });

  it('an option saved on one instance is in force on the other', async () => {
    const name = `网关-${randomBytes(3).toString('hex')}`;
    await consoleCall(a.url, root, 'PUT', '/api/option/', { key: 'SystemName', value: name });
    // The saving instance answers with the new value at once; the other as soon as the bus told it.
    expect((await consoleCall(a.url, undefined, 'GET', '/api/status')).system_name).toBe(name);
    await eventually('SystemName on B', async () => (await consoleCall(b.url, undefined, 'GET', '/api/status')).system_name === name);
    // And the other way round, on the administrators' option list.
    await consoleCall(b.url, root, 'PUT', '/api/option/', { key: 'RetryTimes', value: '0' });
    await eventually('RetryTimes on A', async () => (await consoleCall(a.url, root, 'GET', '/api/option/')).some((option: { key: string; value: string }) => option.key === 'RetryTimes' && option.value === '0'));
  });

  it('an instance that starts while an option is saved does not miss the change', async () => {
    const path = await redisPathHoldingSubscribe(`${database.redisPrefix}:bus:options`);
    let c: BuiltServer | undefined;
    try {
      const starting = startBuiltServer({ ...envFor(), REDIS_URL: path.url });
      // The new instance has asked to hear option changes, and Redis has not registered it yet:
      // this change can reach it only through what it reads from the database.
      await Promise.race([path.subscribing, starting]);
      const footer = `footer-${randomBytes(3).toString('hex')}`;
      await consoleCall(a.url, root, 'PUT', '/api/option/', { key: 'Footer', value: footer });
      path.release();
      c = await starting;
      const started = c;
      const footerOn = async () => ((await consoleCall(started.url, root, 'GET', '/api/option/')) as Array<{ key: string; value: string }>).find((option) => option.key === 'Footer')?.value;
      await eventually('the Footer saved during the start on the new instance', async () => (await footerOn()) === footer);
    } finally {
      await c?.stop();
      await path.close();
    }
  });

  it('a relay option (a model price) saved on one instance is used by the other', async () => {
    const owner = await customer('pricing');
    await consoleCall(a.url, root, 'PUT', '/api/user/', { id: owner.userId, quota: 100 * QUOTA_PER_UNIT });
    const token = await createToken(b.url, owner, 'pricing');
    expect(await chat(a.url, token.key, LATE_PRICED)).toEqual({ status: 400, code: 'model_price_not_set' });
    expect(await chat(b.url, token.key, LATE_PRICED)).toEqual({ status: 400, code: 'model_price_not_set' });

    await consoleCall(a.url, root, 'PUT', '/api/option/', { key: 'ModelRatio', value: JSON.stringify({ [ROUTED]: 1, [LATE_PRICED]: 1 }) });
    expect((await chat(a.url, token.key, LATE_PRICED)).status).toBe(200);
    await eventually('the new price on B', async () => (await chat(b.url, token.key, LATE_PRICED)).status === 200);
  });

  it('a channel disabled or edited on one instance is no longer used as it was by the other', async () => {
    const owner = await customer('routing');
    await consoleCall(a.url, root, 'PUT', '/api/user/', { id: owner.userId, quota: 100 * QUOTA_PER_UNIT });
    const { key } = await createToken(b.url, owner, 'routing');
    const servedBy = async (base: string) => {
      const mark = upstream.seen.length;
      expect((await chat(base, key, ROUTED)).status).toBe(200);
      return keysSince(mark);
    };
    // Both instances use the higher-priority channel (and have it in their caches).
    expect(await servedBy(a.url)).toEqual(['sk-primary']);
    expect(await servedBy(b.url)).toEqual(['sk-primary']);

    await consoleCall(a.url, root, 'PUT', '/api/channel/', { id: channels.get('sk-primary'), status: 2 });
    expect(await servedBy(a.url)).toEqual(['sk-backup']);
    await eventually('primary disabled on B', async () => (await servedBy(b.url))[0] === 'sk-backup');
    for (let i = 0; i < 5; i++) expect(await servedBy(b.url)).toEqual(['sk-backup']);

    // An edit of the key reaches the other instance's cache of opened keys.
    await consoleCall(a.url, root, 'PUT', '/api/channel/', { id: channels.get('sk-backup'), key: 'sk-backup-2' });
    await eventually('the new key on B', async () => (await servedBy(b.url))[0] === 'sk-backup-2');
    for (let i = 0; i < 5; i++) expect(await servedBy(b.url)).toEqual(['sk-backup-2']);

    // Enabled again through B: A routes to it again.
    await consoleCall(b.url, root, 'PUT', '/api/channel/', { id: channels.get('sk-primary'), status: 1 });
    await eventually('primary enabled on A', async () => (await servedBy(a.url))[0] === 'sk-primary');
  });

  it('a token disabled or deleted on one instance is refused by the other', async () => {
    const owner = await customer('tokens');
    await consoleCall(a.url, root, 'PUT', '/api/user/', { id: owner.userId, quota: 100 * QUOTA_PER_UNIT });
    const disabled = await createToken(a.url, owner, 'to-disable');
    const deleted = await createToken(b.url, owner, 'to-delete');
    // Used (and so cached) on both instances first.
    for (const base of [a.url, b.url]) {
      expect((await chat(base, disabled.key, ROUTED)).status).toBe(200);
      expect((await chat(base, deleted.key, ROUTED)).status).toBe(200);
    }

    await consoleCall(b.url, owner, 'PUT', '/api/token/?status_only=true', { id: disabled.id, status: 2 });
    expect(await chat(b.url, disabled.key, ROUTED)).toEqual({ status: 401, code: 'token_disabled' });
    await eventually('disabled token refused on A', async () => (await chat(a.url, disabled.key, ROUTED)).status === 401);
    for (let i = 0; i < 5; i++) expect(await chat(a.url, disabled.key, ROUTED)).toEqual({ status: 401, code: 'token_disabled' });

    await consoleCall(a.url, owner, 'DELETE', `/api/token/${deleted.id}`);
    expect(await chat(a.url, deleted.key, ROUTED)).toEqual({ status: 401, code: 'invalid_api_key' });
    await eventually('deleted token refused on B', async () => (await chat(b.url, deleted.key, ROUTED)).status === 401);
    for (let i = 0; i < 5; i++) expect(await chat(b.url, deleted.key, ROUTED)).toEqual({ status: 401, code: 'invalid_api_key' });
  });

  it('customers spending through both instances at once never go below zero, and are charged exactly what was logged', async () => {
    upstream.delays.set(PRICED, 20);
    // Small: too little for quota holds, every request reserves in the database. Its balance is set
    // by an administrator through B, which first asks every instance (the worker too) for its holds.
    const small = { ...(await customer('spender-small')), quota: 60 * CALL_QUOTA };
    await consoleCall(b.url, root, 'PUT', '/api/user/', { id: small.userId, quota: small.quota });
    // Large: each instance takes a hold and bills from it in memory, until the balance left is too
    // small for holds. Set in the database before its first request: after an administrator's
    // change, a user's requests reserve directly for 10 s (docs/scaling.md).
    const large = { ...(await customer('spender-large')), quota: 300 * CALL_QUOTA };
    await db.query('UPDATE users SET quota = $2 WHERE id = $1', [large.userId, large.quota]);
    const spenders = [small, large];

    // Watches the balances and the holds while the customers spend.
    let spending = true;
    const lowest = new Map<number, number>();
    const holders = new Map<number, Set<string>>(spenders.map((spender) => [spender.userId, new Set()]));
    const watching = (async () => {
      while (spending) {
        const rows: Array<{ id: number; quota: string; holders: string[] }> = await db.query(
          'SELECT u.id, u.quota, ARRAY(SELECT h.instance_id FROM quota_holds h WHERE h.user_id = u.id) AS holders FROM users u WHERE u.id = ANY($1)',
          [spenders.map((spender) => spender.userId)],
        );
        for (const row of rows) {
          lowest.set(row.id, Math.min(lowest.get(row.id) ?? Infinity, Number(row.quota)));
          for (const holder of row.holders) holders.get(row.id)!.add(holder);
        }
      }
    })();

    const CLIENTS = 12;
    const results = await Promise.all(
      spenders.map(async (spender) => {
        const { key } = await createToken(a.url, spender, 'spend');
        let served = 0;
        const unexpected: Array<{ status: number; code?: string }> = [];
        // Each client alternates between the instances until it is refused for want of quota (or
        // answered anything else, which fails the test).
        const client = async (first: number) => {
          for (let turn = first; ; turn++) {
            const reply = await chat(turn % 2 === 0 ? a.url : b.url, key, PRICED);
            if (reply.status !== 200) {
              if (reply.status !== 403 || reply.code !== 'insufficient_user_quota') unexpected.push(reply);
              return;
            }
            served += 1;
          }
        };
        await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
        return { ...spender, served, unexpected };
      }),
    );
    spending = false;
    await watching;

    for (const result of results) {
      expect(result.unexpected).toEqual([]);
      // Settlements and their log rows are committed together, every 500 ms per instance.
      let logged: { n: number; charged: string };
      do {
        await new Promise((done) => setTimeout(done, 50));
        [logged] = await db.query('SELECT count(*)::int AS n, COALESCE(sum(quota), 0) AS charged FROM logs WHERE user_id = $1 AND type = 2', [result.userId]);
      } while (logged.n < result.served);
      const [user] = await db.query('SELECT quota, used_quota, request_count FROM users WHERE id = $1', [result.userId]);
      const charged = Number(logged.charged);
      expect({ requests: logged.n, charged }).toEqual({ requests: result.served, charged: result.served * CALL_QUOTA });
      expect({ moved: result.quota - Number(user.quota), used: Number(user.used_quota), requests: user.request_count }).toEqual({ moved: charged, used: charged, requests: result.served });
      expect(Math.min(lowest.get(result.userId)!, Number(user.quota))).toBeGreaterThanOrEqual(0);
    }
    // Reserving directly, the small customer buys exactly as many calls as the balance covers.
    expect(results[0].served).toBe(60);
    expect(Number((await db.query('SELECT quota FROM users WHERE id = $1', [small.userId]))[0].quota)).toBe(0);
    // The large customer was billed from holds of both API instances (and not only directly).
    expect(holders.get(small.userId)!.size).toBe(0);
    expect(holders.get(large.userId)!.size).toBe(2);
    // The administrator's change did not wait for an instance that never answered.
    for (const output of [a.output(), b.output()]) expect(output).not.toContain('Not every instance gave back the holds');
  }, LOAD_TIMEOUT_MS);

  it('a scheduled job runs once for the whole deployment, not once per process', async () => {
    const status = async () => {
      const queues: Array<{ queue: string; counts: Record<string, number> }> = await consoleCall(b.url, root, 'GET', '/api/jobs/status');
      return Object.fromEntries(queues.map((queue) => [queue.queue, queue.counts]));
    };
    const before = await status();
    expect(before['channel-test'].completed).toBe(0);
    // Monitoring on, with an interval that does not come round again during the test: every
    // process (both API instances run jobs too with the default ROLE) puts the schedule in place.
    await consoleCall(a.url, root, 'PUT', '/api/option/', { key: 'MonitorInterval', value: '60' });
    await consoleCall(a.url, root, 'PUT', '/api/option/', { key: 'AutomaticDisableChannelEnabled', value: 'true' });
    const tested = async () => (await db.query('SELECT count(*)::int AS n FROM channels WHERE test_time > 0'))[0].n as number;
    // Until every channel was tested and both queues are idle (nothing waiting or running).
    const settled = (counts: Record<string, Record<string, number>>) =>
      ['channel-test', 'model-heartbeat'].every((queue) => counts[queue].completed > 0 && counts[queue].active + counts[queue].waiting === 0);
    let counts = await status();
    while ((await tested()) < channels.size || !settled(counts)) {
      await new Promise((done) => setTimeout(done, 50));
      counts = await status();
    }
    // One sweep (which queued one test per channel) and one heartbeat tick (which queued one run).
    expect(counts['channel-test']).toMatchObject({ completed: 1 + channels.size, failed: 0, delayed: 1 });
    expect(counts['model-heartbeat']).toMatchObject({ completed: 2, failed: 0, delayed: 1 });
    const [heartbeats] = await db.query('SELECT count(DISTINCT slot)::int AS slots FROM heartbeats');
    expect(heartbeats.slots).toBe(1);
  });

  it('stopped gracefully, the instances leave no hold or reservation behind', async () => {
    await Promise.all([a.stop(), b.stop(), worker.stop()]);
    const [left] = await db.query('SELECT (SELECT count(*) FROM quota_reservations)::int AS reservations, (SELECT count(*) FROM quota_holds)::int AS holds, (SELECT count(*) FROM gateway_instances)::int AS instances');
    expect(left).toEqual({ reservations: 0, holds: 0, instances: 0 });
  });
});
