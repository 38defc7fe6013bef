import { type GenerateContentResponse, GoogleGenAI } from '@google/genai';
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockAnthropicUpstream } from '../../test/mock-anthropic-upstream';
import { MockGeminiUpstream } from '../../test/mock-gemini-upstream';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, readChatStream, startRelayFixture } from '../../test/relay-fixture';

/**
 * The cells of issue 13's client matrix that the per-format specs (relay-messages, relay-responses,
 * relay-gemini-inbound) leave out: each official client, unchanged, against a channel of each kind.
 * Ratio 1, completion ratio 2.
 */
const CHANNELS = {
  anthropic: { name: 'claude', model: 'claude-oc', prompt: 20, completion: 10, cost: 20 + 10 * 2 },
  openai: { name: 'openai', model: 'gpt-oc', prompt: 11, completion: 7, cost: 11 + 7 * 2 },
  gemini: { name: 'gemini', model: 'gemini-oc', prompt: 11, completion: 7, cost: 11 + 7 * 2 },
};
type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

describe('relay: the official clients, unchanged, against Anthropic, OpenAI and Gemini channels', () => {
  let f: RelayFixture;
  let anthropic: MockAnthropicUpstream;
  let openai: MockOpenAiUpstream;
  let gemini: MockGeminiUpstream;

  /** The one log row of a user's call, checked against the channel that answered it. */
  const expectLogged = async (userId: number, channel: Channel, inbound: string, stream: boolean) => {
    const [log] = await f.logsOf(userId);
    expect(log).toMatchObject({ type: 2, inbound_format: inbound, channel_name: channel.name, model_name: channel.model, is_stream: stream, prompt_tokens: channel.prompt, completion_tokens: channel.completion });
    expect(Number(log.quota)).toBe(channel.cost);
    expect(await f.quotaOf(userId)).toBe(100_000 - channel.cost);
  };

  beforeAll(async () => {
    anthropic = await new MockAnthropicUpstream().start();
    openai = await new MockOpenAiUpstream().start();
    gemini = await new MockGeminiUpstream('gm-key').start();
    f = await startRelayFixture({ models: Object.values(CHANNELS).map((channel) => channel.model), completionRatio: 2, channelDefaults: {} });
    await f.channel({ name: 'claude', type: 14, key: 'sk-ant-test', base_url: anthropic.url, models: CHANNELS.anthropic.model });
    await f.channel({ name: 'openai', type: 1, key: 'sk-upstream', base_url: openai.url, models: CHANNELS.openai.model });
    await f.channel({ name: 'gemini', type: 24, key: 'gm-key', base_url: gemini.url, models: CHANNELS.gemini.model });
  });
  afterAll(async () => {
    await f.t.close();
    await anthropic.stop();
    await openai.stop();
    await gemini.stop();
  });

  describe('openai: chat.completions.create', () => {
    it.each(Object.entries(CHANNELS))('answers on the %s channel', async (kind, channel) => {
      const { client, userId } = await f.customer(`oc-chat-${kind}`, 100_000);
      const reply = await client.chat.completions.create({ model: channel.model, messages: [{ role: 'user', content: 'Hi' }] });
      expect(reply.choices[0]).toMatchObject({ message: { role: 'assistant', content: `Hello from ${channel.model}` }, finish_reason: 'stop' });
      expect(reply.usage).toMatchObject({ prompt_tokens: channel.prompt, completion_tokens: channel.completion });
      await expectLogged(userId, channel, 'openai', false);
    });

    it.each(Object.entries(CHANNELS))('streams on the %s channel, with the usage chunk', async (kind, channel) => {
      const { client, userId } = await f.customer(`oc-chat-s-${kind}`, 100_000);
      const stream = await client.chat.completions.create({ model: channel.model, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Hi' }] });
      const { text, finish, usage } = await readChatStream(stream);
      expect(text).toBe(`Hello from ${channel.model}`);
      expect(finish).toBe('stop');
      expect(usage).toMatchObject({ prompt_tokens: channel.prompt, completion_tokens: channel.completion });
      await expectLogged(userId, channel, 'openai', true);
    });
  });

  describe('openai: responses.create on the Gemini channel', () => {
    const channel = CHANNELS.gemini;

    it('answers', async () => {
      const { client, userId } = await f.customer('oc-resp-gemini', 100_000);
      const reply = await client.responses.create({ model: channel.model, instructions: 'Be brief.', input: 'Hi' });
      expect(reply).toMatchObject({ object: 'response', status: 'completed', model: channel.model });
      expect(reply.output_text).toBe(`Hello from ${channel.model}`);
      expect(reply.usage).toMatchObject({ input_tokens: channel.prompt, output_tokens: channel.completion });
      expect(gemini.seen.at(-1)!.body).toMatchObject({ systemInstruction: { parts: [{ text: 'Be brief.' }] }, contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });
      await expectLogged(userId, channel, 'responses', false);
    });

    it('streams, with the usage in response.completed', async () => {
      const { client, userId } = await f.customer('oc-resp-s-gemini', 100_000);
      const stream = await client.responses.create({ model: channel.model, input: 'Hi', stream: true });
      let text = '';
      let completed: OpenAI.Responses.Response | undefined;
      for await (const event of stream) {
        if (event.type === 'response.output_text.delta') text += event.delta;
        if (event.type === 'response.completed') completed = event.response;
      }
      expect(text).toBe(`Hello from ${channel.model}`);
      expect(completed!.output).toEqual([expect.objectContaining({ type: 'message', content: [expect.objectContaining({ type: 'output_text', text })] })]);
      expect(completed!.usage).toMatchObject({ input_tokens: channel.prompt, output_tokens: channel.completion });
      await expectLogged(userId, channel, 'responses', true);
    });
  });

  describe('@google/genai on the Anthropic channel', () => {
    const channel = CHANNELS.anthropic;
    const sdk = (apiKey: string) => new GoogleGenAI({ apiKey, httpOptions: { baseUrl: f.baseURL.replace(/\/v1$/, '') } });

    it('answers generateContent', async () => {
      const { key, userId } = await f.customer('oc-genai-claude', 100_000);
      const reply = await sdk(key).models.generateContent({ model: channel.model, contents: 'Hi', config: { systemInstruction: 'Be brief.', maxOutputTokens: 100 } });
      expect(reply.text).toBe(`Hello from ${channel.model}`);
      expect(reply.candidates![0].finishReason).toBe('STOP');
      expect(reply.usageMetadata).toMatchObject({ promptTokenCount: channel.prompt, candidatesTokenCount: channel.completion });
      expect(anthropic.seen.at(-1)!.body).toMatchObject({ model: channel.model, max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
      await expectLogged(userId, channel, 'gemini', false);
    });

    it('streams generateContentStream, with the usage in the last chunk', async () => {
      const { key, userId } = await f.customer('oc-genai-s-claude', 100_000);
      const stream = await sdk(key).models.generateContentStream({ model: channel.model, contents: 'Hi' });
      let text = '';
      let last: GenerateContentResponse | undefined;
      for await (const chunk of stream) {
        text += chunk.text ?? '';
        last = chunk;
      }
      expect(text).toBe(`Hello from ${channel.model}`);
      expect(last!.candidates![0].finishReason).toBe('STOP');
      expect(last!.usageMetadata).toMatchObject({ promptTokenCount: channel.prompt, candidatesTokenCount: channel.completion });
      await expectLogged(userId, channel, 'gemini', true);
    });
  });
});
