import TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedApp, startEmbeddedApp } from '../../test/embedded-app';
import { JobsService } from '../jobs/jobs.service';
import { ARENA_LEADERBOARD_JOB } from './arena-leaderboard.service';

/** The arena on the embedded defaults: PGlite and in-process jobs. */
describe('arena votes and leaderboard on the embedded database (integration)', () => {
  let embedded: EmbeddedApp;
  let db: DataSource;
  let root: TestAgent;

  beforeAll(async () => {
    embedded = await startEmbeddedApp('arena');
    db = embedded.db;
    root = await embedded.signInRoot();
  }, 120_000);
  afterAll(async () => embedded?.close());

  /** A battle of two hidden models with one finished round, written directly (no channel serves a model here). */
  const battle = async (a: string, b: string): Promise<{ talkingId: number; conversations: number[]; roundId: number }> => {
    const [talking] = await db.query(`INSERT INTO talkings (user_id, name, mode, category, created_at, updated_at) VALUES (1, '对战', 'arena', 'code', 1, 1) RETURNING id`);
    const conversations: number[] = [];
    let roundId = 0;
    for (const [label, model] of [['A', a], ['B', b]]) {
      const [conversation] = await db.query(
        `INSERT INTO conversations (talking_id, user_id, model_name, arena_label, arena_hidden, created_at, updated_at) VALUES ($1, 1, $2, $3, true, 1, 1) RETURNING id`,
        [talking.id, model, label],
      );
      conversations.push(conversation.id);
      const [{ id }] = await db.query(`SELECT nextval(pg_get_serial_sequence('chat_messages', 'id'))::int AS id`);
      await db.query(
        `INSERT INTO chat_messages (id, conversation_id, user_id, model_name, query, message, answer, round_id, query_id, status, quota, first_token_ms, created_at, updated_at)
         VALUES ($1, $2, 1, $3, 'hi', '"hi"', '答：hi', $1, $1, 'done', 50, 120, 1, 1)`,
        [id, conversation.id, model],
      );
      roundId = id;
    }
    return { talkingId: talking.id, conversations, roundId };
  };

  it('keeps the models hidden until the vote, takes one vote, and fits the board in process', async () => {
    const first = await battle('model-x', 'model-y');
    const hidden = await root.get(`/relay/v1/talking/${first.talkingId}`);
    expect(hidden.body.data.conversations.map((row: { model_name: string }) => row.model_name)).toEqual(['模型 A', '模型 B']);
    expect(JSON.stringify(hidden.body)).not.toContain('model-x');

    const votes = await Promise.all([0, 1, 2].map(() => root.post('/relay/v1/arena/vote').send({ talking_id: first.talkingId, round_id: first.roundId, winner: first.conversations[0] })));
    expect(votes.filter((reply) => reply.body.success)).toHaveLength(1);
    const second = await battle('model-x', 'model-y');
    expect((await root.post('/relay/v1/arena/vote').send({ talking_id: second.talkingId, round_id: second.roundId, winner: 'tie' })).body.success).toBe(true);

    await embedded.app.get(JobsService).run(ARENA_LEADERBOARD_JOB);
    const board = await root.get('/relay/v1/arena/leaderboard').query({ scope: 'all', category: 'code' });
    expect(board.body.data.map((row: { model: string; battles: number; wins: number; ties: number }) => [row.model, row.battles, row.wins, row.ties])).toEqual([
      ['model-x', 2, 1, 1],
      ['model-y', 2, 0, 1],
    ]);
    expect(board.body.data[0]).toMatchObject({ mean_first_token_ms: 120 });
    expect(board.body.data[0].mean_cost).toBeCloseTo(50 / 500_000, 10);
  });
});
