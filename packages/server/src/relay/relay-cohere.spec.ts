import type OpenAI from 'openai';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COHERE_TOOL_CALL, MockCohereUpstream } from '../../test/mock-cohere-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';

/** Ratio 1 and completion ratio 2: the mock's billed units (9 input, 5 output) cost 9 + 10 = 19. */
const COHERE_COST = 19;
const MODELS = ['command-a', 'command-tool', 'command-failover'];

const WEATHER_TOOL = { type: 'function' as const, function: { name: 'get_weather', description: 'Weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };

describe('relay (integration, Cohere chat v2 upstream)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockCohereUpstream;

  beforeAll(async () => {
    upstream = await new MockCohereUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 34, name: 'cohere', key: 'co-key', base_url: upstream.url } });
    ({ t, admin } = f);
    await f.channel({ name: 'cohere', models: 'command-a,command-tool' });
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  it('converts a chat request to /v2/chat and bills the billed units', async () => {
    const { client, userId } = await f.customer('co-whole', 100_000);
    const reply = await client.chat.completions.create({
      model: 'command-a',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
      ],
      max_tokens: 50,
      top_p: 0.9,
      stop: 'END',
    });
    expect(reply.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from command-a' }, finish_reason: 'stop' });
    expect(reply.usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 5, total_tokens: 14 });
    expect(upstream.seen.at(-1)).toEqual({
      path: '/v2/chat',
      authorization: 'Bearer co-key',
      body: {
        model: 'command-a',
        stream: false,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
        ],
        max_tokens: 50,
        p: 0.9,
        stop_sequences: ['END'],
      },
    });
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, model_name: 'command-a', channel_name: 'cohere', prompt_tokens: 9, completion_tokens: 5, is_stream: false });
    expect(Number(log.quota)).toBe(COHERE_COST);
    expect(await f.quotaOf(userId)).toBe(100_000 - COHERE_COST);
  });

  it('streams the typed events as chunks, with the usage when the client asks for it', async () => {
    const { client, userId } = await f.customer('co-stream', 100_000);
    const stream = await client.chat.completions.create({ model: 'command-a', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
    let text = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe('Hello from command-a');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 5 });
    expect(upstream.seen.at(-1)?.body.stream).toBe(true);
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ model_name: 'command-a', prompt_tokens: 9, completion_tokens: 5, is_stream: true });
    expect(Number(log.quota)).toBe(COHERE_COST);
    expect(await f.quotaOf(userId)).toBe(100_000 - COHERE_COST);
  });

  it('calls tools (the plan as content) and sends the tool result back in Cohere’s shape', async () => {
    const { client } = await f.customer('co-tools', 100_000);
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const first = await client.chat.completions.create({ model: 'command-tool', messages, tools: [WEATHER_TOOL], tool_choice: 'required' });
    expect(first.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: { content: COHERE_TOOL_CALL.plan, tool_calls: [{ id: COHERE_TOOL_CALL.id, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
    });
    expect(upstream.seen.at(-1)?.body).toMatchObject({ tools: [WEATHER_TOOL], tool_choice: 'REQUIRED' });
    messages.push(first.choices[0].message as OpenAI.ChatCompletionMessageParam, { role: 'tool', tool_call_id: COHERE_TOOL_CALL.id, content: 'sunny' });
    const second = await client.chat.completions.create({ model: 'command-tool', messages, tools: [WEATHER_TOOL] });
    expect(second.choices[0].message.content).toBe('It is sunny in Paris.');
    expect(upstream.seen.at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', tool_plan: COHERE_TOOL_CALL.plan, tool_calls: [{ id: COHERE_TOOL_CALL.id, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
      { role: 'tool', tool_call_id: COHERE_TOOL_CALL.id, content: 'sunny' },
    ]);
  });

  it('streams a tool call as OpenAI tool-call deltas', async () => {
    const { client } = await f.customer('co-stool', 100_000);
    const stream = client.chat.completions.stream({ model: 'command-tool', messages: [{ role: 'user', content: 'Weather?' }], tools: [WEATHER_TOOL] });
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: { content: COHERE_TOOL_CALL.plan, tool_calls: [{ id: COHERE_TOOL_CALL.id, function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
    });
  });

  it('fails over from a Cohere channel with a dead key to the next one, and disables the dead one', async () => {
    await admin.put('/api/option/').send({ key: 'RetryTimes', value: '2' });
    await admin.put('/api/option/').send({ key: 'AutomaticDisableChannelEnabled', value: 'true' });
    const dead = await f.channel({ name: 'cohere-dead', models: 'command-failover', priority: 10, key: 'co-revoked', model_mapping: '{"command-failover":"fail-401"}' });
    const good = await f.channel({ name: 'cohere-good', models: 'command-failover', priority: 0 });
    const { client, userId } = await f.customer('co-failover', 100_000);
    const reply = await client.chat.completions.create({ model: 'command-failover', messages: [{ role: 'user', content: 'hi' }] });
    expect(reply.choices[0].message.content).toBe('Hello from command-failover');
    const [log] = await f.logsOf(userId);
    expect(JSON.parse(log.attempts_log).map((attempt: { status: number }) => attempt.status)).toEqual([401, 200]);
    expect(log.channel).toBe(good);
    expect(Number(log.quota)).toBe(COHERE_COST);
    const [row] = await t.db.query('SELECT status, other_info FROM channels WHERE id = $1', [dead]);
    expect(row.status).toBe(3);
    expect(JSON.parse(row.other_info).status_reason).toContain('invalid api token');
  });

  it('answers a Cohere request error in OpenAI’s error shape and charges nothing', async () => {
    await f.channel({ name: 'cohere-500', models: 'command-broken', model_mapping: '{"command-broken":"fail-500"}' });
    await admin.put('/api/option/').send({ key: 'ModelRatio', value: JSON.stringify(Object.fromEntries([...MODELS, 'command-broken'].map((model) => [model, 1]))) });
    await admin.put('/api/option/').send({ key: 'RetryTimes', value: '0' });
    const { client, userId } = await f.customer('co-error', 100_000);
    await expect(client.chat.completions.create({ model: 'command-broken', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 502, error: { type: 'upstream_error' } });
    expect(await f.quotaOf(userId)).toBe(100_000);
  });
});
