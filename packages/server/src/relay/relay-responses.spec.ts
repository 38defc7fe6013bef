import OpenAI from 'openai';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_THOUGHT, MockAnthropicUpstream } from '../../test/mock-anthropic-upstream';
import { MOCK_RESPONSES_CALL } from '../../test/mock-openai-responses';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';

const CLAUDE_MODELS = ['claude-resp', 'claude-tool', 'claude-midstream-error'];
const OPENAI_MODELS = ['gpt-resp', 'tool-call'];
const MODELS = [...CLAUDE_MODELS, ...OPENAI_MODELS, 'resp-failover', 'resp-retry'];
/** Ratio 1, completion ratio 5. Anthropic's mock answer (20 input, 10 output tokens) costs 20 + 50. */
const CLAUDE_COST = 70;
/** The OpenAI mock's Responses usage: 8 plain input tokens + 3 cache reads × 0.1 + 7 output × 5 = 43.3, rounded up. */
const OPENAI_COST = 44;

const weatherTool: OpenAI.Responses.FunctionTool = {
  type: 'function',
  name: 'get_weather',
  description: 'Current weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: null,
};

/** The events of an SSE text, each with its name and parsed data. */
function sseEvents(text: string): Array<{ event: string; data: Record<string, any> }> {
  const events: Array<{ event: string; data: Record<string, any> }> = [];
  createParser({ onEvent: (event) => events.push({ event: event.event ?? '', data: JSON.parse(event.data) }) }).feed(text);
  return events;
}

/** The Responses event sequence of an answer of one message whose text came in `deltas` pieces. */
const oneMessage = (deltas: number): string[] => [
  'response.created',
  'response.in_progress',
  'response.output_item.added',
  'response.content_part.added',
  ...Array<string>(deltas).fill('response.output_text.delta'),
  'response.output_text.done',
  'response.content_part.done',
  'response.output_item.done',
  'response.completed',
];

