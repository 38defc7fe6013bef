import OpenAI from 'openai';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_THOUGHT_SIGNATURE, MockGeminiUpstream } from '../../test/mock-gemini-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';

/** Ratio 1 and completion ratio 2: a mock answer (11 prompt + 7 candidate tokens) costs 11 + 14 = 25. */
const MOCK_COST = 25;
/** With 5 thinking tokens billed as completion: 11 + (7 + 5) × 2 = 35. */
const THINKING_COST = 35;
const MODELS = ['gemini-test', 'gemini-flash', 'gemini-test-think', 'gemini-test-tool', 'gemini-test-cut', 'gemini-badkey', 'gemini-3-test-tool'];

describe('relay (integration, Google Gemini upstream)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockGeminiUpstream;
  let baseURL: string;

  const channel = (fields: Record<string, unknown>) => f.channel(fields);
  const customer = (name: string, quota: number, tokenFields?: Record<string, unknown>) => f.customer(name, quota, tokenFields);
  const quotaOf = (userId: number) => f.quotaOf(userId);
  const logsOf = (userId: number, count?: number) => f.logsOf(userId, count);

  beforeAll(async () => {
    upstream = await new MockGeminiUpstream('gm-key').start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 24, key: 'gm-key', base_url: upstream.url } });
    ({ t, admin, baseURL } = f);
    await channel({ name: 'gemini', models: 'gemini-test,gemini-flash,gemini-test-think,gemini-test-tool,gemini-test-cut,gemini-3-test-tool', model_mapping: '{"gemini-flash":"gemini-2.5-flash"}' });
    await channel({ name: 'gemini-wrong-key', key: 'AIza-revoked', models: 'gemini-badkey' });
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });


  it('converts a chat request to generateContent and the answer back, billing the exact usage', async () => {
    const { client, userId } = await customer('gemini1', 100_000);
    const reply = await client.chat.completions.create({
      model: 'gemini-test',
      temperature: 0.3,
      max_tokens: 100,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(reply.choices[0].message.content).toBe('Hello from gemini-test');
    expect(reply.choices[0].finish_reason).toBe('stop');
    expect(reply.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
    expect(upstream.seen.at(-1)).toEqual({
      path: '/v1beta/models/gemini-test:generateContent',
      apiKey: 'gm-key',
      authorization: '',
      body: {
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        generationConfig: { temperature: 0.3, maxOutputTokens: 100 },
      },
    });
    const [log] = await logsOf(userId);
    expect(log).toMatchObject({ model_name: 'gemini-test', prompt_tokens: 11, completion_tokens: 7, is_stream: false, channel_name: 'gemini' });
    expect(Number(log.quota)).toBe(MOCK_COST);
    expect(await quotaOf(userId)).toBe(100_000 - MOCK_COST);
  });

  it('streams from streamGenerateContent, ends at the finish reason and hides the usage not asked for', async () => {
    const { client, userId } = await customer('gemini2', 100_000);
    const stream = await client.chat.completions.create({ model: 'gemini-flash', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    let text = '';
    let finish: string | null = null;
    let sawUsage = false;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) sawUsage = true;
    }
    expect(text).toBe('Hello from gemini-2.5-flash');
    expect(finish).toBe('stop');
    expect(sawUsage).toBe(false);
    expect(upstream.seen.at(-1)?.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    const [log] = await logsOf(userId);
    expect(log).toMatchObject({ model_name: 'gemini-flash', is_stream: true, prompt_tokens: 11, completion_tokens: 7 });
    expect(await quotaOf(userId)).toBe(100_000 - MOCK_COST);
  });

  it('sends the usage chunk to a client that asked for it', async () => {
    const { client } = await customer('gemini3', 100_000);
    const stream = await client.chat.completions.create({ model: 'gemini-test', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
    let usage: unknown;
    for await (const chunk of stream) if (chunk.usage) usage = chunk.usage;
    expect(usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
  });

  it('returns thoughts as reasoning_content and bills thinking tokens as completion', async () => {
    const { client, userId } = await customer('gemini4', 100_000);
    const reply = await client.chat.completions.create({ model: 'gemini-test-think', messages: [{ role: 'user', content: 'hi' }] });
    const message = reply.choices[0].message as typeof reply.choices[0]['message'] & { reasoning_content?: string };
    expect(message.content).toBe('Hello from gemini-test-think');
    expect(message.reasoning_content).toBe('The user greets me.');
    expect(reply.usage).toMatchObject({ completion_tokens: 12, completion_tokens_details: { reasoning_tokens: 5 } });
    await logsOf(userId);
    expect(await quotaOf(userId)).toBe(100_000 - THINKING_COST);
  });

  it('round-trips a function call: tool_calls out, the tool result back as a functionResponse', async () => {
    const { client } = await customer('gemini5', 100_000);
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const first = await client.chat.completions.create({ model: 'gemini-test-tool', tools, messages });
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    const [call] = first.choices[0].message.tool_calls as OpenAI.ChatCompletionMessageFunctionToolCall[];
    expect(call.function).toEqual({ name: 'get_weather', arguments: '{"city":"Paris"}' });
    expect(upstream.seen.at(-1)?.body.tools).toEqual([{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: tools[0].function.parameters }] }]);

    messages.push(first.choices[0].message, { role: 'tool', tool_call_id: call.id, content: '{"temp_c":18}' });
    const second = await client.chat.completions.create({ model: 'gemini-test-tool', tools, stream: true, messages });
    let text = '';
    for await (const chunk of second) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe('It is 18 degrees in Paris');
    expect(upstream.seen.at(-1)?.body.contents.slice(1)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: MOCK_THOUGHT_SIGNATURE }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp_c: 18 } } }] },
    ]);
  });

  it('asks Gemini 3 to think, and carries the thought signature of its function call through the next turn', async () => {
    const { client } = await customer('gemini8', 100_000);
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const first = await client.chat.completions.create({ model: 'gemini-3-test-tool', reasoning_effort: 'high', tools, messages });
    expect(upstream.seen.at(-1)?.body.generationConfig).toEqual({ thinkingConfig: { thinkingLevel: 'high', includeThoughts: true } });
    const message = first.choices[0].message as OpenAI.ChatCompletionMessage & { reasoning_content?: string };
    expect(message.reasoning_content).toBe('The user greets me.');
    const call = message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall & { extra_content?: unknown };
    expect(call.extra_content).toEqual({ google: { thought_signature: MOCK_THOUGHT_SIGNATURE } });

    // The official client keeps the field, so the assistant message goes back as it came.
    const result: OpenAI.ChatCompletionMessageParam = { role: 'tool', tool_call_id: call.id, content: '{"temp_c":21}' };
    const second = await client.chat.completions.create({ model: 'gemini-3-test-tool', tools, stream: true, messages: [...messages, message, result] });
    let text = '';
    for await (const chunk of second) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe('It is 21 degrees in Paris');
    expect(upstream.seen.at(-1)?.body.contents[1]).toEqual({
      role: 'model',
      parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: MOCK_THOUGHT_SIGNATURE }],
    });

    // Without its signature Gemini 3 refuses the same turn.
    const unsigned = { ...message, tool_calls: [{ id: call.id, type: 'function' as const, function: call.function }] };
    await expect(client.chat.completions.create({ model: 'gemini-3-test-tool', tools, messages: [...messages, unsigned, result] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('missing a thought_signature'),
    });
  });

  it('reports a stream that ends before its finish reason as cut, and bills what was produced', async () => {
    const { key, userId } = await customer('gemini6', 100_000);
    const text = await f.rawStream(key, 'gemini-test-cut');
    expect(text).toContain('Hello');
    expect(text).toContain('"error"');
    expect(text).not.toContain('[DONE]');
    const [log] = await logsOf(userId);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(await quotaOf(userId)).toBe(100_000 - Number(log.quota));
  });

  it("treats Google's 400 for a rejected key as a channel failure (a gateway error) and charges nothing", async () => {
    const { client, userId } = await customer('gemini7', 100_000);
    await expect(client.chat.completions.create({ model: 'gemini-badkey', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('HTTP 400'),
    });
    expect(upstream.seen.at(-1)?.apiKey).toBe('AIza-revoked');
    expect(await quotaOf(userId)).toBe(100_000);
  });
});
