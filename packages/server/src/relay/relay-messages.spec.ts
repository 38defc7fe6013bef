import Anthropic from '@anthropic-ai/sdk';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_THOUGHT, MockAnthropicUpstream, mockInputTokens, mockThinkingSignature } from '../../test/mock-anthropic-upstream';
import { MockGeminiUpstream } from '../../test/mock-gemini-upstream';
import { MOCK_REASONING, MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { countMessagesTokens } from './inbound/messages-tokens';

const CLAUDE_MODELS = ['claude-mapped', 'claude-cache', 'claude-tool', 'claude-overloaded', 'claude-midstream-error'];
const OPENAI_MODELS = ['gpt-msg', 'tool-call', 'think', 'no-usage'];
const GEMINI_MODELS = ['gemini-msg', 'gemini-msg-tool'];
const MODELS = [...CLAUDE_MODELS, ...OPENAI_MODELS, ...GEMINI_MODELS, 'mixed-failover', 'claude-retry', 'claude-refused'];
/** Ratio 1, completion ratio 5. Anthropic's mock answer (20 input, 10 output tokens) costs 20 + 50. */
const CLAUDE_COST = 70;
/** 100 plain + 1000 cache reads × 0.1 + 200 cache writes × 1.25 + 50 output × 5. */
const CACHE_COST = 700;
/** The OpenAI and Gemini mocks' answer (11 prompt, 7 completion tokens) costs 11 + 35. */
const OPENAI_COST = 46;

const weatherTool = { name: 'get_weather', description: 'Current weather of a city', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] } };
const hi: Anthropic.MessageParam[] = [{ role: 'user', content: 'Hi' }];

/** Anthropic's event sequence of an answer of one text block in `deltas` pieces. */
const oneTextBlock = (deltas: number): string[] => [
  'message_start',
  'ping',
  'content_block_start',
  ...Array<string>(deltas).fill('content_block_delta'),
  'content_block_stop',
  'message_delta',
  'message_stop',
];

/** The events of an SSE text, each with its name and parsed data. */
function sseEvents(text: string): Array<{ event: string; data: Record<string, any> }> {
  const events: Array<{ event: string; data: Record<string, any> }> = [];
  createParser({ onEvent: (event) => events.push({ event: event.event ?? '', data: JSON.parse(event.data) }) }).feed(text);
  return events;
}

