import { type Content, type FunctionDeclaration, GoogleGenAI, Type } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCK_THOUGHT_SIGNATURE, MockGeminiUpstream } from '../../test/mock-gemini-upstream';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';

/** Ratio 1 and completion ratio 2: a mock answer (11 prompt + 7 completion tokens) costs 11 + 14 = 25, on either mock. */
const MOCK_COST = 25;
/** With Gemini's 5 thinking tokens billed as completion: 11 + (7 + 5) × 2 = 35. */
const THINKING_COST = 35;
const MODELS = ['gemini-test', 'gemini-flash', 'gemini-test-think', 'gemini-test-tool', 'gemini-test-cut', 'gemini-retry', 'gpt-test', 'tool-call', 'think'];

const weather: FunctionDeclaration = {
  name: 'get_weather',
  description: 'Current weather of a city',
  parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] },
};

describe('relay (integration, Gemini inbound: @google/genai against Gemini and OpenAI channels)', () => {
  let f: RelayFixture;
  let gemini: MockGeminiUpstream;
  let openai: MockOpenAiUpstream;
  /** The gateway's root, as Google's SDK takes it (it adds /v1beta itself). */
  let root: string;

  const sdk = (apiKey: string) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: root } });

  beforeAll(async () => {
    gemini = await new MockGeminiUpstream('gm-key').start();
    openai = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: MODELS, completionRatio: 2, channelDefaults: { type: 24, key: 'gm-key', base_url: gemini.url } });
    root = f.baseURL.replace(/\/v1$/, '');
    await f.channel({ name: 'gemini', models: 'gemini-test,gemini-flash,gemini-test-think,gemini-test-tool,gemini-test-cut', model_mapping: '{"gemini-flash":"gemini-2.5-flash"}' });
    await f.channel({ name: 'openai', type: 1, key: 'sk-openai', base_url: openai.url, models: 'gpt-test,tool-call,think' });
  });
  afterAll(async () => {
    await f.t.close();
    await gemini.stop();
    await openai.stop();
  });

  describe('on a Gemini channel (native)', () => {
    it('passes generateContent through with the mapped model and bills usageMetadata', async () => {
      const { key, userId } = await f.customer('gin1', 100_000);
      const reply = await sdk(key).models.generateContent({
        model: 'gemini-flash',
        contents: 'hi',
        config: { systemInstruction: 'Be brief.', temperature: 0.3, maxOutputTokens: 100 },
      });
      expect(reply.text).toBe('Hello from gemini-2.5-flash');
      expect(reply.usageMetadata).toMatchObject({ promptTokenCount: 11, candidatesTokenCount: 7, totalTokenCount: 18 });
      const seen = gemini.seen.at(-1)!;
      expect(seen).toMatchObject({ path: '/v1beta/models/gemini-2.5-flash:generateContent', apiKey: 'gm-key' });
      // The body as the SDK wrote it: nothing added, nothing converted.
      expect(seen.body).toEqual({
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        systemInstruction: { role: 'user', parts: [{ text: 'Be brief.' }] },
        generationConfig: { temperature: 0.3, maxOutputTokens: 100 },
      });
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ type: 2, inbound_format: 'gemini', model_name: 'gemini-flash', channel_name: 'gemini', prompt_tokens: 11, completion_tokens: 7, is_stream: false });
      expect(Number(log.quota)).toBe(MOCK_COST);
      expect(await f.quotaOf(userId)).toBe(100_000 - MOCK_COST);
    });

    it('relays a stream event by event and bills the thinking tokens', async () => {
      const { key, userId } = await f.customer('gin2', 100_000);
      const stream = await sdk(key).models.generateContentStream({ model: 'gemini-test-think', contents: 'hi' });
      let text = '';
      let thought = '';
      let events = 0;
      let last: any;
      for await (const chunk of stream) {
        events += 1;
        for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
          if (part.thought) thought += part.text ?? '';
          else text += part.text ?? '';
        }
        last = chunk;
      }
      expect(events).toBe(4);
      expect(thought).toBe('The user greets me.');
      expect(text).toBe('Hello from gemini-test-think');
      expect(last.candidates[0].finishReason).toBe('STOP');
      expect(last.usageMetadata).toMatchObject({ thoughtsTokenCount: 5, candidatesTokenCount: 7 });
      expect(gemini.seen.at(-1)!.path).toBe('/v1beta/models/gemini-test-think:streamGenerateContent?alt=sse');
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ inbound_format: 'gemini', is_stream: true, prompt_tokens: 11, completion_tokens: 12 });
      expect(Number(log.quota)).toBe(THINKING_COST);
      expect(await f.quotaOf(userId)).toBe(100_000 - THINKING_COST);
    });

    it('runs a function-calling round trip with the thought signature kept', async () => {
      const { key } = await f.customer('gin3', 100_000);
      const ai = sdk(key);
      const question: Content = { role: 'user', parts: [{ text: 'Weather in Paris?' }] };
      const config = { tools: [{ functionDeclarations: [weather] }] };
      const first = await ai.models.generateContent({ model: 'gemini-test-tool', contents: [question], config });
      expect(first.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
      const answer: Content = { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp_c: 18 } } }] };
      const second = await ai.models.generateContent({ model: 'gemini-test-tool', contents: [question, first.candidates![0].content!, answer], config });
      expect(second.text).toBe('It is 18 degrees in Paris');
      expect(gemini.seen.at(-1)!.body.contents[1].parts[0].thoughtSignature).toBe(MOCK_THOUGHT_SIGNATURE);
    });

    it("ends a stream Google cut with an error event in Google's shape, and bills what was produced", async () => {
      const { key, userId } = await f.customer('gin11', 100_000);
      const reply = await fetch(`${root}/v1beta/models/gemini-test-cut:streamGenerateContent?alt=sse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': key },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
      });
      expect(reply.headers.get('content-type')).toContain('text/event-stream');
      const events = (await reply.text()).split('\r\n\r\n').filter(Boolean).map((event) => JSON.parse(event.replace(/^data: /, '')));
      expect(events.slice(0, 2).map((event) => event.candidates[0].content.parts[0].text)).toEqual(['Hello', ' from']);
      expect(events.at(-1)).toEqual({ error: { code: 500, message: expect.any(String), status: 'INTERNAL' } });
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ inbound_format: 'gemini', is_stream: true });
      expect(log.completion_tokens).toBeGreaterThan(0);
      expect(await f.quotaOf(userId)).toBe(100_000 - Number(log.quota));
    });

    it('falls over from a channel whose key Google refuses', async () => {
      await f.admin.put('/api/option/').send({ key: 'RetryTimes', value: '1' });
      const dead = await f.channel({ name: 'gemini-dead', key: 'AIza-revoked', models: 'gemini-retry', priority: 10, model_mapping: '{"gemini-retry":"gemini-test"}' });
      const healthy = await f.channel({ name: 'gemini-healthy', models: 'gemini-retry', priority: 0, model_mapping: '{"gemini-retry":"gemini-test"}' });
      const { key, userId } = await f.customer('gin4', 100_000);
      const stream = await sdk(key).models.generateContentStream({ model: 'gemini-retry', contents: 'hi' });
      let text = '';
      for await (const chunk of stream) text += chunk.text ?? '';
      expect(text).toBe('Hello from gemini-test');
      const [log] = await f.logsOf(userId);
      expect(JSON.parse(log.other).admin_info.use_channel).toEqual([dead, healthy]);
      expect(await f.quotaOf(userId)).toBe(100_000 - MOCK_COST);
    });
  });

  describe('on an OpenAI channel (converted)', () => {
    it('answers generateContent through chat completions and bills the usage', async () => {
      const { key, userId } = await f.customer('gin5', 100_000);
      const reply = await sdk(key).models.generateContent({
        model: 'gpt-test',
        contents: 'hi',
        config: { systemInstruction: 'Be brief.', temperature: 0.3, maxOutputTokens: 100, stopSequences: ['END'] },
      });
      expect(reply.text).toBe('Hello from gpt-test');
      expect(reply.candidates![0].finishReason).toBe('STOP');
      expect(reply.usageMetadata).toMatchObject({ promptTokenCount: 11, candidatesTokenCount: 7, totalTokenCount: 18 });
      expect(openai.seen.at(-1)!.body).toEqual({
        model: 'gpt-test',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'hi' },
        ],
        temperature: 0.3,
        max_completion_tokens: 100,
        stop: ['END'],
      });
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ inbound_format: 'gemini', channel_name: 'openai', prompt_tokens: 11, completion_tokens: 7, is_stream: false });
      expect(await f.quotaOf(userId)).toBe(100_000 - MOCK_COST);
    });

    it('streams the answer as GenerateContentResponses with the usage in the last', async () => {
      const { key, userId } = await f.customer('gin6', 100_000);
      const stream = await sdk(key).models.generateContentStream({ model: 'think', contents: 'hi' });
      let text = '';
      let thought = '';
      let last: any;
      for await (const chunk of stream) {
        for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
          if (part.thought) thought += part.text ?? '';
          else text += part.text ?? '';
        }
        last = chunk;
      }
      expect(thought).toBe('Thinking it over.');
      expect(text).toBe('Hello from think');
      expect(last.candidates[0].finishReason).toBe('STOP');
      expect(last.usageMetadata).toMatchObject({ promptTokenCount: 11, candidatesTokenCount: 7, totalTokenCount: 18 });
      expect(openai.seen.at(-1)!.body).toMatchObject({ model: 'think', stream: true, stream_options: { include_usage: true } });
      const [log] = await f.logsOf(userId);
      expect(log).toMatchObject({ inbound_format: 'gemini', is_stream: true, prompt_tokens: 11, completion_tokens: 7 });
      expect(await f.quotaOf(userId)).toBe(100_000 - MOCK_COST);
    });

    it('runs a function-calling round trip: tool_calls out as functionCall, functionResponse back as a tool message', async () => {
      const { key } = await f.customer('gin7', 100_000);
      const ai = sdk(key);
      const question: Content = { role: 'user', parts: [{ text: 'Weather in Paris?' }] };
      const config = { tools: [{ functionDeclarations: [weather] }], toolConfig: { functionCallingConfig: { mode: 'AUTO' as any } } };
      const stream = await ai.models.generateContentStream({ model: 'tool-call', contents: [question], config });
      const parts: any[] = [];
      for await (const chunk of stream) parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
      expect(openai.seen.at(-1)!.body).toMatchObject({
        tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
        tool_choice: 'auto',
      });
      const call = parts.find((part) => part.functionCall)!.functionCall;
      expect(call).toEqual({ id: 'call_mock_1', name: 'get_weather', args: { city: 'Paris' } });

      const model: Content = { role: 'model', parts: parts.filter((part) => part.text || part.functionCall) };
      const answer: Content = { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { temp: '18°C' } } }] };
      const second = await ai.models.generateContent({ model: 'tool-call', contents: [question, model, answer], config });
      expect(second.text).toBe('It is {"temp":"18°C"} in Paris.');
      expect(openai.seen.at(-1)!.body.messages.slice(1)).toEqual([
        { role: 'assistant', content: 'Let me check.', tool_calls: [{ id: 'call_mock_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: 'call_mock_1', content: '{"temp":"18°C"}' },
      ]);
    });
  });

  describe('keys, errors and the other stream form', () => {
    it('takes the key from ?key=, with or without sk-, and streams a JSON array without alt=sse', async () => {
      const { key, userId } = await f.customer('gin8', 100_000);
      const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
      const whole = await fetch(`${root}/v1beta/models/gemini-test:generateContent?key=${key.replace(/^sk-/, '')}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(whole.status).toBe(200);
      expect(((await whole.json()) as any).candidates[0].content.parts.map((part: any) => part.text).join('')).toBe('Hello from gemini-test');

      const array = await fetch(`${root}/v1beta/models/gpt-test:streamGenerateContent?key=${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(array.headers.get('content-type')).toContain('application/json');
      const events = JSON.parse(await array.text());
      expect(events.map((event: any) => event.candidates[0].content.parts.map((part: any) => part.text).join('')).join('')).toBe('Hello from gpt-test');
      expect(events.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { totalTokenCount: 18 } });
      expect((await f.logsOf(userId, 2)).map((log) => log.inbound_format)).toEqual(['gemini', 'gemini']);
    });

    it("lists the token's models in Gemini's shape, paged, with the key in the header or the query", async () => {
      const { key } = await f.customer('gin10', 100_000, { model_limits_enabled: true, model_limits: 'gemini-test,gpt-test,think' });
      const names: string[] = [];
      const pager = await sdk(key).models.list({ config: { pageSize: 2 } });
      for await (const model of pager) {
        expect(model.supportedActions).toEqual(['generateContent', 'streamGenerateContent']);
        names.push(model.name!);
      }
      expect(names).toEqual(['models/gemini-test', 'models/gpt-test', 'models/think']);
      const byQuery = await fetch(`${root}/v1beta/models?key=${key}&pageSize=1&pageToken=models/gemini-test`);
      expect(await byQuery.json()).toEqual({ models: [{ name: 'models/gpt-test', displayName: 'gpt-test', supportedGenerationMethods: ['generateContent', 'streamGenerateContent'] }], nextPageToken: 'models/gpt-test' });
      const refused = await fetch(`${root}/v1beta/models`);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as any).error.status).toBe('UNAUTHENTICATED');
    });

    it("answers a bad token and an unknown model in Google's error shape, charging nothing", async () => {
      await expect(sdk('sk-not-a-token').models.generateContent({ model: 'gemini-test', contents: 'hi' })).rejects.toMatchObject({
        status: 401,
        message: expect.stringContaining('"status":"UNAUTHENTICATED"'),
      });
      const { key, userId } = await f.customer('gin9', 100_000);
      const missing = await fetch(`${root}/v1beta/models/no-such-model:generateContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': key },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
      });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: { code: 404, message: expect.stringContaining('no-such-model'), status: 'NOT_FOUND' } });
      const empty = await fetch(`${root}/v1beta/models/gemini-test:generateContent`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-goog-api-key': key }, body: '{"contents":[]}' });
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as any).error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(await f.quotaOf(userId)).toBe(100_000);
    });
  });
});
