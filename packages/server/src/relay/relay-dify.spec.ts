import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockDifyUpstream } from '../../test/mock-dify-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';

/** Ratio 1 and completion ratio 2: Dify's usage (13 prompt, 6 completion) costs 13 + 12 = 25. */
const DIFY_COST = 25;

describe('relay (integration, Dify chat app upstream)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockDifyUpstream;

  beforeAll(async () => {
    upstream = await new MockDifyUpstream().start();
    f = await startRelayFixture({ models: ['dify-app', 'dify-failover', 'dify-broken'], completionRatio: 2, channelDefaults: { type: 37, name: 'dify', key: 'app-key', base_url: upstream.url } });
    ({ t, admin } = f);
    await f.channel({ name: 'dify', models: 'dify-app' });
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  it('sends a lone user message as the query of a blocking call and bills metadata.usage', async () => {
    const { client, userId } = await f.customer('dify-whole', 100_000);
    const reply = await client.chat.completions.create({ model: 'dify-app', messages: [{ role: 'user', content: 'hello' }] });
    expect(reply.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'You said: hello' }, finish_reason: 'stop' });
    expect(reply.usage).toMatchObject({ prompt_tokens: 13, completion_tokens: 6 });
    expect(upstream.seen.at(-1)).toEqual({
      path: '/v1/chat-messages',
      authorization: 'Bearer app-key',
      body: { inputs: {}, query: 'hello', response_mode: 'blocking', user: `user-${userId}`, conversation_id: '' },
    });
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, model_name: 'dify-app', channel_name: 'dify', prompt_tokens: 13, completion_tokens: 6, is_stream: false });
    expect(Number(log.quota)).toBe(DIFY_COST);
    expect(await f.quotaOf(userId)).toBe(100_000 - DIFY_COST);
  });

  it('flattens the system prompt and the history into the query, and streams the answer events', async () => {
    const { client, userId } = await f.customer('dify-stream', 100_000);
    const stream = await client.chat.completions.create({
      model: 'dify-app',
      stream: true,
      user: 'end-user-7',
      messages: [
        { role: 'system', content: 'Be kind.' },
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: [{ type: 'text', text: 'what is this?' }, { type: 'image_url', image_url: { url: 'https://img.example.com/cat.png' } }] },
      ],
    });
    let text = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    const query = 'SYSTEM: \nBe kind.\nUSER: \nhi\nASSISTANT: \nHello!\nUSER: \nwhat is this?\n';
    expect(text).toBe(`You said: ${query}!`);
    expect(finish).toBe('stop');
    expect(upstream.seen.at(-1)?.body).toEqual({
      inputs: {},
      query,
      response_mode: 'streaming',
      user: 'end-user-7',
      conversation_id: '',
      files: [{ type: 'image', transfer_mode: 'remote_url', url: 'https://img.example.com/cat.png' }],
    });
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ model_name: 'dify-app', prompt_tokens: 13, completion_tokens: 6, is_stream: true });
    expect(Number(log.quota)).toBe(DIFY_COST);
  });

  it('refuses an inline image Dify cannot take, charging nothing', async () => {
    const { client, userId } = await f.customer('dify-inline', 100_000);
    const request = client.chat.completions.create({ model: 'dify-app', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] }] });
    await expect(request).rejects.toMatchObject({ status: 400, code: 'unsupported_image' });
    expect(await f.quotaOf(userId)).toBe(100_000);
  });

  it('fails over from a dead app key and from an app whose stream starts with an error event', async () => {
    await admin.put('/api/option/').send({ key: 'RetryTimes', value: '2' });
    await f.channel({ name: 'dify-dead', models: 'dify-failover', priority: 10, key: 'app-dead' });
    await f.channel({ name: 'dify-erroring', models: 'dify-failover', priority: 5, key: 'app-error' });
    const good = await f.channel({ name: 'dify-good', models: 'dify-failover', priority: 0 });
    const { client, userId } = await f.customer('dify-failover', 100_000);
    const stream = await client.chat.completions.create({ model: 'dify-failover', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('You said: hi!');
    const [log] = await f.logsOf(userId);
    expect(JSON.parse(log.attempts_log).map((attempt: { status: number }) => attempt.status)).toEqual([401, 0, 200]);
    expect(log.channel).toBe(good);
    expect(Number(log.quota)).toBe(DIFY_COST);
  });
});
