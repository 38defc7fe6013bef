import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedApp, startEmbeddedApp } from '../../test/embedded-app';
import { InstanceLiveness } from '../relay/billing/instance-liveness.service';
import { CompareChatStore } from './compare-chat-store';
import { MSG_ANSWER_INTERRUPTED } from './talking.view';

/** Embedded (PGlite) there is one process: every other registered instance is dead, with no lock to ask. */
describe('compare chat answers of a dead instance on the embedded database (integration)', () => {
  let embedded: EmbeddedApp;
  let db: DataSource;
  let root: TestAgent;

  beforeAll(async () => {
    embedded = await startEmbeddedApp('interrupted');
    db = embedded.db;
    root = await embedded.signInRoot();
  }, 120_000);
  afterAll(async () => embedded?.close());

  it('ends them at the sweep, and a stop ends one at once', async () => {
    // No channel serves a model here: the talking and its conversation are written directly.
    const [talking] = await db.query(`INSERT INTO talkings (user_id, name, created_at, updated_at) VALUES (1, '对比', 1, 1) RETURNING id`);
    const [conversation] = await db.query(`INSERT INTO conversations (talking_id, user_id, model_name, created_at, updated_at) VALUES ($1, 1, 'gpt-4o', 1, 1) RETURNING id`, [talking.id]);
    await db.query(`INSERT INTO gateway_instances (instance_id, started_at) VALUES ('previous-run', 1)`);
    const store = embedded.app.get(CompareChatStore);
    const [swept, stopped] = await Promise.all(
      [1, 2].map(async () => {
        const [{ id }] = await db.query(`SELECT nextval(pg_get_serial_sequence('chat_messages', 'id'))::int AS id`);
        await store.insert({ id, conversationId: conversation.id, userId: 1, modelName: 'gpt-4o', message: 'hi', place: { roundId: null, queryId: null, lastId: null, lastEditId: null } });
        await db.query(`UPDATE chat_messages SET instance_id = 'previous-run' WHERE id = $1`, [id]);
        return id as number;
      }),
    );

    const stop = await root.post('/relay/v1/conversation/stop_message').send({ message_id: stopped, stop_index: 0 });
    expect(stop.body).toMatchObject({ success: true, data: { id: stopped, status: 'stopped' } });
    await embedded.app.get(InstanceLiveness).sweep();
    const rows = await db.query('SELECT id::int, status, error FROM chat_messages WHERE conversation_id = $1 ORDER BY id', [conversation.id]);
    expect(rows).toEqual([
      { id: swept, status: 'error', error: MSG_ANSWER_INTERRUPTED },
      { id: stopped, status: 'stopped', error: '' },
    ]);
    expect((await db.query('SELECT dialogue_count FROM conversations WHERE id = $1', [conversation.id]))[0].dialogue_count).toBe(2);
  });
});
