import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../built-server';
import { builtServerEnv, createTestDatabase, ROOT_PASSWORD } from '../test-app';

/**
 * Issue 17, "the roll-up survives a crash mid-batch without double counting": the built server is
 * killed with SIGKILL while it rolls up a backlog of logs (some chunks committed, one in flight);
 * the restarted server finishes the roll-up, and every roll-up equals the logs exactly.
 */

const LOGS = 150_000;

describe('usage roll-up across a SIGKILL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: DataSource;
  let server: BuiltServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-rollup-kill-'));
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    env = builtServerEnv(database, dataDir);
    server = await startBuiltServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async () => {
    const root = request.agent(server.url);
    expect((await root.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD })).body.success).toBe(true);
    return root.set('New-Api-User', '1');
  };

  // Two server starts on two cores busy with other test files: more time than the default 30 s.
  it('finishes after a restart with every log counted exactly once', async () => {
    const now = Math.floor(Date.now() / 1000);
    await db.query(
      `INSERT INTO logs (created_at, type, user_id, username, token_id, token_name, channel, channel_name, model_name, quota, prompt_tokens, completion_tokens, use_time_ms, other, instance)
       SELECT $1::bigint - n % 86400, CASE WHEN n % 10 = 0 THEN 5 ELSE 2 END, 1 + n % 50, 'user' || (n % 50), 100 + n % 100, 'token' || (n % 100),
              1 + n % 5, 'channel-' || (1 + n % 5), 'model-' || (n % 7), CASE WHEN n % 10 = 0 THEN 0 ELSE 10 + n % 90 END,
              CASE WHEN n % 10 = 0 THEN 0 ELSE n % 1000 END, CASE WHEN n % 10 = 0 THEN 0 ELSE n % 300 END, 100 + n % 5000,
              '{"model_ratio":1,"completion_ratio":2,"group_ratio":1}', 'gw-' || (n % 2)
         FROM generate_series(1, $2::bigint) AS n`,
      [now - 60, LOGS],
    );
    const root = await signIn();
    // Rolled up in the server, chunk by chunk; killed once some chunks are committed and more remain.
    const refresh = root.post('/api/statistics/refresh').then(
      () => undefined,
      () => undefined,
    );
    for (;;) {
      const [state] = await db.query('SELECT last_log_id::float8 AS id FROM usage_rollup_state');
      if (Number(state.id) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    await refresh;
    const [halfway] = await db.query('SELECT last_log_id::float8 AS id FROM usage_rollup_state');
    expect(Number(halfway.id)).toBeLessThan(LOGS);

    server = await startBuiltServer(env);
    expect((await (await signIn()).post('/api/statistics/refresh')).body.success).toBe(true);
    const [expected] = await db.query(`SELECT count(*)::float8 AS requests, COALESCE(sum(quota), 0)::float8 AS quota, COALESCE(sum(prompt_tokens + completion_tokens), 0)::float8 AS tokens FROM logs WHERE type IN (2, 5)`);
    for (const table of ['usage_rollups', 'usage_token_rollups', 'usage_channel_rollups']) {
      for (const grain of table === 'usage_rollups' ? ['h', 'd'] : ['m', 'h', 'd']) {
        const [sums] = await db.query(
          `SELECT sum(request_count)::float8 AS requests, sum(quota)::float8 AS quota, sum(prompt_tokens + completion_tokens)::float8 AS tokens FROM ${table} WHERE grain = $1`,
          [grain],
        );
        expect(sums, `${table} ${grain}`).toEqual(expected);
      }
    }
  }, 120_000);
});
