import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { OptionKey } from '@gw/shared';
import Redis from 'ioredis';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { inject } from 'vitest';
import { createHttpApp } from '../src/app.factory';
import { AppConfig, loadConfig } from '../src/config/app-config';
import { onMaintenanceDb, runNames, TEST_PG_URL, TEST_REDIS_URL } from './test-env';

export const ROOT_PASSWORD = 'root-pass-123';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  /** The test file's own database, for asserting rows. */
  db: DataSource;
  /** A client with no session. */
  http: () => TestAgent;
  /** A client signed in with username/password (cookie kept, New-Api-User set). */
  login: (username: string, password: string) => Promise<{ agent: TestAgent; userId: number }>;
  /** Root's invitation code: registration needs one unless the administrator opens it (InviteOnlyRegisterEnabled). */
  inviteCode: () => Promise<string>;
  /** Registers a user through the API, invited by root unless `extra.aff_code` says otherwise, and signs them in. */
  signUp: (username: string, password?: string, extra?: Record<string, unknown>) => Promise<{ agent: TestAgent; userId: number }>;
  /** Stops the application (graceful shutdown), once; `close` also drops the database. */
  stopApp: () => Promise<void>;
  close: () => Promise<void>;
}

export interface SecondInstance {
  app: INestApplication;
  /** A client with no session. */
  http: () => TestAgent;
  /** Stops this instance only; the shared database and Redis keys stay for the first one. */
  close: () => Promise<void>;
}

async function createDatabaseFromTemplate(name: string, template: string): Promise<void> {
  await onMaintenanceDb((admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
}

/**
 * Options the test databases start with where they differ from the product: the mock upstreams
 * listen on 127.0.0.1, which channels reach only with ChannelPrivateAddressEnabled (off in the
 * product, docs/security.md). Written into each file's database before any instance reads it, so
 * the in-process app, its second instances, workers and built servers all start with them.
 * Only options that are not secret: those are stored sealed.
 */
export const TEST_OPTIONS: Readonly<Partial<Record<OptionKey, string>>> = { ChannelPrivateAddressEnabled: 'true' };

async function seedTestOptions(databaseUrl: string): Promise<void> {
  const db = new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: 1 } });
  await db.initialize();
  try {
    for (const [key, value] of Object.entries(TEST_OPTIONS)) {
      await db.query('INSERT INTO options (key, value, updated_at) VALUES ($1, $2, 0)', [key, value]);
    }
  } finally {
    await db.destroy();
  }
}