describe('relay: Anthropic Messages API inbound (POST /v1/messages, count_tokens, models)', () => {
  let f: RelayFixture;
  let anthropic: MockAnthropicUpstream;
  let openai: MockOpenAiUpstream;
  let gemini: MockGeminiUpstream;
  let origin: string;

  const sdk = (key: string) => new Anthropic({ apiKey: key, baseURL: origin, maxRetries: 0 });
  const customer = async (name: string) => {
    const { key, userId } = await f.customer(name, 100_000);
    return { key, userId, client: sdk(key) };
  };
  const raw = (path: string, key: string, body: unknown) =>
    fetch(`${origin}${path}`, { method: 'POST', headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const statusesOf = (log: { attempts_log: string }) => JSON.parse(log.attempts_log).map((attempt: { status: number }) => attempt.status);

  beforeAll(async () => {
    anthropic = await new MockAnthropicUpstream().start();
    openai = await new MockOpenAiUpstream().start();
    gemini = await new MockGeminiUpstream('gm-key').start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 5, channelDefaults: { type: 14, key: 'sk-ant-test', base_url: anthropic.url } });
    origin = f.baseURL.replace(/\/v1$/, '');
    await f.admin.put('/api/option/').send({ key: 'RetryTimes', value: '2' });
    await f.channel({ name: 'claude', models: [...CLAUDE_MODELS, 'claude-refused'].join(','), model_mapping: '{"claude-mapped":"claude-test"}' });
    await f.channel({ name: 'openai', type: 1, key: 'sk-upstream', base_url: openai.url, models: OPENAI_MODELS.join(',') });
    await f.channel({ name: 'gemini', type: 24, key: 'gm-key', base_url: gemini.url, models: GEMINI_MODELS.join(',') });
  });
  afterAll(async () => {
    await f.t.close();
    await anthropic.stop();
    await openai.stop();
    await gemini.stop();
  });

  describe('an Anthropic channel: passed through natively', () => {
    it('answers the official SDK with Anthropic’s reply as it came, sends the body unchanged but for the mapped model, and bills its usage', async () => {
      const { client, userId } = await customer('msg-native-1');
      const system: Anthropic.TextBlockParam[] = [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }];
      const reply = await client.messages.create({ model: 'claude-mapped', max_tokens: 100, system, messages: hi, metadata: { user_id: 'u-1' } }, { headers: { 'anthropic-beta': 'context-1m-2025-08-07' } });
      expect(reply).toMatchObject({ id: `msg_mock_${anthropic.seen.length}`, type: 'message', model: 'claude-test', content: [{ type: 'text', text: 'Hello from claude-test' }], stop_reason: 'end_turn' });
      expect(reply.usage).toMatchObject({ input_tokens: 20, output_tokens: 10 });

      const seen = anthropic.seen.at(-1)!;
      expect(seen).toMatchObject({ path: '/v1/messages', apiKey: 'sk-ant-test', version: '2026-10-21', beta: 'context-1m-2025-08-07' });
      expect(seen.body).toEqual({ model: 'claude-test', max_tokens: 100, system, messages: hi, metadata: { user_id: 'u-1' } });

      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ type: 2, inbound_format: 'anthropic', model_name: 'claude-mapped', channel_name: 'claude', prompt_tokens: 20, completion_tokens: 10, is_stream: false });
      expect(Number(log.quota)).toBe(CLAUDE_COST);
      expect(await f.quotaOf(userId)).toBe(100_000 - CLAUDE_COST);
    });

    it('relays the stream event by event in Anthropic’s exact sequence, reads cache usage on the way and bills it', async () => {
      const { key, userId } = await customer('msg-native-2');
      const reply = await raw('/v1/messages', key, { model: 'claude-cache', max_tokens: 100, stream: true, messages: hi });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('text/event-stream');
      const events = sseEvents(await reply.text());
      expect(events.map((event) => event.event)).toEqual(oneTextBlock(3));
      expect(events.every((event) => event.data.type === event.event)).toBe(true);
      expect(events[0].data.message).toMatchObject({ id: `msg_mock_${anthropic.seen.length}`, usage: { input_tokens: 100, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 } });
      expect(events.filter((event) => event.event === 'content_block_delta').map((event) => event.data.delta.text).join('')).toBe('Hello from claude-cache');
      expect(events[7].data).toEqual({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 50 } });

      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ inbound_format: 'anthropic', is_stream: true, prompt_tokens: 1300, completion_tokens: 50, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200 });
      expect(JSON.parse(log.other).frt).toEqual(expect.any(Number));
      expect(Number(log.quota)).toBe(CACHE_COST);
      expect(await f.quotaOf(userId)).toBe(100_000 - CACHE_COST);
    });

    it('runs a tool round trip with the SDK, streamed (input_json_delta) and not, and takes the token from Authorization: Bearer too', async () => {
      const { key, userId } = await customer('msg-native-3');
      const client = new Anthropic({ apiKey: null, authToken: key, baseURL: origin, maxRetries: 0 });
      const question: Anthropic.MessageParam = { role: 'user', content: 'Weather in Paris?' };
      const first = await client.messages.stream({ model: 'claude-tool', max_tokens: 100, tools: [weatherTool], tool_choice: { type: 'auto' }, messages: [question] }).finalMessage();
      expect(first.stop_reason).toBe('tool_use');
      const call = first.content.find((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use')!;
      expect(call).toMatchObject({ id: 'toolu_mock_1', name: 'get_weather', input: { city: 'Paris' } });

      const second = await client.messages.create({
        model: 'claude-tool',
        max_tokens: 100,
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '18°C' }] }],
      });
      expect(second.content).toEqual([{ type: 'text', text: 'It is 18°C in Paris.' }]);
      expect((await f.logsOf(userId, 2)).map((log) => log.inbound_format)).toEqual(['anthropic', 'anthropic']);
      expect(await f.quotaOf(userId)).toBe(100_000 - 2 * CLAUDE_COST);
    });

    it('streams signed thinking (thinking_delta, signature_delta) that goes back upstream unchanged, and passes images through', async () => {
      const { client } = await customer('msg-native-4');
      const question: Anthropic.MessageParam = {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/paris.jpg' } },
          { type: 'text', text: 'Weather here?' },
        ],
      };
      const thinking = { type: 'enabled' as const, budget_tokens: 2048 };
      const stream = client.messages.stream({ model: 'claude-tool', max_tokens: 4096, thinking, tools: [weatherTool], messages: [question] });
      const deltas: string[] = [];
      stream.on('streamEvent', (event) => {
        if (event.type === 'content_block_delta') deltas.push(event.delta.type);
      });
      const first = await stream.finalMessage();
      expect(deltas).toEqual(expect.arrayContaining(['thinking_delta', 'signature_delta', 'input_json_delta']));
      expect(first.content[0]).toEqual({ type: 'thinking', thinking: MOCK_THOUGHT, signature: mockThinkingSignature(MOCK_THOUGHT) });
      expect(anthropic.seen.at(-1)!.body.messages[0]).toEqual(question);

      const call = first.content.find((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use')!;
      const second = await client.messages.create({
        model: 'claude-tool',
        max_tokens: 4096,
        thinking,
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '18°C' }] }],
      });
      expect(second.content.at(-1)).toEqual({ type: 'text', text: 'It is 18°C in Paris.' });
    });

    it('counts tokens at Anthropic for the mapped model, free and unlogged', async () => {
      const { client, userId } = await customer('msg-native-5');
      const counted = await client.messages.countTokens({ model: 'claude-mapped', messages: hi });
      expect(counted).toEqual({ input_tokens: mockInputTokens({ messages: hi }) });
      expect(anthropic.seen.at(-1)).toMatchObject({ path: '/v1/messages/count_tokens', body: { model: 'claude-test', messages: hi } });
      expect(await f.quotaOf(userId)).toBe(100_000);
      expect(await f.t.db.query('SELECT id FROM logs WHERE user_id = $1', [userId])).toEqual([]);
    });

    it('fails over when the stream errors before any content: the client sees one clean stream', async () => {
      await f.channel({ name: 'early-error', models: 'claude-retry', priority: 10, model_mapping: '{"claude-retry":"claude-early-error"}' });
      const healthy = await f.channel({ name: 'healthy', models: 'claude-retry', priority: 0 });
      const { key, userId } = await customer('msg-native-6');
      const events = sseEvents(await (await raw('/v1/messages', key, { model: 'claude-retry', max_tokens: 100, stream: true, messages: hi })).text());
      expect(events.filter((event) => event.event === 'message_start')).toHaveLength(1);
      expect(events.at(-1)!.event).toBe('message_stop');
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ channel: healthy, inbound_format: 'anthropic' });
      expect(statusesOf(log)).toEqual([0, 200]);
      expect(await f.quotaOf(userId)).toBe(100_000 - CLAUDE_COST);
    });

    it('ends a stream broken after content with an Anthropic error event, and bills what was produced', async () => {
      const { key, userId } = await customer('msg-native-7');
      const events = sseEvents(await (await raw('/v1/messages', key, { model: 'claude-midstream-error', max_tokens: 100, stream: true, messages: hi })).text());
      expect(events.map((event) => event.event)).toEqual(['message_start', 'ping', 'content_block_start', 'content_block_delta', 'error']);
      expect(events.at(-1)!.data).toEqual({ type: 'error', error: { type: 'api_error', message: expect.stringContaining('Overloaded') } });
      const [log] = await f.logsOf(userId);
      expect(log.prompt_tokens).toBe(20);
      expect(log.completion_tokens).toBeGreaterThan(0);
      expect(await f.quotaOf(userId)).toBe(100_000 - Number(log.quota));
    });
  });

  describe('an OpenAI channel: reached through its chat adaptor with the Messages conversion', () => {
    it('answers the SDK in Anthropic’s shape, sends OpenAI’s shape upstream, and bills the upstream usage', async () => {
      const { client, userId } = await customer('msg-openai-1');
      const reply = await client.messages.create({ model: 'gpt-msg', max_tokens: 100, system: 'Be brief.', messages: hi });
      expect(reply).toMatchObject({ type: 'message', role: 'assistant', model: 'gpt-msg', content: [{ type: 'text', text: 'Hello from gpt-msg' }], stop_reason: 'end_turn', stop_sequence: null });
      expect(reply.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(reply.usage).toMatchObject({ input_tokens: 11, output_tokens: 7, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
      expect(openai.seen.at(-1)).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-upstream' });
      expect(openai.seen.at(-1)!.body).toEqual({ model: 'gpt-msg', max_completion_tokens: 100, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] });

      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ type: 2, inbound_format: 'anthropic', channel_name: 'openai', prompt_tokens: 11, completion_tokens: 7, is_stream: false });
      expect(log.request_id.replaceAll('-', '')).toBe(reply.id.slice('msg_'.length));
      expect(Number(log.quota)).toBe(OPENAI_COST);
      expect(await f.quotaOf(userId)).toBe(100_000 - OPENAI_COST);
    });

    it('converts the stream into Anthropic’s exact event sequence, with the usage in message_delta, and bills it', async () => {
      const { key, userId } = await customer('msg-openai-2');
      const events = sseEvents(await (await raw('/v1/messages', key, { model: 'gpt-msg', max_tokens: 100, stream: true, messages: hi })).text());
      expect(events.map((event) => event.event)).toEqual(oneTextBlock(3));
      expect(events[2].data).toEqual({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      expect(events.slice(3, 6).map((event) => event.data.delta)).toEqual([
        { type: 'text_delta', text: 'Hello' },
        { type: 'text_delta', text: ' from' },
        { type: 'text_delta', text: ' gpt-msg' },
      ]);
      expect(events[7].data).toEqual({
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { input_tokens: 11, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 7 },
      });
      expect(openai.seen.at(-1)!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });

      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ inbound_format: 'anthropic', is_stream: true, prompt_tokens: 11, completion_tokens: 7 });
      expect(JSON.parse(log.other).frt).toEqual(expect.any(Number));
      expect(await f.quotaOf(userId)).toBe(100_000 - OPENAI_COST);
    });

    it('runs a tool round trip with the SDK: tool_calls as tool_use (streamed as input_json_delta), tool_result back as a tool message', async () => {
      const { client } = await customer('msg-openai-3');
      const question: Anthropic.MessageParam = { role: 'user', content: 'Weather in Paris?' };
      const stream = client.messages.stream({ model: 'tool-call', max_tokens: 100, tools: [weatherTool], tool_choice: { type: 'any' }, messages: [question] });
      const jsonPieces: string[] = [];
      stream.on('inputJson', (piece) => jsonPieces.push(piece));
      const first = await stream.finalMessage();
      expect(openai.seen.at(-1)!.body).toMatchObject({
        tools: [{ type: 'function', function: { name: 'get_weather', description: weatherTool.description, parameters: weatherTool.input_schema } }],
        tool_choice: 'required',
      });
      expect(first.stop_reason).toBe('tool_use');
      expect(first.content).toEqual([
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_use', id: 'call_mock_1', name: 'get_weather', input: { city: 'Paris' } },
      ]);
      expect(jsonPieces).toEqual(['{"city"', ':"Paris"}']);

      const second = await client.messages.create({
        model: 'tool-call',
        max_tokens: 100,
        tools: [weatherTool],
        messages: [question, { role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_mock_1', content: '18°C' }] }],
      });
      expect(second.content).toEqual([{ type: 'text', text: 'It is 18°C in Paris.' }]);
      expect(openai.seen.at(-1)!.body.messages.slice(1)).toEqual([
        { role: 'assistant', content: 'Let me check.', tool_calls: [{ id: 'call_mock_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'call_mock_1', content: '18°C' },
      ]);

      const whole = await client.messages.create({ model: 'tool-call', max_tokens: 100, tools: [weatherTool], messages: [question] });
      expect(whole.stop_reason).toBe('tool_use');
      expect(whole.content[1]).toEqual({ type: 'tool_use', id: 'call_mock_1', name: 'get_weather', input: { city: 'Paris' } });
    });

    it('streams reasoning as a thinking block, asks for it as reasoning_effort, and sends images as image_url parts', async () => {
      const { client } = await customer('msg-openai-4');
      const stream = client.messages.stream({
        model: 'think',
        max_tokens: 4096,
        thinking: { type: 'enabled', budget_tokens: 4000 },
        messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }, { type: 'text', text: 'What is it?' }] }],
      });
      const message = await stream.finalMessage();
      expect(message.content).toEqual([
        { type: 'thinking', thinking: MOCK_REASONING.join(''), signature: '' },
        { type: 'text', text: 'Hello from think' },
      ]);
      expect(openai.seen.at(-1)!.body).toMatchObject({
        reasoning_effort: 'medium',
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }, { type: 'text', text: 'What is it?' }] }],
      });
    });

    it('counts the tokens of a stream whose upstream reports no usage, for the client and the bill alike', async () => {
      const { key, userId } = await customer('msg-openai-5');
      const events = sseEvents(await (await raw('/v1/messages', key, { model: 'no-usage', max_tokens: 100, stream: true, messages: hi })).text());
      const usage = events.find((event) => event.event === 'message_delta')!.data.usage;
      const [log] = await f.logsOf(userId);
      expect(usage).toMatchObject({ input_tokens: log.prompt_tokens, output_tokens: log.completion_tokens });
      expect(log.prompt_tokens).toBe(countMessagesTokens({ messages: hi }));
      expect(log.completion_tokens).toBeGreaterThan(0);
    });

    it('counts tokens with the relay’s tokenizer when no channel of the model speaks the Messages API', async () => {
      const { client } = await customer('msg-openai-6');
      const body = { model: 'gpt-msg', system: 'Be brief.', messages: hi };
      const calls = openai.seen.length;
      expect(await client.messages.countTokens(body)).toEqual({ input_tokens: countMessagesTokens(body) });
      expect(openai.seen.length).toBe(calls);
    });
  });

  describe('a Gemini channel: reached through the Gemini chat adaptor with the same conversion', () => {
    it('answers the SDK streamed and not, tool calls included, and bills Gemini’s usage', async () => {
      const { client, userId } = await customer('msg-gemini');
      const whole = await client.messages.create({ model: 'gemini-msg', max_tokens: 100, system: 'Be brief.', messages: hi });
      expect(whole).toMatchObject({ model: 'gemini-msg', content: [{ type: 'text', text: 'Hello from gemini-msg' }], stop_reason: 'end_turn', usage: { input_tokens: 11, output_tokens: 7 } });
      expect(gemini.seen.at(-1)!.body).toMatchObject({ systemInstruction: { parts: [{ text: 'Be brief.' }] }, contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });

      const streamed = await client.messages.stream({ model: 'gemini-msg', max_tokens: 100, messages: hi }).finalMessage();
      expect(streamed.content).toEqual([{ type: 'text', text: 'Hello from gemini-msg' }]);
      expect(streamed.usage).toMatchObject({ input_tokens: 11, output_tokens: 7 });

      const tool = await client.messages.stream({ model: 'gemini-msg-tool', max_tokens: 100, tools: [weatherTool], messages: [{ role: 'user', content: 'Weather in Paris?' }] }).finalMessage();
      expect(tool.stop_reason).toBe('tool_use');
      expect(tool.content).toEqual([{ type: 'tool_use', id: expect.any(String), name: 'get_weather', input: { city: 'Paris' } }]);

      const logs = await f.logsOf(userId, 3);
      expect(logs.map((log) => [log.inbound_format, log.is_stream, log.channel_name])).toEqual([
        ['anthropic', false, 'gemini'],
        ['anthropic', true, 'gemini'],
        ['anthropic', true, 'gemini'],
      ]);
      expect(await f.quotaOf(userId)).toBe(100_000 - 3 * OPENAI_COST);
    });
  });

  it('falls over from a dead-key Anthropic channel to the next one (an OpenAI channel), charging once', async () => {
    const dead = await f.channel({ name: 'dead-claude', models: 'mixed-failover', priority: 10, key: 'sk-ant-dead' });
    const alive = await f.channel({ name: 'alive-openai', type: 1, key: 'sk-upstream', base_url: openai.url, models: 'mixed-failover', priority: 0 });
    const { client, userId } = await customer('msg-failover');
    const reply = await client.messages.create({ model: 'mixed-failover', max_tokens: 100, messages: hi });
    expect(reply.content).toEqual([{ type: 'text', text: 'Hello from mixed-failover' }]);
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, channel: alive, inbound_format: 'anthropic' });
    expect(statusesOf(log)).toEqual([401, 200]);
    expect(JSON.parse(log.other).admin_info.use_channel).toEqual([dead, alive]);
    expect(await f.quotaOf(userId)).toBe(100_000 - OPENAI_COST);
  });

  describe('errors in Anthropic’s shape', () => {
    it('refuses a bad token with 401 authentication_error, whichever header carries it', async () => {
      await expect(sdk('sk-not-a-token').messages.create({ model: 'claude-mapped', max_tokens: 10, messages: hi })).rejects.toMatchObject({
        status: 401,
        error: { type: 'error', error: { type: 'authentication_error', message: expect.any(String) } },
      });
      const reply = await fetch(`${origin}/v1/messages`, { method: 'POST', headers: { authorization: 'Bearer sk-nope', 'content-type': 'application/json' }, body: '{}' });
      expect(reply.status).toBe(401);
      expect(await reply.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    });

    it('answers a model no channel serves with 404 not_found_error, which Anthropic’s clients do not retry', async () => {
      const { client, userId } = await customer('msg-error-2');
      await expect(client.messages.create({ model: 'nobody-serves-this', max_tokens: 10, messages: hi })).rejects.toMatchObject({
        status: 404,
        error: { type: 'error', error: { type: 'not_found_error', message: expect.stringContaining('nobody-serves-this') } },
      });
      expect(await f.quotaOf(userId)).toBe(100_000);
    });

    it('answers an upstream that keeps failing with 502 api_error, and refunds', async () => {
      const { client, userId } = await customer('msg-error-3');
      await expect(client.messages.create({ model: 'claude-overloaded', max_tokens: 10, messages: hi })).rejects.toMatchObject({
        status: 502,
        error: { type: 'error', error: { type: 'api_error', message: expect.stringContaining('HTTP 529') } },
      });
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ type: 5, status_code: 502, inbound_format: 'anthropic' });
      expect(await f.quotaOf(userId)).toBe(100_000);
    });

    it('passes the upstream’s refusal of the request on as invalid_request_error', async () => {
      const { client } = await customer('msg-error-4');
      await expect(
        client.messages.create({ model: 'claude-refused', max_tokens: 10, messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_unknown', content: 'x' }] }] }),
      ).rejects.toMatchObject({ status: 400, error: { type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('toolu_unknown') } } });
    });

    it.each([
      ['invalid JSON', '{"model":', 'JSON'],
      ['no max_tokens', { model: 'claude-mapped', messages: [{ role: 'user', content: 'Hi' }] }, 'max_tokens'],
      ['no messages', { model: 'claude-mapped', max_tokens: 10, messages: [] }, 'messages'],
      ['no model', { max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] }, 'model'],
      ['a server tool on an OpenAI channel', { model: 'gpt-msg', max_tokens: 10, tools: [{ type: 'web_search_20250305', name: 'web_search' }], messages: [{ role: 'user', content: 'Hi' }] }, 'web_search'],
    ])('refuses a malformed body (%s) with 400 invalid_request_error', async (_what, body, named) => {
      const { key, userId } = await customer(`msg-bad-${named.replace(/\W/g, '')}`);
      const reply = await raw('/v1/messages', key, body);
      expect(reply.status).toBe(400);
      expect(await reply.json()).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining(named) } });
      expect(await f.quotaOf(userId)).toBe(100_000);
    });
  });

  it('lists models in Anthropic’s shape when the caller sends anthropic-version, in OpenAI’s otherwise', async () => {
    const { key, client } = await customer('msg-models');
    const ids: string[] = [];
    for await (const model of client.models.list({ limit: 3 })) {
      expect(model).toMatchObject({ type: 'model', display_name: model.id, created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
      ids.push(model.id);
    }
    expect(ids).toEqual(expect.arrayContaining(['claude-mapped', 'gpt-msg', 'tool-call']));
    expect(new Set(ids).size).toBe(ids.length);
    const plain = await fetch(`${origin}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(await plain.json()).toMatchObject({ object: 'list', data: expect.arrayContaining([expect.objectContaining({ id: 'gpt-msg', object: 'model' })]) });
    const refused = await fetch(`${origin}/v1/models`, { headers: { 'x-api-key': 'sk-wrong', 'anthropic-version': '2023-06-01' } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
  });

  it('records chat completions as the openai format', async () => {
    const { client, userId } = await f.customer('msg-chat', 100_000);
    const reply = await client.chat.completions.create({ model: 'gpt-msg', messages: [{ role: 'user', content: 'Hi' }] });
    expect(reply.choices[0].message.content).toBe('Hello from gpt-msg');
    const [log] = await f.logsOf(userId);
    expect(log.inbound_format).toBe('openai');
  });
});
