import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_ANSWER_INTERRUPTED } from '../../src/talkings/talking.view';
import { type BuiltServer, startBuiltServer } from '../built-server';
import { MockOpenAiUpstream } from '../mock-openai-upstream';
import { builtServerEnv, createTestDatabase, ROOT_PASSWORD } from '../test-app';

/**
 * The compare chat across a SIGKILL: answers streaming when the built server is killed are ended
 * as interrupted by the restarted server before it serves, and what was reserved for them is
 * given back once (the books: quota moved = logged charges, nothing left reserved).
 */

/** The mock upstream sends its 40 words 50 ms apart: the kill comes mid-answer. */
const MODEL = 'slow-stream';
/** Three units: no room for four holds of one unit, so each answer reserves directly in the database. */
const QUOTA = 1_500_000;

describe('compare chat answers across a SIGKILL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: DataSource;
  let upstream: MockOpenAiUpstream;
  let server: BuiltServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-chat-kill-'));
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    upstream = await new MockOpenAiUpstream().start();
    env = builtServerEnv(database, dataDir);
    server = await startBuiltServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
    await upstream?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a restart ends the answers the killed process was streaming and refunds their reservations once', async () => {
    const root = request.agent(server.url);
    expect((await root.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD })).body.success).toBe(true);
    root.set('New-Api-User', '1');
    for (const [key, value] of [
      ['ModelRatio', `{"${MODEL}":1}`],
      ['CompletionRatio', `{"${MODEL}":2}`],
    ]) {
      expect((await root.put('/api/option/').send({ key, value })).body.success).toBe(true);
    }
    expect((await root.post('/api/channel/').send({ type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url, models: MODEL, groups: ['default'] })).body.success).toBe(true);
    await db.query('UPDATE users SET quota = $1 WHERE id = 1', [QUOTA]);
    expect((await root.post('/api/token/').send({ name: 'chat', unlimited_quota: true })).body.success).toBe(true);
    // Two talkings (a model appears once in a talking), each with a column of the slow model.
    const columns: Array<{ id: number; talking_id: number }> = [];
    for (const name of ['崩溃一', '崩溃二']) {
      const talkingId = (await root.post('/relay/v1/talking/').send({ name })).body.data.id as number;
      columns.push(...(await root.post('/relay/v1/conversation/').send([{ talking_id: talkingId, model_name: MODEL }])).body.data);
    }

    // Both answering, read by a browser until some words came.
    const login = await fetch(`${server.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }) });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const readers = await Promise.all(
      columns.map(async (column) => {
        const reply = await fetch(`${server.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { cookie, 'new-api-user': '1', 'content-type': 'application/json' },
          body: JSON.stringify({ model: MODEL, conversation_id: column.id, talking_id: column.talking_id, stream: true, messages: [{ role: 'user', content: 'long' }] }),
        });
        expect(reply.status).toBe(200);
        const reader = reply.body!.getReader();
        let text = '';
        while (!text.includes('w2 ')) {
          const { value, done } = await reader.read();
          if (done) throw new Error('the answer ended before the kill');
          text += new TextDecoder().decode(value);
        }
        return reader;
      }),
    );
    const streaming = await db.query(`SELECT id::int FROM chat_messages WHERE status = 'streaming' ORDER BY id`);
    expect(streaming).toHaveLength(2);
    expect(Number((await db.query('SELECT count(*) AS n FROM quota_reservations'))[0].n)).toBe(2);

    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await exited;
    await Promise.all(readers.map((reader) => reader.cancel().catch(() => undefined)));

    server = await startBuiltServer(env);
    expect(server.output()).toContain('Ended 2 compare chat answer(s) left streaming by a dead instance');
    const rows = await db.query('SELECT id::int, status, error, answer FROM chat_messages ORDER BY id');
    expect(rows).toEqual(streaming.map(({ id }: { id: number }) => ({ id, status: 'error', error: MSG_ANSWER_INTERRUPTED, answer: '' })));
    const counts = await db.query('SELECT dialogue_count FROM conversations ORDER BY id');
    expect(counts).toEqual([{ dialogue_count: 1 }, { dialogue_count: 1 }]);

    // The books: nothing left reserved, and quota moved = what was logged (nothing: no answer settled).
    await server.stop();
    const [left] = await db.query('SELECT (SELECT count(*) FROM quota_reservations)::int AS reservations, (SELECT count(*) FROM quota_holds)::int AS holds');
    expect(left).toEqual({ reservations: 0, holds: 0 });
    const [user] = await db.query('SELECT quota::bigint AS quota FROM users WHERE id = 1');
    const [logged] = await db.query('SELECT COALESCE(sum(quota), 0)::bigint AS quota FROM logs WHERE user_id = 1 AND type = 2');
    expect(QUOTA - Number(user.quota)).toBe(Number(logged.quota));
  }, 120_000); // two starts of the built server
});
