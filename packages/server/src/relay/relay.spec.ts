import { createHash } from 'node:crypto';
import { TOKEN_STATUS } from '@gw/shared';
import OpenAI from 'openai';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';
import { CONSOLE_TOKEN_NAME } from '../tokens/console-token';
import { MSG_STREAM_BROKEN } from './stream/stream-delivery';

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Ratio 1 and completion ratio 2: a mock answer (11 prompt + 7 completion tokens) costs 11 + 14 = 25. */
const MOCK_COST = 25;
const MODELS = ['mock-a', 'mock-b', 'alias', 'no-usage', 'slow-stream', 'cut-stream', 'fail-500', 'fail-401', 'fail-429', 'embed-1', 'only-500', 'dead-key'];

describe('relay (integration, OpenAI-compatible upstream)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockOpenAiUpstream;
  let baseURL: string;

  const channel = (fields: Record<string, unknown>) => f.channel(fields);
  const customer = (name: string, quota: number, tokenFields?: Record<string, unknown>) => f.customer(name, quota, tokenFields);
  const quotaOf = (userId: number) => f.quotaOf(userId);
  const logsOf = (userId: number, count?: number) => f.logsOf(userId, count);

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url } });
    ({ t, admin, baseURL } = f);
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });


  describe('chat completions through the official openai client', () => {
    beforeAll(async () => {
      await channel({ name: 'primary', models: 'mock-a,no-usage,slow-stream,cut-stream,embed-1', key: 'sk-primary' });
    });

    it('answers a non-streamed request and bills the exact upstream usage', async () => {
      const { client, userId } = await customer('chat1', 100_000);
      const reply = await client.chat.completions.create({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
      expect(reply.choices[0].message.content).toBe('Hello from mock-a');
      expect(reply.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 7 });
      const [log] = await logsOf(userId);
      expect(await quotaOf(userId)).toBe(100_000 - MOCK_COST);
      expect(log).toMatchObject({ type: 2, model_name: 'mock-a', prompt_tokens: 11, completion_tokens: 7, is_stream: false, channel_name: 'primary' });
      expect(Number(log.quota)).toBe(MOCK_COST);
      expect(JSON.parse(log.other)).toMatchObject({ model_ratio: 1, completion_ratio: 2, group_ratio: 1 });
      const [user] = await t.db.query('SELECT used_quota, request_count FROM users WHERE id = $1', [userId]);
      expect(user).toMatchObject({ request_count: 1 });
      expect(Number(user.used_quota)).toBe(MOCK_COST);
      expect(upstream.seen.at(-1)?.authorization).toBe('Bearer sk-primary');
    });

    it('streams chunk by chunk and hides the usage chunk the client did not ask for', async () => {
      const { client, userId } = await customer('chat2', 100_000);
      const stream = await client.chat.completions.create({ model: 'mock-a', stream: true, messages: [{ role: 'user', content: 'hi' }] });
      const parts: string[] = [];
      let sawUsage = false;
      for await (const chunk of stream) {
        parts.push(chunk.choices[0]?.delta?.content ?? '');
        if (chunk.usage) sawUsage = true;
      }
      expect(parts.join('')).toBe('Hello from mock-a');
      expect(sawUsage).toBe(false);
      expect(upstream.seen.at(-1)?.body.stream_options).toEqual({ include_usage: true });
      const [log] = await logsOf(userId);
      expect(await quotaOf(userId)).toBe(100_000 - MOCK_COST);
      expect(log).toMatchObject({ is_stream: true, completion_tokens: 7 });
      expect(JSON.parse(log.other).frt).toBeGreaterThanOrEqual(0);
    });

    it('keeps the request details in the log only when LogReqInfoEnabled is on', async () => {
      const { client, userId } = await customer('details', 100_000);
      await client.chat.completions.create({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
      await admin.put('/api/option/').send({ key: 'LogReqInfoEnabled', value: 'true' });
      await client.chat.completions.create({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
      await admin.put('/api/option/').send({ key: 'LogReqInfoEnabled', value: 'false' });
      const [without, withDetails] = await logsOf(userId, 2);
      expect(JSON.parse(without.other).request).toBeUndefined();
      expect(JSON.parse(withDetails.other).request).toMatchObject({ path: '/v1/chat/completions', stream: false, user_agent: expect.stringContaining('OpenAI') });
    });

    it('passes the usage chunk to a client that asked for it', async () => {
      const { client } = await customer('chat3', 100_000);
      const stream = await client.chat.completions.create({ model: 'mock-a', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
      let usage: unknown;
      for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
      expect(usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 7 });
    });

    it('counts with a tokenizer when the upstream reports no usage', async () => {
      const { client, userId } = await customer('chat4', 100_000);
      await client.chat.completions.create({ model: 'no-usage', messages: [{ role: 'user', content: 'count me please' }] });
      const [log] = await logsOf(userId);
      expect(log.prompt_tokens).toBeGreaterThan(3);
      expect(Number(log.quota)).toBeGreaterThan(0);
      expect(await quotaOf(userId)).toBe(100_000 - Number(log.quota));
    });

    it('ends a stream cut by the upstream with an error event, not [DONE], and bills what was produced', async () => {
      const { key, userId } = await customer('chat5', 100_000);
      const text = await f.rawStream(key, 'cut-stream');
      expect(text).toContain('Hello');
      // In Chinese, without undici's words for the cut ("terminated", "other side closed").
      expect(text).toContain(`"error":{"message":"${MSG_STREAM_BROKEN}"`);
      expect(text).not.toContain('[DONE]');
      const [log] = await logsOf(userId);
      expect(log.completion_tokens).toBeGreaterThan(0);
      expect(await quotaOf(userId)).toBe(100_000 - Number(log.quota));
    });

    it('aborts the upstream when the client disconnects, and bills what was produced', async () => {
      const { key, userId } = await customer('chat6', 100_000);
      const closedBefore = upstream.closedEarly;
      const controller = new AbortController();
      const reply = await fetch(`${baseURL}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'slow-stream', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
        signal: controller.signal,
      });
      const reader = reply.body!.getReader();
      await reader.read();
      await reader.read();
      controller.abort();
      for (let i = 0; i < 50 && upstream.closedEarly === closedBefore; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(upstream.closedEarly).toBe(closedBefore + 1);
      let logs: Array<{ quota: string; completion_tokens: number }> = [];
      for (let i = 0; i < 50 && logs.length === 0; i++) {
        logs = await logsOf(userId);
        if (logs.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(logs[0].completion_tokens).toBeGreaterThan(0);
      expect(logs[0].completion_tokens).toBeLessThan(40);
      expect(await quotaOf(userId)).toBe(100_000 - Number(logs[0].quota));
    });

    it('relays embeddings and bills their usage', async () => {
      const { client, userId } = await customer('embed', 100_000);
      const reply = await client.embeddings.create({ model: 'embed-1', input: 'vector me', encoding_format: 'float' });
      expect(reply.data[0].embedding).toEqual([0.1, 0.2]);
      await logsOf(userId);
      expect(await quotaOf(userId)).toBe(100_000 - 5);
    });

    it('relays an audio transcription upload with the mapped model, at its fixed price', async () => {
      await admin.put('/api/option/').send({ key: 'ModelPrice', value: JSON.stringify({ 'whisper-x': 0.006 }) });
      await channel({ name: 'audio', models: 'whisper-x', model_mapping: '{"whisper-x":"whisper-1"}' });
      const { client, userId } = await customer('listener', 100_000);
      const audio = new File([Buffer.alloc(2048, 1)], 'speech.mp3', { type: 'audio/mpeg' });
      const reply = await client.audio.transcriptions.create({ model: 'whisper-x', file: audio });
      expect(reply.text).toBe('hello from the audio');
      expect(upstream.seen.at(-1)).toMatchObject({ path: '/v1/audio/transcriptions', body: { model: 'whisper-1', file: 'speech.mp3', size: 2048 } });
      const [log] = await logsOf(userId);
      expect(Number(log.quota)).toBe(3000);
      expect(await quotaOf(userId)).toBe(100_000 - 3000);
    });

    it('relays an audio translation upload with the file bytes intact, at its fixed price like a transcription', async () => {
      await admin.put('/api/option/').send({ key: 'ModelPrice', value: JSON.stringify({ 'whisper-x': 0.006, 'whisper-t': 0.006 }) });
      await channel({ name: 'translate', models: 'whisper-t', model_mapping: '{"whisper-t":"whisper-1"}' });
      const { client, userId } = await customer('translator', 100_000);
      const bytes = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));
      const reply = await client.audio.translations.create({ model: 'whisper-t', file: new File([bytes], 'speech.wav', { type: 'audio/wav' }) });
      expect(reply.text).toBe('hello from the audio');
      const seen = upstream.seen.at(-1)!;
      expect(seen).toMatchObject({ path: '/v1/audio/translations', authorization: 'Bearer sk-upstream', body: { model: 'whisper-1', file: 'speech.wav', size: 4096 } });
      expect(seen.body.parts).toContainEqual({ name: 'file', file: 'speech.wav', type: 'audio/wav', sha256: sha256(bytes) });
      const [log] = await logsOf(userId);
      expect(log).toMatchObject({ type: 2, model_name: 'whisper-t', channel_name: 'translate' });
      expect(Number(log.quota)).toBe(3000);
      expect(await quotaOf(userId)).toBe(100_000 - 3000);
    });

    it('relays an image edit (images, mask, prompt, n, size) with the file bytes intact, at the image price', async () => {
      await admin.put('/api/option/').send({ key: 'ModelPrice', value: JSON.stringify({ 'whisper-x': 0.006, 'whisper-t': 0.006, 'painter': 0.04 }) });
      await channel({ name: 'edits', models: 'painter', model_mapping: '{"painter":"gpt-image-1"}' });
      const { client, userId } = await customer('editor', 100_000);
      const first = Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256));
      const second = Buffer.from(Array.from({ length: 1500 }, (_, index) => (index * 13) % 256));
      const mask = Buffer.from(Array.from({ length: 800 }, (_, index) => index % 2));
      const reply = await client.images.edit({
        model: 'painter',
        image: [new File([first], 'a.png', { type: 'image/png' }), new File([second], 'b.png', { type: 'image/png' })],
        mask: new File([mask], 'mask.png', { type: 'image/png' }),
        prompt: 'add a hat',
        n: 1,
        size: '1024x1024',
      });
      expect(Buffer.from(reply.data![0].b64_json!, 'base64').toString()).toBe('edited');
      const seen = upstream.seen.at(-1)!;
      expect(seen).toMatchObject({ path: '/v1/images/edits', body: { model: 'gpt-image-1' } });
      const parts = seen.body.parts as Array<Record<string, string>>;
      expect(parts.filter((part) => part.file).map((part) => [part.file, part.sha256])).toEqual([
        ['a.png', sha256(first)],
        ['b.png', sha256(second)],
        ['mask.png', sha256(mask)],
      ]);
      expect(parts).toEqual(expect.arrayContaining([{ name: 'prompt', value: 'add a hat' }, { name: 'n', value: '1' }, { name: 'size', value: '1024x1024' }]));
      const [log] = await logsOf(userId);
      expect(log).toMatchObject({ type: 2, model_name: 'painter', channel_name: 'edits' });
      expect(Number(log.quota)).toBe(20_000);
      expect(await quotaOf(userId)).toBe(100_000 - 20_000);
    });

    it('refuses an image edit that is not a multipart upload, charging nothing', async () => {
      const { userId, key } = await customer('json-editor', 100_000);
      const reply = await fetch(`${baseURL}/images/edits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'painter', prompt: 'add a hat' }),
      });
      expect(reply.status).toBe(400);
      expect(await reply.json()).toMatchObject({ error: { code: 'invalid_content_type', message: '请以 multipart/form-data 上传图片' } });
      expect(await quotaOf(userId)).toBe(100_000);
    });

    it('lists the models the token may use', async () => {
      const { client } = await customer('lister', 10, { model_limits_enabled: true, model_limits: 'mock-a' });
      const models = await client.models.list();
      expect(models.data.map((model) => model.id)).toEqual(['mock-a']);
    });
  });

  describe('channel choice and failover', () => {
    it('retries a retryable failure on the next tier and records every attempt', async () => {
      await admin.put('/api/option/').send({ key: 'RetryTimes', value: '2' });
      const bad = await channel({ name: 'bad-tier', models: 'mock-b', priority: 10, model_mapping: '{"mock-b":"fail-500"}' });
      const good = await channel({ name: 'good-tier', models: 'mock-b', priority: 0 });
      const { client, userId } = await customer('failover', 100_000);
      const reply = await client.chat.completions.create({ model: 'mock-b', messages: [{ role: 'user', content: 'hi' }] });
      expect(reply.choices[0].message.content).toBe('Hello from mock-b');
      const [log] = await logsOf(userId);
      expect(JSON.parse(log.other).admin_info.use_channel).toEqual([bad, good]);
      const attempts = JSON.parse(log.attempts_log);
      expect(attempts.map((attempt: { status: number }) => attempt.status)).toEqual([500, 200]);
      expect(log.channel).toBe(good);
    });

    it('gives up after RetryTimes with a gateway error and refunds the reservation', async () => {
      await admin.put('/api/option/').send({ key: 'RetryTimes', value: '0' });
      await channel({ name: 'only-bad', models: 'only-500', model_mapping: '{"only-500":"fail-500"}', status_code_mapping: '{"500":"502"}' });
      const { client, userId } = await customer('giveup', 100_000);
      await expect(client.chat.completions.create({ model: 'only-500', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 502 });
      expect(await quotaOf(userId)).toBe(100_000);
      const [log] = await logsOf(userId);
      expect(log).toMatchObject({ type: 5, status_code: 502 });
    });

    it('sends the mapped model upstream and logs the requested one', async () => {
      await channel({ name: 'mapper', models: 'alias', model_mapping: '{"alias":"mock-real"}' });
      const { client, userId } = await customer('mapping', 100_000);
      await client.chat.completions.create({ model: 'alias', messages: [{ role: 'user', content: 'hi' }] });
      expect(upstream.seen.at(-1)?.body.model).toBe('mock-real');
      const [log] = await logsOf(userId);
      expect(log.model_name).toBe('alias');
      expect(JSON.parse(log.other).upstream_model).toBe('mock-real');
    });

    it('disables a channel whose key the upstream rejects, when auto-ban is on', async () => {
      await admin.put('/api/option/').send({ key: 'AutomaticDisableChannelEnabled', value: 'true' });
      const id = await channel({ name: 'dead', models: 'dead-key', model_mapping: '{"dead-key":"fail-401"}', auto_ban: 1 });
      const { client } = await customer('deadkey', 100_000);
      // The caller's token is fine: the channel's dead key is a gateway failure, never a 401.
      await expect(client.chat.completions.create({ model: 'dead-key', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 502 });
      const [row] = await t.db.query('SELECT status, other_info FROM channels WHERE id = $1', [id]);
      expect(row.status).toBe(3);
      expect(JSON.parse(row.other_info).status_reason).toContain('Incorrect API key');
      await expect(client.chat.completions.create({ model: 'dead-key', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 503 });
    });
  });

  describe('playground', () => {
    it('chats as the signed-in user with their first enabled token, billed like any call', async () => {
      const { agent, userId } = await customer('player', 100_000);
      const reply = await agent.post('/pg/chat/completions').send({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
      expect(reply.status).toBe(200);
      expect(reply.body.choices[0].message.content).toBe('Hello from mock-a');
      const [log] = await logsOf(userId);
      expect(log.token_name).toBe('relay');
      expect(await quotaOf(userId)).toBe(100_000 - MOCK_COST);
    });

    it('bills a user without a token to their console token (here refused for want of balance), and needs a session', async () => {
      const { agent } = await t.signUp('tokenless');
      const reply = await agent.post('/pg/chat/completions').send({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
      expect(reply.status).toBe(403);
      expect(reply.body.error.code).toBe('insufficient_user_quota');
      expect((await agent.get('/api/token/')).body.data.items.map((token: { name: string }) => token.name)).toEqual([CONSOLE_TOKEN_NAME]);
      expect((await t.http().post('/pg/chat/completions').send({ model: 'mock-a' })).status).toBe(401);
    });

    it('sees a token created or removed at once, though it keeps the user’s token list', async () => {
      const { agent } = await t.signUp('token-later');
      const ask = () => agent.post('/pg/chat/completions').send({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
      await ask();
      const [consoleToken] = (await agent.get('/api/token/')).body.data.items;
      expect((await agent.put('/api/token/?status_only=true').send({ id: consoleToken.id, status: TOKEN_STATUS.DISABLED })).body.success).toBe(true);
      expect((await ask()).body.error.code).toBe('console_token_disabled');
      const created = await agent.post('/api/token/').send({ name: 'first', unlimited_quota: true });
      expect(created.body.success).toBe(true);
      // Found now: what refuses the call (the new user has no balance) is no longer the disabled console token.
      const withToken = await ask();
      expect(withToken.body.error?.code).not.toBe('console_token_disabled');
      const [token] = await t.db.query(`SELECT id FROM tokens WHERE name = 'first'`);
      expect((await agent.delete(`/api/token/${token.id}`)).body.success).toBe(true);
      expect((await ask()).body.error.code).toBe('console_token_disabled');
    });
  });

  describe('token and quota checks', () => {
    it('refuses an unknown key, a model outside the limits, an unpriced model and an empty balance', async () => {
      await expect(new OpenAI({ apiKey: 'sk-nope', baseURL, maxRetries: 0 }).chat.completions.create({ model: 'mock-a', messages: [] })).rejects.toMatchObject({ status: 401 });
      const limited = await customer('limited', 100_000, { model_limits_enabled: true, model_limits: 'mock-b' });
      await expect(limited.client.chat.completions.create({ model: 'mock-a', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 403 });
      await channel({ name: 'unpriced', models: 'not-priced-model' });
      const unpriced = await customer('unpriced', 100_000);
      await expect(unpriced.client.chat.completions.create({ model: 'not-priced-model', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 400 });
      const smallToken = await customer('smalltoken', 100_000, { unlimited_quota: false, remain_quota: 10 });
      await expect(smallToken.client.chat.completions.create({ model: 'mock-a', max_tokens: 100, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
        status: 429,
        message: expect.stringContaining('该令牌额度不足'),
      });
      expect(await quotaOf(smallToken.userId)).toBe(100_000);
      const broke = await customer('broke', 0);
      await expect(broke.client.chat.completions.create({ model: 'mock-a', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 403 });
    });

    it('answers malformed calls at the front door in OpenAI error shape, and leaves other methods to the console', async () => {
      const { key, userId } = await customer('frontdoor', 100_000);
      const errorOf = async (reply: Response) => ((await reply.json()) as { error: { code: string | null; message: string } }).error;
      const post = (headers: Record<string, string>, body: string) =>
        fetch(`${baseURL}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      const noKey = await post({}, JSON.stringify({ model: 'mock-a', messages: [] }));
      expect(noKey.status).toBe(401);
      expect(await errorOf(noKey)).toMatchObject({ code: 'missing_api_key', message: expect.stringContaining('未提供令牌') });
      const auth = { authorization: `Bearer ${key}` };
      const badJson = await post(auth, '{"model": "mock-a",');
      expect(badJson.status).toBe(400);
      expect(await errorOf(badJson)).toMatchObject({ code: 'invalid_json', message: '请求体不是有效的 JSON' });
      const notObject = await post(auth, '[1, 2]');
      expect(notObject.status).toBe(400);
      expect((await errorOf(notObject)).message).toBe('请求体必须是 JSON 对象');
      const huge = await post(auth, JSON.stringify({ model: 'mock-a', messages: [{ role: 'user', content: 'x'.repeat(11 * 1024 * 1024) }] }));
      expect(huge.status).toBe(413);
      expect((await errorOf(huge)).message).toBe('请求体过大（最大 10 MB）');
      // A query string does not change the route; GET is not a relay call and reaches Nest's 404.
      const withQuery = await fetch(`${baseURL}/chat/completions?x=1`, { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] }) });
      expect(withQuery.status).toBe(200);
      expect((await fetch(`${baseURL}/chat/completions`, { headers: auth })).status).toBe(404);
      await logsOf(userId);
      expect(await quotaOf(userId)).toBe(100_000 - MOCK_COST);
    });

    it('never lets 50 parallel requests spend more than the balance, and logs exactly what was spent', async () => {
      // Each request reserves its prompt estimate plus max_tokens × 2 and settles at 25.
      const { client, userId } = await customer('racer', 5 * MOCK_COST + 400);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () => client.chat.completions.create({ model: 'mock-a', max_tokens: 40, messages: [{ role: 'user', content: 'hi' }] })),
      );
      const succeeded = results.filter((result) => result.status === 'fulfilled').length;
      expect(succeeded).toBeGreaterThanOrEqual(5);
      const logs = await logsOf(userId, 50);
      const left = await quotaOf(userId);
      expect(left).toBeGreaterThanOrEqual(0);
      const charged = logs.filter((log: { type: number }) => log.type === 2).reduce((sum: number, log: { quota: string }) => sum + Number(log.quota), 0);
      expect(charged).toBe(5 * MOCK_COST + 400 - left);
      expect(logs.filter((log: { type: number }) => log.type === 2)).toHaveLength(succeeded);
    });
  });
});
