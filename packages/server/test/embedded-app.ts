import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { createHttpApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { OptionsService } from '../src/options/options.service';
import { TEST_OPTIONS } from './test-app';

export const EMBEDDED_ROOT_PASSWORD = 'embedded-root-pass';

export interface EmbeddedApp {
  app: INestApplication;
  /** The embedded (PGlite) database, for asserting rows. */
  db: DataSource;
  /** A client with no session. */
  http: () => TestAgent;
  /** A client signed in as root (cookie kept, New-Api-User set). */
  signInRoot: () => Promise<TestAgent>;
  close: () => Promise<void>;
}

/**
 * The product on its embedded defaults (DESIGN.md §3): no DATABASE_URL or REDIS_URL, so PGlite in
 * a fresh DATA_DIR, in-process jobs, in-memory limits and local file storage. The application
 * creates the database as it starts, so the tests' options (TEST_OPTIONS) are saved just after.
 */
export async function startEmbeddedApp(name: string): Promise<EmbeddedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `gw-${name}-embedded-`));
  const app = await createHttpApp(
    loadConfig({ DATA_DIR: dataDir, INITIAL_ROOT_PASSWORD: EMBEDDED_ROOT_PASSWORD, WEB_DIST_DIR: join(dataDir, 'no-web-build'), LOG_LEVEL: 'error', RATE_LIMIT_API: '100000' }),
  );
  for (const [key, value] of Object.entries(TEST_OPTIONS)) await app.get(OptionsService).set(key, value);
  const server = app.getHttpServer();
  return {
    app,
    db: app.get(DataSource),
    http: () => request.agent(server),
    signInRoot: async () => {
      const root = request.agent(server);
      const login = await root.post('/api/user/login').send({ username: 'root', password: EMBEDDED_ROOT_PASSWORD });
      if (!login.body.success) throw new Error(`root sign-in failed: ${login.body.message}`);
      root.set('New-Api-User', '1');
      return root;
    },
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