async function dropDatabase(name: string): Promise<void> {
  await onMaintenanceDb((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

/**
 * The environment of an application started in the test process: its database, Redis prefix and
 * DATA_DIR, root's password, rate limits out of the way, no console build, errors-only logging.
 */
export function inProcessEnv(databaseUrl: string, redisPrefix: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    DATA_DIR: dataDir,
    INITIAL_ROOT_PASSWORD: ROOT_PASSWORD,
    RATE_LIMIT_API: '100000',
    RATE_LIMIT_AUTH: '100000',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'error',
  };
}

/**
 * Starts the real application against its own PostgreSQL database (copied from the migrated
 * template) and its own Redis key prefix, so test files run in parallel and leave nothing behind.
 * The database holds TEST_OPTIONS unless `productDefaults` asks for it as the migrations left it.
 */
export async function startTestApp(env: Record<string, string | undefined> = {}, { productDefaults = false } = {}): Promise<TestApp> {
  const id = randomBytes(6).toString('hex');
  const names = runNames(inject('gwTestRunId'));
  const dbName = `${names.dbPrefix}${id}`;
  const redisPrefix = `${names.redisPrefix}:${id}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-test-'));
  await createDatabaseFromTemplate(dbName, names.templateDb);
  if (!productDefaults) await seedTestOptions(`${TEST_PG_URL}/${dbName}`);
  const config = loadConfig({ ...inProcessEnv(`${TEST_PG_URL}/${dbName}`, redisPrefix, dataDir), ...env });
  const app = await createHttpApp(config);
  const db = new DataSource({ type: 'postgres', url: config.databaseUrl });
  await db.initialize();
  const server = app.getHttpServer();
  let stopping: Promise<void> | undefined;
  const stopApp = () => (stopping ??= app.close());

  const login = async (username: string, password: string) => {
    const agent = request.agent(server);
    const reply = await agent.post('/api/user/login').send({ username, password });
    if (!reply.body.success) throw new Error(`login of ${username} failed: ${reply.body.message}`);
    const userId = reply.body.data.id as number;
    agent.set('New-Api-User', String(userId));
    return { agent, userId };
  };

  const inviteCode = async () => ((await db.query('SELECT aff_code FROM users WHERE id = 1'))[0] as { aff_code: string }).aff_code;

  return {
    app,
    config,
    db,
    http: () => request.agent(server),
    login,
    inviteCode,
    signUp: async (username, password = 'password-123', extra = {}) => {
      const reply = await request(server).post('/api/user/register').send({ username, password, password2: password, aff_code: await inviteCode(), ...extra });
      if (!reply.body.success) throw new Error(`registration of ${username} failed: ${reply.body.message}`);
      return login(username, password);
    },
    stopApp,
    close: async () => {
      await stopApp();
      await db.destroy();
      await dropDatabase(dbName);
      await deleteRedisKeys(redisPrefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts another instance of the application on the same PostgreSQL database, Redis prefix and
 * secrets as `t`, as a second machine behind a load balancer would be (DESIGN.md §7). `env`
 * overrides single variables (for example RATE_LIMIT_AUTH).
 */
export async function startSecondInstance(t: TestApp, env: Record<string, string> = {}): Promise<SecondInstance> {
  const config = loadConfig({
    DATABASE_URL: t.config.databaseUrl,
    REDIS_URL: t.config.redisUrl,
    REDIS_PREFIX: t.config.redisPrefix,
    DATA_DIR: t.config.dataDir,
    SESSION_SECRET: t.config.sessionSecret,
    CRYPTO_SECRET: t.config.cryptoSecret,
    TRUSTED_PROXIES: t.config.trustedProxies.join(','),
    RATE_LIMIT_API: String(t.config.rateLimits.api),
    RATE_LIMIT_AUTH: String(t.config.rateLimits.auth),
    WEB_DIST_DIR: t.config.webDistDir,
    LOG_LEVEL: t.config.logLevel,
    OUTBOUND_ALLOW_PRIVATE: t.config.outboundAllowPrivate.join(','),
    ...env,
  });
  const app = await createHttpApp(config);
  const server = app.getHttpServer();
  return { app, http: () => request.agent(server), close: () => app.close() };
}

/** A database of its own for a test that runs the built server (copied from the migrated template, with TEST_OPTIONS), and its Redis prefix. */
export async function createTestDatabase(): Promise<{ url: string; redisPrefix: string; drop: () => Promise<void> }> {
  const id = randomBytes(6).toString('hex');
  const names = runNames(inject('gwTestRunId'));
  const dbName = `${names.dbPrefix}${id}`;
  const redisPrefix = `${names.redisPrefix}:${id}`;
  await createDatabaseFromTemplate(dbName, names.templateDb);
  await seedTestOptions(`${TEST_PG_URL}/${dbName}`);
  return {
    url: `${TEST_PG_URL}/${dbName}`,
    redisPrefix,
    drop: async () => {
      await dropDatabase(dbName);
      await deleteRedisKeys(redisPrefix);
    },
  };
}

/**
 * The environment of a built server (`startBuiltServer`) on a database of createTestDatabase:
 * its own Redis prefix and DATA_DIR, root's password, rate limits out of the way; `extra` adds to it.
 */
export function builtServerEnv(database: { url: string; redisPrefix: string }, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: database.redisPrefix,
    DATA_DIR: dataDir,
    INITIAL_ROOT_PASSWORD: ROOT_PASSWORD,
    RATE_LIMIT_API: '1000000',
    RATE_LIMIT_AUTH: '100000',
    ...extra,
  };
}
