import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../built-server';
import { MockOpenAiUpstream } from '../mock-openai-upstream';
import { createTestDatabase, ROOT_PASSWORD } from '../test-app';
import { onMaintenanceDb, TEST_PG_URL, TEST_REDIS_URL } from '../test-env';

/**
 * Issue 19, backups (docs/backups.md): the documented procedures, run for real. A product with
 * users, a channel, tokens and charged traffic is backed up — `pg_dump -Fc` and `pg_restore` into a
 * new database for PostgreSQL, a copy of the stopped DATA_DIR for the embedded PGlite — and the
 * product started on the copy has the same balances and logs, lets root sign in, and still opens
 * the channel's encrypted key (the relay answers through it).
 */

const MODEL = 'backup-model';

/** What must survive a restore: balances and logs as the console reports them. */
async function snapshot(url: string): Promise<{ root: Record<string, number>; logs: { total: number; quota: number } }> {
  const agent = request.agent(url);
  const login = await agent.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
  expect(login.body.success, login.body.message).toBe(true);
  agent.set('New-Api-User', '1');
  const self = (await agent.get('/api/user/self')).body.data;
  const logs = (await agent.get('/api/log/').query({ type: 2, page_size: 100 })).body.data;
  const stat = (await agent.get('/api/log/stat').query({ type: 2 })).body.data;
  return { root: { quota: self.quota, used_quota: self.used_quota, request_count: self.request_count }, logs: { total: logs.total, quota: stat.quota } };
}

/** Root configures a priced model on the mock upstream, gets quota and a token, and sends `requests` chats. Returns the token key. */
async function useTheProduct(url: string, upstreamUrl: string, requests: number): Promise<string> {
  const root = request.agent(url);
  expect((await root.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD })).body.success).toBe(true);
  root.set('New-Api-User', '1');
  for (const [key, value] of [
    ['ChannelPrivateAddressEnabled', 'true'],
    ['ModelRatio', JSON.stringify({ [MODEL]: 2 })],
  ]) {
    expect((await root.put('/api/option/').send({ key, value })).body.success).toBe(true);
  }
  expect((await root.post('/api/channel/').send({ type: 1, name: 'mock', key: 'sk-upstream-secret', base_url: upstreamUrl, models: MODEL, groups: ['default'] })).body.success).toBe(true);
  const self = (await root.get('/api/user/1')).body.data;
  expect((await root.put('/api/user/').send({ ...self, quota: 50_000_000 })).body.success).toBe(true);
  expect((await root.post('/api/token/').send({ name: 'backup', unlimited_quota: true })).body.success).toBe(true);
  const key = ((await root.get('/api/token/?p=0&size=10')).body.data.items as Array<{ name: string; key: string }>).find((token) => token.name === 'backup')!.key;
  for (let i = 0; i < requests; i++) expect((await chat(url, key)).status).toBe(200);
  // Settlements and their log rows are committed in batches: wait until all are in.
  for (let tries = 0; (await snapshot(url)).logs.total < requests; tries++) {
    if (tries === 100) throw new Error('the requests were not logged');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return key;
}

const chat = (url: string, key: string) =>
  request(url).post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send({ model: MODEL, messages: [{ role: 'user', content: '备份之前' }] });

describe('backups restore into a fresh store and the product starts with the same balances and logs', () => {
  let upstream: MockOpenAiUpstream;
  const cleanups: Array<() => Promise<void> | void> = [];

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await upstream?.stop();
  });

  it('PostgreSQL: pg_dump -Fc, pg_restore into a new database, same secrets', async () => {
    const source = await createTestDatabase();
    cleanups.push(() => source.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'gw-backup-pg-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: source.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: source.redisPrefix, DATA_DIR: dataDir, INITIAL_ROOT_PASSWORD: ROOT_PASSWORD, RATE_LIMIT_AUTH: '10000' };
    let server: BuiltServer = await startBuiltServer(env);
    const key = await useTheProduct(server.url, upstream.url, 5);
    const before = await snapshot(server.url);
    await server.stop();

    // The documented commands (docs/backups.md): a custom-format dump, restored with --no-owner.
    const dump = join(dataDir, 'gateway.dump');
    execFileSync('pg_dump', [source.url, '-Fc', '-f', dump]);
    const restoredName = `${source.url.split('/').pop()}_restored`;
    await onMaintenanceDb((admin) => admin.query(`CREATE DATABASE "${restoredName}"`));
    cleanups.push(() => onMaintenanceDb((admin) => admin.query(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`)));
    execFileSync('pg_restore', ['--no-owner', '-d', `${TEST_PG_URL}/${restoredName}`, dump]);

    server = await startBuiltServer({ ...env, DATABASE_URL: `${TEST_PG_URL}/${restoredName}`, REDIS_PREFIX: `${source.redisPrefix}-restored` });
    try {
      expect(await snapshot(server.url)).toEqual(before);
      expect(before.logs).toMatchObject({ total: 5 });
      // The channel's key, encrypted at rest, opens with the same CRYPTO_SECRET: the relay still answers.
      expect((await chat(server.url, key)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('embedded PGlite: the stopped DATA_DIR copied and started elsewhere', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gw-backup-pglite-'));
    const copy = mkdtempSync(join(tmpdir(), 'gw-backup-pglite-copy-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, INITIAL_ROOT_PASSWORD: ROOT_PASSWORD, RATE_LIMIT_AUTH: '10000' };
    let server: BuiltServer = await startBuiltServer(env);
    const key = await useTheProduct(server.url, upstream.url, 3);
    const before = await snapshot(server.url);
    await server.stop();

    cpSync(dataDir, copy, { recursive: true });
    server = await startBuiltServer({ ...env, DATA_DIR: copy });
    try {
      expect(await snapshot(server.url)).toEqual(before);
      expect(before.logs).toMatchObject({ total: 3 });
      expect((await chat(server.url, key)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
