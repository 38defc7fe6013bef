import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import Redis from 'ioredis';
import { Client } from 'pg';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { createHttpApp } from '../src/app.factory';
import { AppConfig, loadConfig } from '../src/config/app-config';
import { TEMPLATE_DB, TEST_DB_PREFIX, TEST_PG_URL, TEST_REDIS_PREFIX, TEST_REDIS_URL } from './test-env';

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
  /** Registers a user through the API and signs them in. */
  signUp: (username: string, password?: string, extra?: Record<string, unknown>) => Promise<{ agent: TestAgent; userId: number }>;
  close: () => Promise<void>;
}

async function createDatabaseFromTemplate(name: string): Promise<void> {
  const admin = new Client({ connectionString: `${TEST_PG_URL}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: `${TEST_PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

/**
 * Starts the real application against its own PostgreSQL database (copied from the migrated
 * template) and its own Redis key prefix, so test files run in parallel and leave nothing behind.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const id = randomBytes(6).toString('hex');
  const dbName = `${TEST_DB_PREFIX}${id}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-test-'));
  await createDatabaseFromTemplate(dbName);
  const config = loadConfig({
    DATABASE_URL: `${TEST_PG_URL}/${dbName}`,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `${TEST_REDIS_PREFIX}:${id}`,
    DATA_DIR: dataDir,
    INITIAL_ROOT_PASSWORD: ROOT_PASSWORD,
    RATE_LIMIT_API: '100000',
    RATE_LIMIT_AUTH: '100000',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'error',
    ...env,
  });
  const app = await createHttpApp(config);
  const db = new DataSource({ type: 'postgres', url: config.databaseUrl });
  await db.initialize();
  const server = app.getHttpServer();

  const login = async (username: string, password: string) => {
    const agent = request.agent(server);
    const reply = await agent.post('/api/user/login').send({ username, password });
    if (!reply.body.success) throw new Error(`login of ${username} failed: ${reply.body.message}`);
    const userId = reply.body.data.id as number;
    agent.set('New-Api-User', String(userId));
    return { agent, userId };
  };

  return {
    app,
    config,
    db,
    http: () => request.agent(server),
    login,
    signUp: async (username, password = 'password-123', extra = {}) => {
      const reply = await request(server).post('/api/user/register').send({ username, password, password2: password, ...extra });
      if (!reply.body.success) throw new Error(`registration of ${username} failed: ${reply.body.message}`);
      return login(username, password);
    },
    close: async () => {
      await app.close();
      await db.destroy();
      await dropDatabase(dbName);
      await deleteRedisKeys(`${TEST_REDIS_PREFIX}:${id}`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
