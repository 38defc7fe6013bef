import {
  MSG_ARENA_ALREADY_STARTED,
  MSG_ARENA_LOCKED,
  MSG_ARENA_MODEL_COUNT,
  MSG_ARENA_MODEL_TWICE,
  MSG_ARENA_NOT_ARENA,
  MSG_ARENA_REVEALED,
  MSG_ARENA_ROUND_NOT_FOUND,
  MSG_ARENA_ROUND_UNUSABLE,
  MSG_ARENA_SCOPE_FORBIDDEN,
  MSG_ARENA_VOTED,
  MSG_ARENA_WINNER_INVALID,
  MSG_TALKING_NOT_FOUND,
} from '@gw/shared';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { ROOT_PASSWORD, type TestApp } from '../../test/test-app';
import { JobsService } from '../jobs/jobs.service';
import { ARENA_LEADERBOARD_JOB } from './arena-leaderboard.service';

/** Names that appear nowhere in an answer, a label or a message of ours: any byte of them in a reply is a leak. */
const HIDDEN = ['blind-alpha', 'blind-beta', 'blind-gamma'];
const GONE = 'blind-gone';
const PASSWORD = 'password-123';

interface Player {
  userId: number;
  agent: TestAgent;
  cookie: string;
}

describe('compare chat arena: blind battles, votes, leaderboard', () => {
  let f: RelayFixture;
  let t: TestApp;
  let upstream: MockOpenAiUpstream;
  let origin: string;
  let admin: TestAgent;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    upstream.goneModels.add(GONE);
    const models = [...HIDDEN, GONE];
    f = await startRelayFixture({ models, completionRatio: 1, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    t = f.t;
    origin = f.baseURL.replace(/\/v1$/, '');
    await f.channel({ models: models.join(',') });
    admin = (await t.login('root', ROOT_PASSWORD)).agent;
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  const player = async (name: string): Promise<Player> => {
    const { userId, agent } = await f.customer(name, 1_000_000);
    const login = await fetch(`${origin}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: name, password: PASSWORD }) });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return { userId, agent, cookie };
  };

  /** Every reply's raw bytes, so that a leak anywhere (a header, a nested field) is seen. */
  const replies: string[] = [];
  const raw = async (call: PromiseLike<{ status: number; text: string; headers: Record<string, string> }>) => {
    const reply = await call;
    replies.push(JSON.stringify(reply.headers) + reply.text);
    return JSON.parse(reply.text);
  };

  const arenaTalking = async (user: Player, category = ''): Promise<number> => {
    const reply = await raw(user.agent.post('/relay/v1/talking/').send({ name: '对战', mode: 'arena', category }));
    expect(reply).toMatchObject({ success: true, data: { mode: 'arena', category, revealed: false } });
    return reply.data.id;
  };

  const openBattle = async (user: Player, talkingId: number, body: Record<string, unknown>) => raw(user.agent.post('/relay/v1/arena/battle').send({ talking_id: talkingId, ...body }));

  /** One answer in a battle's conversation, `model` left out as the console may: the stream's raw text and the row id. */
  const answer = async (user: Player, talkingId: number, conversationId: number, text: string) => {
    const reply = await fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'new-api-user': String(user.userId), 'content-type': 'application/json' },
      body: JSON.stringify({ stream: true, conversation_id: conversationId, talking_id: talkingId, messages: [{ role: 'user', content: text }] }),
    });
    const body = await reply.text();
    replies.push(JSON.stringify(Object.fromEntries(reply.headers)) + body);
    // A refusal before the stream is one JSON error, not events.
    const messageId = reply.status === 200 ? (JSON.parse(body.split('\n\n')[0].slice('data: '.length)).hr_message_id as number) : undefined;
    return { status: reply.status, body, messageId };
  };

  const settled = async (messageId: number) => {
    for (let i = 0; i < 200; i++) {
      const [row] = await t.db.query('SELECT status, round_id FROM chat_messages WHERE id = $1', [messageId]);
      if (row.status !== 'streaming') return { status: row.status as string, roundId: Number(row.round_id) };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`message ${messageId} still streaming`);
  };

  const vote = (user: Player, body: Record<string, unknown>) => raw(user.agent.post('/relay/v1/arena/vote').send(body));

  /** A battle of `models` with one answered round; its conversations (A first) and the round's id. */
  const battleWithRound = async (user: Player, models: string[], category = '') => {
    const talkingId = await arenaTalking(user, category);
    const opened = await openBattle(user, talkingId, { models });
    const conversations: Array<{ id: number; arena_label: string; model_name: string }> = opened.data;
    let roundId = 0;
    for (const conversation of conversations) {
      const { messageId } = await answer(user, talkingId, conversation.id, '你好');
      roundId = (await settled(messageId!)).roundId;
    }
    return { talkingId, conversations, roundId };
  };

  const runLeaderboardJob = () => t.app.get(JobsService).run(ARENA_LEADERBOARD_JOB);

  it('names the models 模型 A / 模型 B in every reply until the vote, then reveals them', async () => {
    const user = await player('arena-blind');
    replies.length = 0;
    const talkingId = await arenaTalking(user, '编程');
    expect((await raw(user.agent.get(`/relay/v1/talking/${talkingId}`))).data.arena_vote).toBeNull();
    const opened = await openBattle(user, talkingId, { models: ['blind-alpha', 'blind-beta'] });
    expect(opened.success).toBe(true);
    expect(opened.data.map((row: { model_name: string; arena_label: string }) => [row.arena_label, row.model_name])).toEqual([
      ['A', '模型 A'],
      ['B', '模型 B'],
    ]);
    const stored = await t.db.query('SELECT id, model_name, arena_label FROM conversations WHERE talking_id = $1 ORDER BY arena_label', [talkingId]);
    expect(stored.map((row: { model_name: string }) => row.model_name).sort()).toEqual(['blind-alpha', 'blind-beta']);

    const messageIds: number[] = [];
    for (const [place, conversation] of opened.data.entries()) {
      const streamed = await answer(user, talkingId, conversation.id, '写一首诗');
      expect(streamed.status).toBe(200);
      // Each chunk names the place; the tail is the stored row, named the same way.
      expect(streamed.body).toContain(`"model":"模型 ${'AB'[place]}"`);
      expect(streamed.body).toContain('答：写一首诗');
      expect(streamed.body).not.toContain('chatcmpl-mock');
      // Cost, tokens and speed would tell the model: none until the vote.
      expect(streamed.body).not.toContain('"usage"');
      const tail = JSON.parse(streamed.body.split('\n\n').at(-3)!.slice('data: '.length));
      expect(tail.hr_message).toMatchObject({ model_name: `模型 ${'AB'[place]}`, quota: 0, prompt_tokens: 0, completion_tokens: 0, first_token_ms: 0, duration_ms: 0 });
      messageIds.push(streamed.messageId!);
      await settled(streamed.messageId!);
    }
    const [first] = opened.data;
    await raw(user.agent.get(`/relay/v1/talking/${talkingId}`));
    await raw(user.agent.get('/relay/v1/talking/'));
    await raw(user.agent.get(`/relay/v1/conversation/?talking_id=${talkingId}`));
    for (const conversation of opened.data) await raw(user.agent.get(`/relay/v1/conversation/${conversation.id}`));
    for (const id of messageIds) await raw(user.agent.get(`/relay/v1/conversation/message/${id}`));
    await raw(user.agent.post('/relay/v1/conversation/stop_message').send({ message_id: messageIds[0], stop_index: 3 }));
    await raw(user.agent.get('/relay/v1/conversation/history_msg_model'));
    for (const format of ['markdown', 'json']) {
      const exported = await user.agent.get(`/relay/v1/talking/${talkingId}/export?format=${format}`);
      expect(exported.status).toBe(200);
      replies.push(exported.text);
      expect(exported.text).toContain('模型 A');
    }
    // A model named in the call changes nothing and tells nothing: no "not this model" refusal.
    const probe = await fetch(`${origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'new-api-user': String(user.userId), 'content-type': 'application/json' },
      body: JSON.stringify({ stream: true, model: 'blind-gamma', conversation_id: first.id, talking_id: talkingId, messages: [{ role: 'user', content: '再来' }] }),
    });
    const probed = await probe.text();
    replies.push(probed);
    await settled(JSON.parse(probed.split('\n\n')[0].slice(6)).hr_message_id);
    expect(upstream.seen.at(-1)!.body.model).toBe(stored.find((row: { arena_label: string }) => row.arena_label === 'A').model_name);

    expect(replies.length).toBeGreaterThan(12);
    for (const reply of replies) for (const name of HIDDEN) expect(reply).not.toContain(name);

    const [round] = await t.db.query('SELECT round_id FROM chat_messages WHERE id = $1', [messageIds[0]]);
    const voted = await vote(user, { talking_id: talkingId, round_id: Number(round.round_id), winner: first.id });
    expect(voted).toMatchObject({ success: true, message: MSG_ARENA_VOTED });
    const winnerModel = stored.find((row: { arena_label: string }) => row.arena_label === 'A').model_name;
    expect(voted.data.vote).toMatchObject({ winner: 'A', winner_model: winnerModel });
    expect(voted.data.conversations.map((row: { model_name: string }) => row.model_name).sort()).toEqual(['blind-alpha', 'blind-beta']);
    const detail = await raw(user.agent.get(`/relay/v1/talking/${talkingId}`));
    expect(detail.data.talking.revealed).toBe(true);
    expect(detail.data.arena_vote).toMatchObject({ id: voted.data.vote.id, winner: 'A', winner_model: winnerModel, round_id: Number(round.round_id) });
    expect(detail.data.conversations.find((row: { arena_label: string }) => row.arena_label === 'A').model_name).toBe(winnerModel);
    const history = await raw(user.agent.get(`/relay/v1/conversation/${first.id}`));
    expect(history.data.messages[0].model_name).toBe(winnerModel);
    expect(history.data.messages[0].quota).toBeGreaterThan(0);
    expect(history.data.messages[0].first_token_ms).toBeGreaterThan(0);

    // Once per battle: the models are known now.
    expect(await vote(user, { talking_id: talkingId, round_id: Number(round.round_id), winner: 'tie' })).toMatchObject({ success: false, message: MSG_ARENA_REVEALED });
    expect(Number((await t.db.query('SELECT count(*) FROM arena_votes WHERE talking_id = $1', [talkingId]))[0].count)).toBe(1);
  });

  it('draws random battles of distinct models in random places, and keeps a battle as it was opened', async () => {
    const user = await player('arena-random');
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const talkingId = await arenaTalking(user);
      const opened = await openBattle(user, talkingId, { count: 3 });
      expect(opened.data.map((row: { arena_label: string }) => row.arena_label)).toEqual(['A', 'B', 'C']);
      const models = (await t.db.query('SELECT model_name FROM conversations WHERE talking_id = $1 ORDER BY arena_label', [talkingId])).map((row: { model_name: string }) => row.model_name);
      expect(new Set(models).size).toBe(3);
      seen.add(models[0]);
      if (i === 0) {
        expect(await openBattle(user, talkingId, { count: 2 })).toMatchObject({ success: false, message: MSG_ARENA_ALREADY_STARTED });
        const [conversation] = opened.data;
        expect((await user.agent.put(`/relay/v1/conversation/${conversation.id}`).send({ model_name: 'blind-alpha' })).body).toMatchObject({ success: false, message: MSG_ARENA_LOCKED });
        expect((await user.agent.delete(`/relay/v1/conversation/${conversation.id}/permanent`)).body).toMatchObject({ success: false, message: MSG_ARENA_LOCKED });
        expect((await user.agent.post('/relay/v1/conversation/').send([{ talking_id: talkingId, model_name: 'blind-alpha' }])).body).toMatchObject({ success: false, message: MSG_ARENA_LOCKED });
        expect(Number((await t.db.query('SELECT count(*) FROM conversations WHERE talking_id = $1', [talkingId]))[0].count)).toBe(3);
      }
    }
    // Place A went to more than one model over ten draws of four usable models (a false failure: 4 chances in 4^10).
    expect(seen.size).toBeGreaterThan(1);
  });

  it('refuses bad battles and bad votes with a clear message, changing nothing', async () => {
    const user = await player('arena-refusals');
    const stranger = await player('arena-stranger');
    const plain = (await user.agent.post('/relay/v1/talking/').send({ name: '普通' })).body.data.id;
    expect(await openBattle(user, plain, { models: ['blind-alpha', 'blind-beta'] })).toMatchObject({ success: false, message: MSG_ARENA_NOT_ARENA });
    const talkingId = await arenaTalking(user);
    expect(await openBattle(user, talkingId, { models: ['blind-alpha', 'blind-alpha'] })).toMatchObject({ success: false, message: MSG_ARENA_MODEL_TWICE });
    expect(await openBattle(user, talkingId, { models: ['blind-alpha'] })).toMatchObject({ success: false, message: MSG_ARENA_MODEL_COUNT });
    expect(await openBattle(user, talkingId, { count: 4 })).toMatchObject({ success: false, message: MSG_ARENA_MODEL_COUNT });
    expect(await openBattle(stranger, talkingId, { count: 2 })).toMatchObject({ success: false, message: MSG_TALKING_NOT_FOUND });
    expect((await user.agent.post('/relay/v1/talking/').send({ name: 'x', mode: 'duel' })).body.success).toBe(false);
    expect(Number((await t.db.query('SELECT count(*) FROM conversations WHERE talking_id = $1', [talkingId]))[0].count)).toBe(0);

    const battle = await battleWithRound(user, ['blind-alpha', 'blind-beta']);
    const other = await battleWithRound(user, ['blind-beta', 'blind-gamma']);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ talking_id: battle.talkingId, round_id: battle.roundId, winner: other.conversations[0].id }, MSG_ARENA_WINNER_INVALID],
      [{ talking_id: battle.talkingId, round_id: battle.roundId, winner: 'draw' }, MSG_ARENA_WINNER_INVALID],
      [{ talking_id: battle.talkingId, round_id: battle.roundId, winner: 1.5 }, MSG_ARENA_WINNER_INVALID],
      [{ talking_id: battle.talkingId, round_id: battle.roundId, winner: { id: 1 } }, MSG_ARENA_WINNER_INVALID],
      [{ talking_id: battle.talkingId, round_id: other.roundId, winner: 'tie' }, MSG_ARENA_ROUND_NOT_FOUND],
      [{ talking_id: battle.talkingId, round_id: 'x', winner: 'tie' }, MSG_ARENA_ROUND_NOT_FOUND],
      [{ talking_id: plain, round_id: battle.roundId, winner: 'tie' }, MSG_ARENA_NOT_ARENA],
    ];
    for (const [body, message] of cases) expect(await vote(user, body)).toMatchObject({ success: false, message });
    expect(await vote(stranger, { talking_id: battle.talkingId, round_id: battle.roundId, winner: 'tie' })).toMatchObject({ success: false, message: MSG_TALKING_NOT_FOUND });
    expect((await stranger.agent.get(`/relay/v1/talking/${battle.talkingId}`)).body).toMatchObject({ success: false, message: MSG_TALKING_NOT_FOUND });
    expect(Number((await t.db.query('SELECT count(*) FROM arena_votes WHERE talking_id = $1', [battle.talkingId]))[0].count)).toBe(0);

    // Ten votes at once on one battle: one counts.
    const results = await Promise.all(Array.from({ length: 10 }, () => vote(user, { talking_id: battle.talkingId, round_id: battle.roundId, winner: 'both_bad' })));
    expect(results.filter((reply) => reply.success)).toHaveLength(1);
    expect(results.filter((reply) => !reply.success).every((reply) => reply.message === MSG_ARENA_REVEALED)).toBe(true);
  });

  it('hides a failed answer’s model in its error and refuses a vote on that round', async () => {
    const user = await player('arena-failed');
    replies.length = 0;
    const talkingId = await arenaTalking(user);
    const opened = await openBattle(user, talkingId, { models: [GONE, 'blind-alpha'] });
    let answeredRound = 0;
    for (const conversation of opened.data) {
      const { body, messageId } = await answer(user, talkingId, conversation.id, '你好');
      // The failed answer is refused before its stream (its row is not kept), or ends in an error event.
      if (messageId && (await settled(messageId)).status === 'done') answeredRound = (await settled(messageId)).roundId;
      expect(body).not.toContain(GONE);
    }
    expect(answeredRound).toBeGreaterThan(0);
    for (const conversation of opened.data) await raw(user.agent.get(`/relay/v1/conversation/${conversation.id}`));
    for (const reply of replies) for (const name of [GONE, ...HIDDEN]) expect(reply).not.toContain(name);
    expect(await vote(user, { talking_id: talkingId, round_id: answeredRound, winner: 'tie' })).toMatchObject({ success: false, message: MSG_ARENA_ROUND_UNUSABLE });
  });

  it('ranks the models from the votes: the user’s own board, the site’s for administrators, by category', async () => {
    const user = await player('arena-ranker');
    for (let i = 0; i < 3; i++) {
      const battle = await battleWithRound(user, ['blind-alpha', 'blind-beta'], 'code');
      const alpha = battle.conversations.find((row) => row.arena_label === 'A')!;
      const [stored] = await t.db.query('SELECT model_name FROM conversations WHERE id = $1', [alpha.id]);
      const alphaPlace = stored.model_name === 'blind-alpha' ? alpha : battle.conversations.find((row) => row.arena_label === 'B')!;
      expect(await vote(user, { talking_id: battle.talkingId, round_id: battle.roundId, winner: alphaPlace.id })).toMatchObject({ success: true });
    }
    const tied = await battleWithRound(user, ['blind-beta', 'blind-gamma'], 'chat');
    expect(await vote(user, { talking_id: tied.talkingId, round_id: tied.roundId, winner: 'tie' })).toMatchObject({ success: true });
    await runLeaderboardJob();

    const mine = await raw(user.agent.get('/relay/v1/arena/leaderboard?scope=me'));
    expect(mine.data.map((row: { model: string }) => row.model)).toEqual(['blind-alpha', 'blind-gamma', 'blind-beta']);
    const alpha = mine.data[0];
    expect(alpha).toMatchObject({ battles: 3, wins: 3, ties: 0, win_rate: 1 });
    expect(alpha.rating).toBeGreaterThan(1000);
    expect(alpha.ci_low).toBeLessThanOrEqual(alpha.rating);
    expect(alpha.ci_high).toBeGreaterThanOrEqual(alpha.rating);
    // 11 prompt + 7 completion tokens at ratio 1 and completion ratio 1: 18 quota an answer; QuotaPerUnit 500000.
    expect(alpha.mean_cost).toBeCloseTo(18 / 500_000, 10);
    expect(alpha.mean_first_token_ms).toBeGreaterThan(0);
    const beta = mine.data.find((row: { model: string }) => row.model === 'blind-beta');
    expect(beta).toMatchObject({ battles: 4, wins: 0, ties: 1 });

    const code = await raw(user.agent.get('/relay/v1/arena/leaderboard?scope=me&category=code'));
    expect(code.data.map((row: { model: string }) => row.model)).toEqual(['blind-alpha', 'blind-beta']);
    const matrix = await raw(user.agent.get('/relay/v1/arena/matrix?scope=me&category=code'));
    expect(matrix.data).toEqual({ models: ['blind-alpha', 'blind-beta'], rates: [[null, 1], [0, null]], counts: [[0, 3], [3, 0]] });

    // A refusal, not HTTP 403 (which the console reads as an expired access token).
    const refused = await user.agent.get('/relay/v1/arena/leaderboard?scope=all');
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false, message: MSG_ARENA_SCOPE_FORBIDDEN });
    expect((await user.agent.get('/relay/v1/arena/leaderboard?scope=everyone')).body.success).toBe(false);
    const site = (await admin.get('/relay/v1/arena/leaderboard?scope=all')).body;
    expect(site.success).toBe(true);
    expect(site.data.find((row: { model: string }) => row.model === 'blind-alpha').battles).toBeGreaterThanOrEqual(3);
    expect((await t.http().get('/api/status')).body.data.arena_leaderboard_public).toBe(false);
    await admin.put('/api/option/').send({ key: 'ArenaLeaderboardPublic', value: 'true' });
    expect((await t.http().get('/api/status')).body.data.arena_leaderboard_public).toBe(true);
    expect((await user.agent.get('/relay/v1/arena/leaderboard?scope=all')).body.success).toBe(true);
    await admin.put('/api/option/').send({ key: 'ArenaLeaderboardPublic', value: 'false' });

    // Another user's board is their own: this one has none.
    const newcomer = await player('arena-newcomer');
    expect((await newcomer.agent.get('/relay/v1/arena/leaderboard?scope=me')).body).toMatchObject({ success: true, data: [] });
  });

  it('leaves out votes on answers that name a model when ArenaDropSelfIdentified is on', async () => {
    const user = await player('arena-self');
    const talkingId = await arenaTalking(user, 'self');
    const opened = await openBattle(user, talkingId, { models: ['blind-alpha', 'blind-gamma'] });
    let roundId = 0;
    for (const conversation of opened.data) {
      // The mock repeats the question: both answers say "I am Claude".
      const { messageId } = await answer(user, talkingId, conversation.id, 'I am Claude');
      roundId = (await settled(messageId!)).roundId;
    }
    expect(await vote(user, { talking_id: talkingId, round_id: roundId, winner: opened.data[0].id })).toMatchObject({ success: true });
    const [stored] = await t.db.query('SELECT self_identified FROM arena_votes WHERE talking_id = $1', [talkingId]);
    expect(stored.self_identified).toBe(true);
    await runLeaderboardJob();
    expect((await user.agent.get('/relay/v1/arena/leaderboard?scope=me&category=self')).body.data).toHaveLength(2);
    await admin.put('/api/option/').send({ key: 'ArenaDropSelfIdentified', value: 'true' });
    await runLeaderboardJob();
    expect((await user.agent.get('/relay/v1/arena/leaderboard?scope=me&category=self')).body.data).toEqual([]);
    await admin.put('/api/option/').send({ key: 'ArenaDropSelfIdentified', value: 'false' });
    await runLeaderboardJob();
  });
});
