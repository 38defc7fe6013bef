import { ANSWER_NODE_DATA, INPUT_NODE_DATA, LLM_NODE_DATA, START_NODE_DEFAULT, ROOT_INITIAL_QUOTA, TOKEN_NEVER_EXPIRES, TOKEN_STATUS } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { CONSOLE_TOKEN_NAME, MSG_CONSOLE_TOKEN_DISABLED } from './console-token';

/** 'unserved' is priced, but no channel serves it. */
const MODELS = ['mock-a', 'unserved'];
const QUOTA = 1_000_000;

describe('the console token: console calls of a user without a usable token', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    await f.channel({ models: 'mock-a' });
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  /** A signed-in user with a balance and no token. */
  const tokenless = async (name: string): Promise<{ userId: number; agent: TestAgent }> => {
    const user = await f.t.signUp(name);
    await f.t.db.query('UPDATE users SET quota = $2 WHERE id = $1', [user.userId, QUOTA]);
    return user;
  };

  const tokensOf = async (agent: TestAgent) => {
    const reply = await agent.get('/api/token/').query({ p: 0 });
    expect(reply.body.success).toBe(true);
    return reply.body.data.items as Array<Record<string, unknown>>;
  };

  /** A talking with one conversation of `model`, as the chat page creates them. */
  const conversationOf = async (userId: number, model: string) => {
    const [talking] = await f.t.db.query(`INSERT INTO talkings (user_id, name, created_at, updated_at) VALUES ($1, 'chat', 1, 1) RETURNING id`, [userId]);
    const [conversation] = await f.t.db.query(`INSERT INTO conversations (talking_id, user_id, model_name, created_at, updated_at) VALUES ($1, $2, $3, 1, 1) RETURNING id`, [
      talking.id,
      userId,
      model,
    ]);
    return { talking_id: talking.id as number, conversation_id: conversation.id as number };
  };

  /** The compare chat's call: the session, New-Api-User and no key. */
  const compareChat = (agent: TestAgent, model: string, conversation: { talking_id: number; conversation_id: number }) =>
    agent.post('/v1/chat/completions').send({ model, stream: true, messages: [{ role: 'user', content: 'hi' }], ...conversation });

  const playground = (agent: TestAgent) => agent.post('/pg/chat/completions').send({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });

  it('lets a fresh root chat in the compare chat and the playground, through one console token it can see in its list', async () => {
    expect(await tokensOf(f.admin)).toEqual([]);
    // No grant first: a fresh root has its starting quota.
    expect(await f.quotaOf(1)).toBe(ROOT_INITIAL_QUOTA);

    const chat = await compareChat(f.admin, 'mock-a', await conversationOf(1, 'mock-a'));
    expect(chat.status).toBe(200);
    expect(chat.text).toContain('"hr_message_id"');
    expect(chat.text).toContain('Hello from');
    const pg = await playground(f.admin);
    expect(pg.status).toBe(200);
    expect(pg.body.choices[0].message.content).toBe('Hello from mock-a');

    const tokens = await tokensOf(f.admin);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ name: CONSOLE_TOKEN_NAME, status: TOKEN_STATUS.ENABLED, unlimited_quota: true, expired_time: TOKEN_NEVER_EXPIRES, group: '' });
    // Root's first row is the 管理 row of its starting quota; then the two console calls.
    const logs = (await f.logsOf(1, 3)).filter((log) => log.type === 2);
    expect(logs.map((log) => log.token_name)).toEqual([CONSOLE_TOKEN_NAME, CONSOLE_TOKEN_NAME]);
    expect(await f.quotaOf(1)).toBeLessThan(ROOT_INITIAL_QUOTA);
  });

  it('creates one console token under ten concurrent first calls', async () => {
    const { userId, agent } = await tokenless('racer');
    const replies = await Promise.all(Array.from({ length: 10 }, () => playground(agent)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
    const rows = await f.t.db.query('SELECT name, console FROM tokens WHERE user_id = $1', [userId]);
    expect(rows).toEqual([{ name: CONSOLE_TOKEN_NAME, console: true }]);
  });

  it('uses a token of the user’s own while it is usable, and creates none', async () => {
    const { userId, agent } = await f.customer('own-token', QUOTA);
    expect((await playground(agent)).status).toBe(200);
    expect((await f.t.db.query('SELECT name FROM tokens WHERE user_id = $1', [userId])).map((row: { name: string }) => row.name)).toEqual(['relay']);
  });

  it('refuses clearly once the user disabled the console token, and creates a new one after they deleted it', async () => {
    const { agent } = await tokenless('opted-out');
    expect((await playground(agent)).status).toBe(200);
    const [token] = await tokensOf(agent);
    expect((await agent.put('/api/token/?status_only=true').send({ id: token.id, status: TOKEN_STATUS.DISABLED })).body.success).toBe(true);

    const refused = await playground(agent);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ message: MSG_CONSOLE_TOKEN_DISABLED, code: 'console_token_disabled' });
    expect(await tokensOf(agent)).toHaveLength(1);

    // A token made by hand is used at once, the disabled console token left alone.
    const own = await agent.post('/api/token/').send({ name: 'mine', unlimited_quota: true });
    expect(own.body.success).toBe(true);
    expect((await playground(agent)).status).toBe(200);
    expect((await agent.delete(`/api/token/${own.body.data[0].id}`)).body.success).toBe(true);
    expect((await playground(agent)).body.error.message).toBe(MSG_CONSOLE_TOKEN_DISABLED);

    expect((await agent.delete(`/api/token/${token.id}`)).body.success).toBe(true);
    expect((await playground(agent)).status).toBe(200);
    const [again] = await tokensOf(agent);
    expect(again).toMatchObject({ name: CONSOLE_TOKEN_NAME, status: TOKEN_STATUS.ENABLED });
    expect(again.id).not.toBe(token.id);
  });

  it('keeps no history round of a compare chat refused before its stream', async () => {
    const { userId, agent } = await tokenless('no-channel');
    const conversation = await conversationOf(userId, 'unserved');
    const refused = await compareChat(agent, 'unserved', conversation);
    expect(refused.status).toBe(503);
    expect(refused.body.error.message).toBeTruthy();
    expect(await f.t.db.query('SELECT id FROM chat_messages WHERE conversation_id = $1', [conversation.conversation_id])).toEqual([]);
    const history = await agent.get(`/relay/v1/conversation/${conversation.conversation_id}`);
    expect(history.body.data.messages).toEqual([]);
    const [{ dialogue_count }] = await f.t.db.query('SELECT dialogue_count FROM conversations WHERE id = $1', [conversation.conversation_id]);
    expect(dialogue_count).toBe(0);
  });

  it('runs a whole dataset for a user without tokens, every answer billed to the console token', async () => {
    const { userId, agent } = await tokenless('evaluator');
    const [dataset] = await f.t.db.query(`INSERT INTO data_library_info (name, data_type, data_num, data_update_time, created_at) VALUES ('问答', '问答', 3, 1, 1) RETURNING id`);
    for (const question of ['一', '二', '三']) await f.t.db.query('INSERT INTO data_library_source (belong_id, body) VALUES ($1, $2)', [dataset.id, JSON.stringify({ question })]);
    const graph = {
      nodes: [
        structuredClone(START_NODE_DEFAULT),
        { id: 'input-1', type: 'input', position: { x: 500, y: 300 }, data: { ...INPUT_NODE_DATA, variables: [{ ...INPUT_NODE_DATA.variables[0], default: dataset.id }] } },
        { id: 'llm-1', type: 'llm', position: { x: 800, y: 100 }, data: { ...LLM_NODE_DATA, model: { ...LLM_NODE_DATA.model, name: 'mock-a' } } },
        { id: 'answer-1', type: 'answer', position: { x: 1100, y: 300 }, data: ANSWER_NODE_DATA },
      ],
      edges: [
        { id: 'e-start', source: 'start-1', target: 'input-1', type: 'custom' },
        { id: 'e-in', source: 'input-1', target: 'llm-1', type: 'custom' },
        { id: 'e-out', source: 'llm-1', target: 'answer-1', type: 'custom' },
      ],
    };
    const appId = (await agent.post('/api/apps/').send({ title: '评测' })).body.data.id as number;
    expect((await agent.post(`/api/workflow/${appId}`).send({ graph })).body.success).toBe(true);

    const started = await agent.post('/api/workflow/chat-messages').send({ app_id: appId, response_mode: 'direct', run_whole_data: true });
    expect(started.body.success).toBe(true);
    const runId = started.body.data.run_id as number;
    let status: Record<string, unknown> = {};
    for (let i = 0; i < 500 && status.Status !== 'succeeded' && status.Status !== 'failed'; i++) {
      status = (await agent.get(`/api/workflow/run_status/${runId}`)).body.data;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toMatchObject({ Status: 'succeeded', done: 3, failed: 0, total: 3 });
    expect((await tokensOf(agent)).map((token) => token.name)).toEqual([CONSOLE_TOKEN_NAME]);
    const logs = await f.logsOf(userId, 3);
    expect(logs.map((log) => log.token_name)).toEqual([CONSOLE_TOKEN_NAME, CONSOLE_TOKEN_NAME, CONSOLE_TOKEN_NAME]);
  });
});
