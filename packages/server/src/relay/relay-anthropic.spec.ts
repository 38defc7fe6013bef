import OpenAI from 'openai';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_REDACTED_THINKING, MOCK_THOUGHT, MockAnthropicUpstream, mockThinkingSignature } from '../../test/mock-anthropic-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import type { TestApp } from '../../test/test-app';

const MODELS = ['claude-test', 'claude-cache', 'claude-tool', 'claude-overloaded', 'claude-midstream-error', 'claude-retry'];
/** Ratio 1, completion ratio 5: a plain answer (20 prompt + 10 completion tokens) costs 20 + 50. */
const PLAIN_COST = 70;
/** 100 plain + 1000 cache reads × 0.1 + 200 cache writes × 1.25 + 50 completion × 5 = 100 + 100 + 250 + 250. */
const CACHE_COST = 700;

const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', description: 'Current weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe('relay (integration, Anthropic Claude upstream)', () => {
  let f: RelayFixture;
  let t: TestApp;
  let admin: TestAgent;
  let upstream: MockAnthropicUpstream;
  let baseURL: string;

  const channel = (fields: Record<string, unknown>) => f.channel(fields);
  const customer = (name: string, quota: number, tokenFields?: Record<string, unknown>) => f.customer(name, quota, tokenFields);
  const quotaOf = (userId: number) => f.quotaOf(userId);
  const logsOf = (userId: number, count?: number) => f.logsOf(userId, count);

  beforeAll(async () => {
    upstream = await new MockAnthropicUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 5, channelDefaults: { type: 14, key: 'sk-ant-test', base_url: upstream.url } });
    ({ t, admin, baseURL } = f);
    await channel({ name: 'claude', models: 'claude-test,claude-cache,claude-tool,claude-overloaded,claude-midstream-error' });
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });


  it('answers a non-streamed chat through the Messages API and bills the exact usage', async () => {
    const { client, userId } = await customer('claude1', 100_000);
    const reply = await client.chat.completions.create({
      model: 'claude-test',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'user', content: 'there' },
      ],
    });
    expect(reply.choices[0].message.content).toBe('Hello from claude-test');
    expect(reply.choices[0].finish_reason).toBe('stop');
    expect(reply.usage).toMatchObject({ prompt_tokens: 20, completion_tokens: 10, total_tokens: 30 });

    const seen = upstream.seen.at(-1)!;
    expect(seen).toMatchObject({ path: '/v1/messages', apiKey: 'sk-ant-test', version: '2023-06-01' });
    expect(seen.body).toEqual({
      model: 'claude-test',
      max_tokens: 4096,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }, { type: 'text', text: 'there' }] }],
    });

    const [log] = await logsOf(userId);
    expect(log).toMatchObject({ type: 2, model_name: 'claude-test', prompt_tokens: 20, completion_tokens: 10, is_stream: false, channel_name: 'claude' });
    expect(Number(log.quota)).toBe(PLAIN_COST);
    expect(await quotaOf(userId)).toBe(100_000 - PLAIN_COST);
  });

  it('streams the answer as OpenAI chunks and bills cache reads and writes at their ratios', async () => {
    const { client, userId } = await customer('claude2', 100_000);
    const stream = await client.chat.completions.create({ model: 'claude-cache', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Hi' }] });
    let text = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from claude-cache');
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ prompt_tokens: 1300, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 1000 } });
    expect(upstream.seen.at(-1)!.body.stream).toBe(true);

    const [log] = await logsOf(userId);
    expect(log).toMatchObject({ is_stream: true, prompt_tokens: 1300, completion_tokens: 50, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 });
    expect(Number(log.quota)).toBe(CACHE_COST);
    expect(await quotaOf(userId)).toBe(100_000 - CACHE_COST);
  });

  it('bills cache tokens the same way without streaming, and hides usage chunks nobody asked for', async () => {
    const first = await customer('claude3', 100_000);
    const reply = await first.client.chat.completions.create({ model: 'claude-cache', messages: [{ role: 'user', content: 'Hi' }] });
    expect(reply.usage).toMatchObject({ prompt_tokens: 1300, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 1000 } });
    await logsOf(first.userId);
    expect(await quotaOf(first.userId)).toBe(100_000 - CACHE_COST);

    const second = await customer('claude4', 100_000);
    const stream = await second.client.chat.completions.create({ model: 'claude-test', stream: true, messages: [{ role: 'user', content: 'Hi' }] });
    let sawUsage = false;
    for await (const chunk of stream) if (chunk.usage) sawUsage = true;
    expect(sawUsage).toBe(false);
    await logsOf(second.userId);
    expect(await quotaOf(second.userId)).toBe(100_000 - PLAIN_COST);
  });

  it('reports a max_tokens stop as finish_reason length', async () => {
    const { client } = await customer('claude5', 100_000);
    const reply = await client.chat.completions.create({ model: 'claude-test', max_tokens: 3, messages: [{ role: 'user', content: 'Hi' }] });
    expect(upstream.seen.at(-1)!.body.max_tokens).toBe(3);
    expect(reply.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: 'Hello' } });
  });

  it('runs a tool call round trip: tool_use out as tool_calls, the tool result back as tool_result', async () => {
    const { client, userId } = await customer('claude6', 100_000);
    const question: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'Weather in Paris?' };
    const first = await client.chat.completions.create({ model: 'claude-tool', tools: [weatherTool], tool_choice: 'auto', messages: [question] });
    expect(upstream.seen.at(-1)!.body).toMatchObject({ tools: [{ name: 'get_weather', input_schema: weatherTool.function.parameters }], tool_choice: { type: 'auto' } });
    const message = first.choices[0].message;
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    expect(message.content).toBe('Let me check.');
    const call = message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall;
    expect(call).toMatchObject({ id: 'toolu_mock_1', type: 'function', function: { name: 'get_weather' } });
    expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });

    const second = await client.chat.completions.create({
      model: 'claude-tool',
      tools: [weatherTool],
      messages: [question, message, { role: 'tool', tool_call_id: call.id, content: '18°C' }],
    });
    expect(second.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: 'It is 18°C in Paris.' } });
    expect(upstream.seen.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_mock_1', content: '18°C' }] });
    await logsOf(userId, 2);
    expect(await quotaOf(userId)).toBe(100_000 - 2 * PLAIN_COST);
  });

  it('streams a tool call as tool_calls deltas', async () => {
    const { client } = await customer('claude7', 100_000);
    const stream = await client.chat.completions.create({ model: 'claude-tool', stream: true, tools: [weatherTool], messages: [{ role: 'user', content: 'Weather in Paris?' }] });
    let text = '';
    let args = '';
    let name = '';
    let finish: string | null = null;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (!choice) continue;
      text += choice.delta.content ?? '';
      for (const call of choice.delta.tool_calls ?? []) {
        expect(call.index).toBe(0);
        name += call.function?.name ?? '';
        args += call.function?.arguments ?? '';
      }
      finish = choice.finish_reason ?? finish;
    }
    expect(text).toBe('Let me check.');
    expect(name).toBe('get_weather');
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });
    expect(finish).toBe('tool_calls');
  });

  it('round-trips extended thinking with a tool call: signed thinking_blocks out, sent back first in the assistant turn', async () => {
    const { client } = await customer('claude11', 100_000);
    const question: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'Weather in Paris?' };
    const first = await client.chat.completions.create({ model: 'claude-tool', reasoning_effort: 'medium', tools: [weatherTool], messages: [question] });
    expect(upstream.seen.at(-1)!.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 8192 }, max_tokens: 8192 + 4096 });
    const message = first.choices[0].message as OpenAI.ChatCompletionMessage & { reasoning_content?: string; thinking_blocks?: unknown[] };
    const thought = { type: 'thinking', thinking: MOCK_THOUGHT, signature: mockThinkingSignature(MOCK_THOUGHT) };
    const redacted = { type: 'redacted_thinking', data: MOCK_REDACTED_THINKING };
    expect(message.reasoning_content).toBe(MOCK_THOUGHT);
    expect(message.thinking_blocks).toEqual([thought, redacted]);

    // The official client keeps thinking_blocks, so the assistant message goes back as it came.
    const call = message.tool_calls![0];
    const result: OpenAI.ChatCompletionMessageParam = { role: 'tool', tool_call_id: call.id, content: '18°C' };
    const stream = await client.chat.completions.create({ model: 'claude-tool', reasoning_effort: 'medium', tools: [weatherTool], stream: true, messages: [question, message, result] });
    let text = '';
    const streamedBlocks: unknown[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as (OpenAI.ChatCompletionChunk.Choice.Delta & { thinking_blocks?: unknown[] }) | undefined;
      text += delta?.content ?? '';
      streamedBlocks.push(...(delta?.thinking_blocks ?? []));
    }
    expect(text).toBe('It is 18°C in Paris.');
    expect(streamedBlocks).toEqual([thought]);
    expect(upstream.seen.at(-1)!.body.messages[1]).toEqual({
      role: 'assistant',
      content: [thought, redacted, { type: 'text', text: 'Let me check.' }, { type: 'tool_use', id: 'toolu_mock_1', name: 'get_weather', input: { city: 'Paris' } }],
    });

    // reasoning_content alone is not signed thinking: without the blocks Anthropic refuses the turn.
    const bare: OpenAI.ChatCompletionMessageParam & { reasoning_content?: string } = { role: 'assistant', content: message.content, tool_calls: message.tool_calls, reasoning_content: message.reasoning_content };
    await expect(client.chat.completions.create({ model: 'claude-tool', reasoning_effort: 'medium', tools: [weatherTool], messages: [question, bare, result] })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('must start with a thinking block'),
    });
  });

  it('answers a gateway error when Anthropic is overloaded, keeps its message for the log, and refunds the reservation', async () => {
    const { client, userId } = await customer('claude8', 100_000);
    await expect(client.chat.completions.create({ model: 'claude-overloaded', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] })).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('HTTP 529'),
    });
    const [log] = await logsOf(userId);
    expect(log).toMatchObject({ type: 5, status_code: 502 });
    expect(JSON.parse(log.attempts_log)[0]).toMatchObject({ status: 529, error: expect.stringContaining('Overloaded') });
    expect(await quotaOf(userId)).toBe(100_000);
  });

  it('ends the client stream with an error event on a mid-stream error, and bills what was produced', async () => {
    const { key, userId } = await customer('claude9', 100_000);
    const text = await f.rawStream(key, 'claude-midstream-error');
    expect(text).toContain('"content":"Hello"');
    expect(text).toContain('Overloaded');
    expect(text).not.toContain('[DONE]');
    const [log] = await logsOf(userId);
    expect(log.prompt_tokens).toBe(20);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(await quotaOf(userId)).toBe(100_000 - Number(log.quota));
  });

  it('tries another channel when the stream fails before any content', async () => {
    await admin.put('/api/option/').send({ key: 'RetryTimes', value: '1' });
    const failing = await channel({ name: 'early-error', models: 'claude-retry', priority: 10, model_mapping: '{"claude-retry":"claude-early-error"}' });
    const healthy = await channel({ name: 'healthy', models: 'claude-retry', priority: 0 });
    const { client, userId } = await customer('claude10', 100_000);
    const stream = await client.chat.completions.create({ model: 'claude-retry', stream: true, messages: [{ role: 'user', content: 'Hi' }] });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe('Hello from claude-retry');
    const [log] = await logsOf(userId);
    expect(JSON.parse(log.other).admin_info.use_channel).toEqual([failing, healthy]);
    expect(await quotaOf(userId)).toBe(100_000 - PLAIN_COST);
  });
});
