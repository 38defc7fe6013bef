import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { startSecondInstance, type TestApp } from '../../test/test-app';
import { InstanceLiveness } from '../relay/billing/instance-liveness.service';
import { emptyUsage } from '../relay/billing/usage';
import { QuotaLedgerService } from '../relay/billing/quota-ledger.service';
import { CompareChatStore } from './compare-chat-store';
import { MSG_ANSWER_INTERRUPTED } from './talking.view';

const MODELS = ['mock-a', 'slow-stream', 'long-stream'];
/** QuotaPerUnit: a customer with three units reserves directly in the database (no room for holds). */
const UNIT = 500_000;
/** What the killed instance had reserved for the answer. */
const RESERVED = 1000;

/**
 * A process killed with SIGKILL mid-answer leaves what the kill test (test/reliability) shows: its
 * registration in gateway_instances with nobody holding its liveness lock, its answers' rows
 * streaming under its id and their direct reservations under its id. Built here with the real
 * statements (the chat's row insert, the ledger's reservation), then handed to the dead instance.
 */
describe('compare chat answers of a dead instance', () => {
  let f: RelayFixture;
  let t: TestApp;
  let upstream: MockOpenAiUpstream;
  let deadCount = 0;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    t = f.t;
    await f.channel({ models: MODELS.join(',') });
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  /** A signed-in customer with three units, a talking and one conversation of `model`. */
  const customerWithConversation = async (name: string, model = 'mock-a') => {
    const { userId, agent } = await f.customer(name, 3 * UNIT);
    const talking = await agent.post('/relay/v1/talking/').send({ name: '对比' });
    const [conversation] = (await agent.post('/relay/v1/conversation/').send([{ talking_id: talking.body.data.id, model_name: model }])).body.data;
    const [token] = await t.db.query('SELECT id FROM tokens WHERE user_id = $1', [userId]);
    return { userId, agent, tokenId: token.id as number, talkingId: conversation.talking_id as number, conversationId: conversation.id as number };
  };

  /** A registered instance whose process is gone: nobody holds its liveness lock. */
  const deadInstance = async (): Promise<string> => {
    const id = `gone-host-${++deadCount}-dead`;
    await t.db.query('INSERT INTO gateway_instances (instance_id, started_at) VALUES ($1, 1)', [id]);
    return id;
  };

  /** A row streaming on `store`'s instance, as the chat writes it before asking the model. */
  const streamingRow = async (store: CompareChatStore, customer: { userId: number; conversationId: number }): Promise<number> => {
    const [{ id }] = await t.db.query(`SELECT nextval(pg_get_serial_sequence('chat_messages', 'id'))::int AS id`);
    const place = { roundId: null, queryId: null, lastId: null, lastEditId: null };
    await store.insert({ id, conversationId: customer.conversationId, userId: customer.userId, modelName: 'mock-a', message: 'hi', place });
    return id;
  };

  /** What the kill left of one answer on `instance`: its row streaming and its direct reservation. */
  const killedAnswer = async (customer: { userId: number; tokenId: number; conversationId: number }, instance: string): Promise<number> => {
    const id = await streamingRow(t.app.get(CompareChatStore), customer);
    const reservation = await t.app.get(QuotaLedgerService).preConsume(customer.userId, customer.tokenId, RESERVED, UNIT);
    expect(reservation).toEqual({ quota: RESERVED, no: expect.any(Number) });
    await t.db.query('UPDATE chat_messages SET instance_id = $2 WHERE id = $1', [id, instance]);
    await t.db.query('UPDATE quota_reservations SET instance_id = $2 WHERE user_id = $1', [customer.userId, instance]);
    return id;
  };

  const rowOf = async (id: number) => (await t.db.query('SELECT status, error, answer, stop_index, quota, updated_at FROM chat_messages WHERE id = $1', [id]))[0];
  const dialogueCount = async (conversationId: number) => (await t.db.query('SELECT dialogue_count FROM conversations WHERE id = $1', [conversationId]))[0].dialogue_count;
  const reservationsOf = async (userId: number) => (await t.db.query('SELECT count(*)::int AS n FROM quota_reservations WHERE user_id = $1', [userId]))[0].n;
  const messageView = async (agent: TestAgent, id: number) => (await agent.get(`/relay/v1/conversation/message/${id}`)).body.data;

  it('a restart ends them before it serves: failed as interrupted, with what was stored, their reservation refunded once', async () => {
    const customer = await customerWithConversation('killed');
    const dead = await deadInstance();
    const id = await killedAnswer(customer, dead);
    expect(await f.quotaOf(customer.userId)).toBe(3 * UNIT - RESERVED);

    const restarted = await startSecondInstance(t);
    try {
      expect(await rowOf(id)).toMatchObject({ status: 'error', error: MSG_ANSWER_INTERRUPTED, answer: '', quota: '0' });
      expect(await messageView(customer.agent, id)).toMatchObject({ id, status: 'error', error: MSG_ANSWER_INTERRUPTED });
      expect(await dialogueCount(customer.conversationId)).toBe(1);
      expect(await f.quotaOf(customer.userId)).toBe(3 * UNIT);
      expect(await reservationsOf(customer.userId)).toBe(0);

      // Every instance sweeps again and again: nothing more is ended, counted or refunded.
      const ended = await rowOf(id);
      await Promise.all([t.app.get(InstanceLiveness).sweep(), restarted.app.get(InstanceLiveness).sweep()]);
      expect(await rowOf(id)).toEqual(ended);
      expect(await dialogueCount(customer.conversationId)).toBe(1);
      expect(await f.quotaOf(customer.userId)).toBe(3 * UNIT);
    } finally {
      await restarted.close();
    }
  });

  it('the liveness sweep of a running instance ends them, and rows of an instance no longer registered', async () => {
    const customer = await customerWithConversation('swept');
    const dead = await deadInstance();
    const id = await killedAnswer(customer, dead);
    // Written before instances were recorded on rows (''), or committed by a killed process after its recovery.
    const unowned = await streamingRow(t.app.get(CompareChatStore), customer);
    await t.db.query(`UPDATE chat_messages SET instance_id = '' WHERE id = $1`, [unowned]);

    const recovered = await t.app.get(InstanceLiveness).sweep();
    expect(recovered).toContainEqual(expect.objectContaining({ instanceId: dead, refundedReservations: 1, refundedQuota: RESERVED }));
    expect(await rowOf(id)).toMatchObject({ status: 'error', error: MSG_ANSWER_INTERRUPTED });
    expect(await rowOf(unowned)).toMatchObject({ status: 'error', error: MSG_ANSWER_INTERRUPTED });
    expect(await dialogueCount(customer.conversationId)).toBe(2);
    expect(await f.quotaOf(customer.userId)).toBe(3 * UNIT);
  });

  it('stop_message on an answer no live instance streams ends it at once: stopped with what it has', async () => {
    const customer = await customerWithConversation('stopper');
    const dead = await deadInstance();
    const id = await killedAnswer(customer, dead);

    const stopped = await customer.agent.post('/relay/v1/conversation/stop_message').send({ message_id: id, stop_index: 7 });
    expect(stopped.body).toMatchObject({ success: true, data: { id, status: 'stopped', stop_index: 7, answer: '', error: '' } });
    expect(await rowOf(id)).toMatchObject({ status: 'stopped', stop_index: 7, answer: '' });
    expect(await dialogueCount(customer.conversationId)).toBe(1);

    // The stop moved no quota: the dead instance's reservation is refunded by its recovery, once.
    expect(await f.quotaOf(customer.userId)).toBe(3 * UNIT - RESERVED);
    await t.app.get(InstanceLiveness).sweep();
    await t.app.get(InstanceLiveness).sweep();
    expect(await f.quotaOf(customer.userId)).toBe(3 * UNIT);
    expect(await rowOf(id)).toMatchObject({ status: 'stopped', error: '' });
    expect(await dialogueCount(customer.conversationId)).toBe(1);
  });

  it('saves a long answer’s text while it streams, so that an instance’s death keeps what was produced', async () => {
    const customer = await customerWithConversation('long', 'long-stream');
    // long-stream sends 40 words 200 ms apart: checkpoints (every ANSWER_CHECKPOINT_MS) come while it streams.
    const answering = customer.agent
      .post('/v1/chat/completions')
      .send({ model: 'long-stream', conversation_id: customer.conversationId, talking_id: customer.talkingId, stream: true, messages: [{ role: 'user', content: 'long' }] })
      .then((reply) => reply);
    const full = Array.from({ length: 40 }, (_, index) => `w${index} `).join('');
    let saved: Array<{ id: number; answer: string }> = [];
    for (let i = 0; i < 150 && saved.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      saved = await t.db.query(`SELECT id::int, answer FROM chat_messages WHERE conversation_id = $1 AND status = 'streaming' AND answer <> ''`, [customer.conversationId]);
    }
    expect(saved).toHaveLength(1);
    expect(saved[0].answer.length).toBeLessThan(full.length);
    expect(full.startsWith(saved[0].answer)).toBe(true);
    expect((await answering).text).toContain('data: [DONE]');
    expect(await rowOf(saved[0].id)).toMatchObject({ status: 'done', answer: full });
  });

  it('leaves live answers alone: a stream goes on through every instance’s sweep, a stop of another live instance’s answer is only recorded', async () => {
    const customer = await customerWithConversation('alive', 'slow-stream');
    const other = await startSecondInstance(t);
    try {
      // slow-stream sends 40 words 50 ms apart: the sweeps come while it streams.
      const answering = customer.agent
        .post('/v1/chat/completions')
        .send({ model: 'slow-stream', conversation_id: customer.conversationId, talking_id: customer.talkingId, stream: true, messages: [{ role: 'user', content: 'long' }] })
        .then((reply) => reply);
      let rows: Array<{ id: number }> = [];
      for (let i = 0; i < 100 && rows.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        rows = await t.db.query(`SELECT id::int FROM chat_messages WHERE conversation_id = $1 AND status = 'streaming'`, [customer.conversationId]);
      }
      const [{ id }] = rows;
      await Promise.all([t.app.get(InstanceLiveness).sweep(), other.app.get(InstanceLiveness).sweep()]);
      expect(await rowOf(id)).toMatchObject({ status: 'streaming', error: '' });
      expect((await answering).text).toContain('data: [DONE]');
      expect(await rowOf(id)).toMatchObject({ status: 'done', answer: Array.from({ length: 40 }, (_, index) => `w${index} `).join('') });

      // Streamed by the other instance, which is alive (it holds its liveness lock): the stop is
      // recorded and the answer cut when that instance settles it.
      const otherStore = other.app.get(CompareChatStore);
      const theirs = await streamingRow(otherStore, customer);
      const stopped = await customer.agent.post('/relay/v1/conversation/stop_message').send({ message_id: theirs, stop_index: 3 });
      expect(stopped.body).toMatchObject({ success: true, data: { id: theirs, status: 'streaming', stop_index: 3 } });
      const outcome = { requestId: 'r', quota: 5, usage: { ...emptyUsage(), prompt_tokens: 1, completion_tokens: 2 }, firstTokenMs: 1, durationMs: 2, clientGone: false };
      await otherStore.settle(theirs, { answer: 'Hello', thinking: '', streamError: '' }, outcome);
      expect(await rowOf(theirs)).toMatchObject({ status: 'stopped', answer: 'Hel', stop_index: 3, quota: '5' });
    } finally {
      await other.close();
    }
  });
});
