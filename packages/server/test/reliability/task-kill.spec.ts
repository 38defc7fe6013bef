import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../built-server';
import { MockMidjourneyProxy } from '../mock-midjourney-proxy';
import { builtServerEnv, createTestDatabase, ROOT_PASSWORD } from '../test-app';

/**
 * Issue 18 across a SIGKILL: the built server is killed while a Midjourney submit waits for its
 * upstream, with another task already running upstream. After a restart the running task is
 * followed to its end and charged once; the interrupted submit, whose upstream answer was never
 * heard, is failed and refunded once its grace time has passed. Quota moved equals the logged charges.
 */

const START_QUOTA = 10_000_000;
const IMAGINE_PRICE = 50_000;

describe('async tasks across a SIGKILL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: DataSource;
  let mj: MockMidjourneyProxy;
  let server: BuiltServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-task-kill-'));
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    mj = await new MockMidjourneyProxy().start();
    env = builtServerEnv(database, dataDir, { TASK_POLL_SECONDS: '1' });
    server = await startBuiltServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
    await mj?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Two server starts on two cores busy with other test files: more time than the default 30 s.
  it('follows the running task after a restart and refunds the interrupted submit, each once', async () => {
    const root = request.agent(server.url);
    expect((await root.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD })).body.success).toBe(true);
    root.set('New-Api-User', '1');
    expect((await root.put('/api/option/').send({ key: 'DrawingEnabled', value: 'true' })).body.success).toBe(true);
    expect((await root.post('/api/channel/').send({ type: 2, name: 'mj', key: 'mj-secret', base_url: mj.url, models: 'mj_imagine', groups: ['default'] })).body.success).toBe(true);
    await db.query('UPDATE users SET quota = $1 WHERE id = 1', [START_QUOTA]);
    expect((await root.post('/api/token/').send({ name: 'mj', unlimited_quota: true })).body.success).toBe(true);
    const tokens = (await root.get('/api/token/?p=0&size=10')).body.data.items as Array<{ name: string; key: string }>;
    const sk = tokens.find((token) => token.name === 'mj')!.key;
    const submit = (prompt: string) => fetch(`${server.url}/mj/submit/imagine`, { method: 'POST', headers: { authorization: `Bearer ${sk}`, 'content-type': 'application/json' }, body: JSON.stringify({ prompt }) });

    const running = (await (await submit('running')).json()) as { code: number; result: string };
    expect(running.code).toBe(1);
    const runningUpstream = mj.lastTaskId();

    // The next submit waits upstream; the server dies meanwhile.
    mj.submitDelayMs = 5_000;
    const interrupted = submit('interrupted').catch((error: unknown) => error);
    while (mj.callsTo('/mj/submit/imagine').length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    expect(await interrupted).toBeInstanceOf(Error);
    mj.submitDelayMs = 0;
    const quota = async () => Number((await db.query('SELECT quota FROM users WHERE id = 1'))[0].quota);
    expect(await quota()).toBe(START_QUOTA - 2 * IMAGINE_PRICE);
    expect(await db.query(`SELECT prompt, status, upstream_id FROM tasks WHERE prompt = 'interrupted'`)).toEqual([{ prompt: 'interrupted', status: '', upstream_id: '' }]);

    server = await startBuiltServer(env);
    mj.succeed(runningUpstream);
    const statusOf = async (prompt: string) => (await db.query('SELECT status FROM tasks WHERE prompt = $1', [prompt]))[0].status as string;
    for (let i = 0; i < 200 && (await statusOf('running')) !== 'SUCCESS'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await statusOf('running')).toBe('SUCCESS');
    // Still within its grace time, the interrupted submit is left alone; past it, failed and refunded.
    expect(await statusOf('interrupted')).toBe('');
    await db.query(`UPDATE tasks SET submit_time = submit_time - 660000 WHERE prompt = 'interrupted'`);
    for (let i = 0; i < 200 && (await statusOf('interrupted')) !== 'FAILURE'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await statusOf('interrupted')).toBe('FAILURE');

    await server.stop();
    expect(await quota()).toBe(START_QUOTA - IMAGINE_PRICE);
    const [logged] = await db.query('SELECT COALESCE(sum(quota), 0)::bigint AS quota, count(*)::int AS rows FROM logs WHERE user_id = 1 AND type = 2');
    expect({ quota: Number(logged.quota), rows: logged.rows }).toEqual({ quota: IMAGINE_PRICE, rows: 1 });
    expect(await db.query(`SELECT * FROM quota_reservations WHERE instance_id = 'tasks'`)).toEqual([]);
    server = await startBuiltServer(env);
  }, 120_000);
});