describe('relay: OpenAI Responses API inbound (POST /v1/responses)', () => {
  let f: RelayFixture;
  let anthropic: MockAnthropicUpstream;
  let openai: MockOpenAiUpstream;

  const customer = async (name: string) => f.customer(name, 100_000);
  const raw = (key: string, body: unknown) =>
    fetch(`${f.baseURL}/responses`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const statusesOf = (log: { attempts_log: string }) => JSON.parse(log.attempts_log).map((attempt: { status: number }) => attempt.status);

  beforeAll(async () => {
    anthropic = await new MockAnthropicUpstream().start();
    openai = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 5, channelDefaults: { type: 14, key: 'sk-ant-test', base_url: anthropic.url } });
    await f.admin.put('/api/option/').send({ key: 'RetryTimes', value: '2' });
    await f.channel({ name: 'claude', models: CLAUDE_MODELS.join(',') });
    await f.channel({ name: 'openai', type: 1, key: 'sk-upstream', base_url: openai.url, models: OPENAI_MODELS.join(','), model_mapping: '{"gpt-resp":"gpt-resp-up"}' });
  });
  afterAll(async () => {
    await f.t.close();
    await anthropic.stop();
    await openai.stop();
  });

  describe('an OpenAI channel: passed through natively', () => {
    it('answers the official SDK with OpenAI’s response as it came, sends the body unchanged but for the mapped model, and bills its usage', async () => {
      const { client, userId } = await customer('resp-native-1');
      const request = { model: 'gpt-resp', instructions: 'Be brief.', input: 'Hi', store: true, previous_response_id: 'resp_earlier', metadata: { ticket: '7' } };
      const reply = await client.responses.create(request);
      expect(reply).toMatchObject({ id: expect.stringMatching(/^resp_mock_/), object: 'response', status: 'completed', model: 'gpt-resp-up', previous_response_id: 'resp_earlier' });
      expect(reply.output_text).toBe('Hello from gpt-resp-up');
      expect(openai.seen.at(-1)).toMatchObject({ path: '/v1/responses', authorization: 'Bearer sk-upstream' });
      expect(openai.seen.at(-1)!.body).toEqual({ ...request, model: 'gpt-resp-up' });

      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ type: 2, inbound_format: 'responses', model_name: 'gpt-resp', channel_name: 'openai', prompt_tokens: 11, completion_tokens: 7, cache_read_input_tokens: 3, is_stream: false });
      expect(Number(log.quota)).toBe(OPENAI_COST);
      expect(await f.quotaOf(userId)).toBe(100_000 - OPENAI_COST);
    });

    it('relays the stream event by event as OpenAI sent it, reads the usage from response.completed and bills it', async () => {
      const { key, userId } = await customer('resp-native-2');
      const reply = await raw(key, { model: 'gpt-resp', input: 'Hi', stream: true });
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toContain('text/event-stream');
      const events = sseEvents(await reply.text());
      expect(events.map((event) => event.event)).toEqual(oneMessage(3));
      expect(events.map((event) => event.data.sequence_number)).toEqual(events.map((_, index) => index));
      expect(events.every((event) => event.data.type === event.event)).toBe(true);
      expect(events.at(-1)!.data.response.usage).toMatchObject({ input_tokens: 11, output_tokens: 7 });

      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ inbound_format: 'responses', is_stream: true, prompt_tokens: 11, completion_tokens: 7, cache_read_input_tokens: 3 });
      expect(JSON.parse(log.other).frt).toEqual(expect.any(Number));
      expect(await f.quotaOf(userId)).toBe(100_000 - OPENAI_COST);
    });

    it('runs a function tool round trip with the SDK, streamed and not', async () => {
      const { client, userId } = await customer('resp-native-3');
      const question: OpenAI.Responses.ResponseInputItem = { role: 'user', content: 'Weather in Paris?' };
      const stream = await client.responses.create({ model: 'tool-call', input: [question], tools: [weatherTool], stream: true });
      const types: string[] = [];
      let completed: OpenAI.Responses.Response | undefined;
      for await (const event of stream) {
        types.push(event.type);
        if (event.type === 'response.completed') completed = event.response;
      }
      expect(types).toContain('response.function_call_arguments.delta');
      const call = completed!.output.find((item): item is OpenAI.Responses.ResponseFunctionToolCall => item.type === 'function_call')!;
      expect(call).toMatchObject({ call_id: MOCK_RESPONSES_CALL.call_id, name: 'get_weather', arguments: '{"city":"Paris"}' });

      const second = await client.responses.create({ model: 'tool-call', tools: [weatherTool], input: [question, call, { type: 'function_call_output', call_id: call.call_id, output: '18°C' }] });
      expect(second.output_text).toBe('It is 18°C in Paris.');
      expect((await f.logsOf(userId, 2)).map((log) => [log.inbound_format, log.is_stream])).toEqual([
        ['responses', true],
        ['responses', false],
      ]);
    });

    it('fails over when the stream errors before any output: the client sees one clean stream', async () => {
      await f.channel({ name: 'early-error', type: 1, key: 'sk-upstream', base_url: openai.url, models: 'resp-retry', priority: 10, model_mapping: '{"resp-retry":"resp-early-error"}' });
      const healthy = await f.channel({ name: 'healthy', type: 1, key: 'sk-upstream', base_url: openai.url, models: 'resp-retry', priority: 0 });
      const { key, userId } = await customer('resp-native-4');
      const events = sseEvents(await (await raw(key, { model: 'resp-retry', input: 'Hi', stream: true })).text());
      expect(events.map((event) => event.event)).toEqual(oneMessage(3));
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ channel: healthy, inbound_format: 'responses' });
      expect(statusesOf(log)).toEqual([0, 200]);
    });
  });

  describe('an Anthropic channel: reached through its chat adaptor with the Responses conversion', () => {
    it('answers the SDK in the Responses shape, sends Anthropic’s shape upstream, and bills the upstream usage', async () => {
      const { client, userId } = await customer('resp-claude-1');
      const reply = await client.responses.create({
        model: 'claude-resp',
        instructions: 'Be brief.',
        max_output_tokens: 100,
        store: true,
        input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'https://example.com/paris.jpg', detail: 'auto' }, { type: 'input_text', text: 'Where is it?' }] }],
      });
      expect(reply).toMatchObject({ object: 'response', status: 'completed', model: 'claude-resp', instructions: 'Be brief.', store: false, error: null });
      expect(reply.output).toEqual([{ id: expect.stringMatching(/^msg_/), type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Hello from claude-resp', annotations: [], logprobs: [] }] }]);
      expect(reply.output_text).toBe('Hello from claude-resp');
      expect(reply.usage).toMatchObject({ input_tokens: 20, output_tokens: 10, total_tokens: 30 });
      expect(anthropic.seen.at(-1)!.body).toMatchObject({
        model: 'claude-resp',
        max_tokens: 100,
        system: 'Be brief.',
        messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'https://example.com/paris.jpg' } }, { type: 'text', text: 'Where is it?' }] }],
      });

      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ type: 2, inbound_format: 'responses', channel_name: 'claude', prompt_tokens: 20, completion_tokens: 10, is_stream: false });
      expect(log.request_id.replaceAll('-', '')).toBe(reply.id.slice('resp_'.length));
      expect(Number(log.quota)).toBe(CLAUDE_COST);
      expect(await f.quotaOf(userId)).toBe(100_000 - CLAUDE_COST);
    });

    it('converts the stream into the Responses API’s exact event sequence, numbered, with the usage in response.completed', async () => {
      const { key, userId } = await customer('resp-claude-2');
      const events = sseEvents(await (await raw(key, { model: 'claude-resp', input: 'Hi', stream: true })).text());
      expect(events.map((event) => event.event)).toEqual(oneMessage(3));
      expect(events.map((event) => event.data.sequence_number)).toEqual(events.map((_, index) => index));
      expect(events.every((event) => event.data.type === event.event)).toBe(true);
      expect(events[0].data.response).toMatchObject({ object: 'response', status: 'in_progress', output: [], usage: null });
      expect(events.filter((event) => event.event === 'response.output_text.delta').map((event) => event.data.delta).join('')).toBe('Hello from claude-resp');
      expect(events[2].data).toMatchObject({ output_index: 0, item: { type: 'message', status: 'in_progress', content: [] } });
      expect(events.at(-1)!.data.response).toMatchObject({
        status: 'completed',
        output: [{ type: 'message', status: 'completed', content: [{ type: 'output_text', text: 'Hello from claude-resp' }] }],
        usage: { input_tokens: 20, output_tokens: 10, total_tokens: 30 },
      });
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ inbound_format: 'responses', is_stream: true, prompt_tokens: 20, completion_tokens: 10 });
      expect(JSON.parse(log.other).frt).toEqual(expect.any(Number));
      expect(await f.quotaOf(userId)).toBe(100_000 - CLAUDE_COST);
    });

    it('runs a function tool round trip with the SDK’s stream helper, then a whole reply', async () => {
      const { client, userId } = await customer('resp-claude-3');
      const question: OpenAI.Responses.ResponseInputItem = { role: 'user', content: 'Weather in Paris?' };
      const stream = client.responses.stream({ model: 'claude-tool', input: [question], tools: [weatherTool], tool_choice: 'auto' });
      const deltas: string[] = [];
      stream.on('response.function_call_arguments.delta', (event) => deltas.push(event.delta));
      const first = await stream.finalResponse();
      expect(deltas.join('')).toBe('{"city":"Paris"}');
      expect(first.output.map((item) => item.type)).toEqual(['message', 'function_call']);
      const call = first.output[1] as OpenAI.Responses.ResponseFunctionToolCall;
      expect(call).toMatchObject({ type: 'function_call', status: 'completed', call_id: 'toolu_mock_1', name: 'get_weather', arguments: '{"city":"Paris"}' });
      expect(anthropic.seen.at(-1)!.body.tools).toEqual([{ name: 'get_weather', description: 'Current weather of a city', input_schema: weatherTool.parameters }]);

      const second = await client.responses.create({ model: 'claude-tool', tools: [weatherTool], input: [question, ...(first.output as OpenAI.Responses.ResponseInputItem[]), { type: 'function_call_output', call_id: call.call_id, output: '18°C' }] });
      expect(second.output_text).toBe('It is 18°C in Paris.');
      expect(anthropic.seen.at(-1)!.body.messages).toEqual([
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Let me check.' }, { type: 'tool_use', id: 'toolu_mock_1', name: 'get_weather', input: { city: 'Paris' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_mock_1', content: '18°C' }] },
      ]);
      expect(await f.quotaOf(userId)).toBe(100_000 - 2 * CLAUDE_COST);
    });

    it('asks for thinking from reasoning.effort and streams it back as a reasoning item with its summary', async () => {
      const { key } = await customer('resp-claude-4');
      const events = sseEvents(await (await raw(key, { model: 'claude-resp', input: 'Hi', stream: true, max_output_tokens: 4096, reasoning: { effort: 'low' } })).text());
      expect(anthropic.seen.at(-1)!.body.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
      expect(events.map((event) => event.event).slice(0, 9)).toEqual([
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.reasoning_summary_part.added',
        'response.reasoning_summary_text.delta',
        'response.reasoning_summary_text.done',
        'response.reasoning_summary_part.done',
        'response.output_item.done',
        'response.output_item.added',
      ]);
      expect(events.at(-1)!.data.response.output).toEqual([
        { id: expect.stringMatching(/^rs_/), type: 'reasoning', summary: [{ type: 'summary_text', text: MOCK_THOUGHT }] },
        expect.objectContaining({ type: 'message', content: [expect.objectContaining({ text: 'Hello from claude-resp' })] }),
      ]);
    });

    it('ends a stream broken after its output began with response.failed, numbered in sequence, and bills what was produced', async () => {
      const { key, userId } = await customer('resp-claude-6');
      const events = sseEvents(await (await raw(key, { model: 'claude-midstream-error', input: 'Hi', stream: true })).text());
      expect(events.map((event) => event.event)).toEqual(['response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added', 'response.output_text.delta', 'response.failed']);
      expect(events.map((event) => event.data.sequence_number)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(events.at(-1)!.data.response).toMatchObject({ status: 'failed', error: { code: 'server_error', message: expect.stringContaining('Overloaded') } });
      const [log] = await f.logsOf(userId);
      expect(log.completion_tokens).toBeGreaterThan(0);
      expect(await f.quotaOf(userId)).toBe(100_000 - Number(log.quota));
    });

    it('refuses previous_response_id with a clear 400 in OpenAI’s shape, charging nothing', async () => {
      const { client, userId } = await customer('resp-claude-5');
      const calls = anthropic.seen.length;
      await expect(client.responses.create({ model: 'claude-resp', input: 'And then?', previous_response_id: 'resp_abc' })).rejects.toMatchObject({
        status: 400,
        error: { type: 'invalid_request_error', code: 'previous_response_id_unsupported', message: expect.stringContaining('previous_response_id') },
      });
      expect(anthropic.seen.length).toBe(calls);
      expect(await f.quotaOf(userId)).toBe(100_000);
    });
  });

  it('falls over from a dead-key OpenAI channel to the next one (an Anthropic channel), charging once', async () => {
    const dead = await f.channel({ name: 'dead-openai', type: 1, key: 'sk-dead', base_url: openai.url, models: 'resp-failover', priority: 10, model_mapping: '{"resp-failover":"fail-401"}' });
    const alive = await f.channel({ name: 'alive-claude', models: 'resp-failover', priority: 0 });
    const { client, userId } = await customer('resp-failover');
    const reply = await client.responses.create({ model: 'resp-failover', input: 'Hi' });
    expect(reply.output_text).toBe('Hello from resp-failover');
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, channel: alive, inbound_format: 'responses' });
    expect(statusesOf(log)).toEqual([401, 200]);
    expect(JSON.parse(log.other).admin_info.use_channel).toEqual([dead, alive]);
    expect(await f.quotaOf(userId)).toBe(100_000 - CLAUDE_COST);
  });

  describe('errors in OpenAI’s shape', () => {
    let malformed = 0;

    it('refuses a bad token with 401', async () => {
      const reply = await raw('sk-not-a-token', { model: 'gpt-resp', input: 'Hi' });
      expect(reply.status).toBe(401);
      expect(await reply.json()).toEqual({ error: { message: expect.any(String), type: expect.any(String), code: expect.anything() } });
    });

    it('answers a model no channel serves as chat completions do', async () => {
      const { client, userId } = await customer('resp-error-2');
      await expect(client.responses.create({ model: 'nobody-serves-this', input: 'Hi' })).rejects.toMatchObject({ status: 503, error: { code: 'model_not_found' } });
      expect(await f.quotaOf(userId)).toBe(100_000);
    });

    it.each([
      ['invalid JSON', '{"model":', 'JSON'],
      ['no input', { model: 'claude-resp' }, 'input'],
      ['input of the wrong type', { model: 'claude-resp', input: 42 }, 'input'],
      ['a bad max_output_tokens', { model: 'claude-resp', input: 'Hi', max_output_tokens: -1 }, 'max_output_tokens'],
      ['a hosted tool on a converted channel', { model: 'claude-resp', input: 'Hi', tools: [{ type: 'web_search' }] }, 'web_search'],
      ['an item_reference on a converted channel', { model: 'claude-resp', input: [{ type: 'item_reference', id: 'msg_1' }] }, 'item_reference'],
    ])('refuses a malformed body (%s) with 400 invalid_request_error, charging nothing', async (_what, body, named) => {
      const { key, userId } = await customer(`resp-bad-${++malformed}`);
      const reply = await raw(key, body);
      expect(reply.status).toBe(400);
      expect(await reply.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining(named) } });
      expect(await f.quotaOf(userId)).toBe(100_000);
    });
  });
});
