import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockAnthropicUpstream } from '../../test/mock-anthropic-upstream';
import { BEDROCK_TEST_ACCESS_KEY, BEDROCK_TEST_SECRET_KEY, MockBedrockUpstream } from '../../test/mock-bedrock-upstream';
import { MockGeminiUpstream } from '../../test/mock-gemini-upstream';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { MockVertexUpstream } from '../../test/mock-vertex-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';

/**
 * Every token kind billed once, whatever the client speaks and whichever provider answers (issue
 * 29): each inbound format × each upstream family, whole and streamed, against upstreams that
 * report cache reads (and Anthropic's cache writes, split by lifetime) as each provider counts
 * them: OpenAI and Gemini inside the prompt count, Anthropic outside input_tokens; and reasoning as
 * each counts it: OpenAI inside completion_tokens, Gemini's thoughts beside candidatesTokenCount.
 * Reasoning is priced at twice the completion price, so a pair that dropped or doubled it shows.
 */

/** The models priced with their own cache ratios (ModelRatio 1, CompletionRatio 5 from the fixture). */
const PRICED = ['mx-openai', 'mx-anthropic', 'mx-gemini', 'mx-bedrock', 'mx-vertex-claude', 'mx-vertex-gemini', 'mx-tiered', 'mx-audio', 'mx-gemini-image', 'mx-vertex-gemini-image', 'mx-gpt-image'];
/** Priced by ratio only, with no image ratios: its generated image is billed at the completion ratio, as text. */
const IMAGE_FALLBACK = 'mx-image-fallback';
/** Priced by ratio only: its cache tokens fall back to the general ratios (0.1, 1.25, 1.25 × 1.6). */
const FALLBACK = 'mx-fallback';

/** A request's usage in the relay's terms (billing/usage.ts), and its price. */
interface Billed {
  prompt: number;
  read: number;
  creation: number;
  creation1h: number;
  completion: number;
  reasoning: number;
  quota: number;
}

/**
 * OpenAI (usage-cache) and Gemini (gemini-cache): 1300 prompt tokens with 1000 cached inside them,
 * 50 completion tokens with 20 of reasoning (ReasoningRatio 2): 300 + 1000 × 0.25 + 30 × 5 + 20 × 5 × 2 = 900.
 */
const CACHED_INSIDE: Billed = { prompt: 1300, read: 1000, creation: 0, creation1h: 0, completion: 50, reasoning: 20, quota: 900 };
/**
 * Anthropic, directly, on Bedrock or on Vertex (claude-cache-1h): 100 input tokens, and outside
 * them 1000 cache reads and 200 writes, 150 of them for an hour; 50 output tokens:
 * 100 + 1000 × 0.25 + 50 × 1.5 + 150 × 2.5 + 50 × 5 = 1050.
 */
const CACHED_OUTSIDE: Billed = { prompt: 1300, read: 1000, creation: 200, creation1h: 150, completion: 50, reasoning: 0, quota: 1050 };

const UPSTREAMS = [
  { name: 'OpenAI', model: 'mx-openai', billed: CACHED_INSIDE },
  { name: 'Anthropic', model: 'mx-anthropic', billed: CACHED_OUTSIDE },
  { name: 'Gemini', model: 'mx-gemini', billed: CACHED_INSIDE },
  { name: 'Bedrock (Claude)', model: 'mx-bedrock', billed: CACHED_OUTSIDE },
  { name: 'Vertex (Claude)', model: 'mx-vertex-claude', billed: CACHED_OUTSIDE },
  { name: 'Vertex (Gemini)', model: 'mx-vertex-gemini', billed: CACHED_INSIDE },
];

/** The usage a client read in its own format, as totals: the prompt with its cached parts, the completion with its reasoning. */
interface ClientUsage {
  prompt: number;
  read: number;
  /** Only the Messages format reports cache writes. */
  creation?: number;
  completion: number;
}

type Json = Record<string, any>;

/** The events of a server-sent stream: each event's name (if any) and its data parsed. */
function events(text: string): Array<{ event?: string; data: Json }> {
  const parsed: Array<{ event?: string; data: Json }> = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.+)$/m.exec(block)?.[1];
    if (data && data !== '[DONE]') parsed.push({ event, data: JSON.parse(data) });
  }
  return parsed;
}

interface Inbound {
  name: 'chat' | 'responses' | 'messages' | 'gemini';
  format: string;
  /** Sends one request and reads the usage the client was told. */
  call: (origin: string, key: string, model: string, stream: boolean) => Promise<ClientUsage>;
}

async function send(url: string, headers: Record<string, string>, body: Json): Promise<string> {
  const reply = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await reply.text();
  if (reply.status !== 200) throw new Error(`HTTP ${reply.status}: ${text}`);
  return text;
}

const INBOUNDS: Inbound[] = [
  {
    name: 'chat',
    format: 'openai',
    call: async (origin, key, model, stream) => {
      const text = await send(`${origin}/v1/chat/completions`, { authorization: `Bearer ${key}` }, {
        model,
        messages: [{ role: 'user', content: 'Hi' }],
        stream,
        ...(stream ? { stream_options: { include_usage: true } } : {}),
      });
      const usage = stream ? events(text).filter((chunk) => chunk.data.usage).at(-1)!.data.usage : JSON.parse(text).usage;
      return { prompt: usage.prompt_tokens, read: usage.prompt_tokens_details?.cached_tokens ?? 0, completion: usage.completion_tokens };
    },
  },
  {
    name: 'responses',
    format: 'responses',
    call: async (origin, key, model, stream) => {
      const text = await send(`${origin}/v1/responses`, { authorization: `Bearer ${key}` }, { model, input: 'Hi', stream });
      const usage = stream ? events(text).find((item) => item.event === 'response.completed')!.data.response.usage : JSON.parse(text).usage;
      return { prompt: usage.input_tokens, read: usage.input_tokens_details?.cached_tokens ?? 0, completion: usage.output_tokens };
    },
  },
  {
    name: 'messages',
    format: 'anthropic',
    call: async (origin, key, model, stream) => {
      const text = await send(`${origin}/v1/messages`, { 'x-api-key': key, 'anthropic-version': '2023-06-01' }, { model, max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }], stream });
      // A stream's usage is message_start's, updated by message_delta's.
      const usage: Json = stream
        ? events(text).reduce((merged, item) => ({ ...merged, ...(item.event === 'message_start' ? item.data.message.usage : item.event === 'message_delta' ? item.data.usage : {}) }), {})
        : JSON.parse(text).usage;
      const read = usage.cache_read_input_tokens ?? 0;
      const creation = usage.cache_creation_input_tokens ?? 0;
      return { prompt: usage.input_tokens + read + creation, read, creation, completion: usage.output_tokens };
    },
  },
  {
    name: 'gemini',
    format: 'gemini',
    call: async (origin, key, model, stream) => {
      const method = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
      const text = await send(`${origin}/v1beta/models/${model}:${method}`, { 'x-goog-api-key': key }, { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });
      const usage = stream ? events(text).filter((item) => item.data.usageMetadata).at(-1)!.data.usageMetadata : JSON.parse(text).usageMetadata;
      return { prompt: usage.promptTokenCount, read: usage.cachedContentTokenCount ?? 0, completion: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0) };
    },
  },
];

/** What a client of this format is told of a billed usage: the same totals, the cache writes where the format has them. */
const toldOf = (inbound: Inbound, billed: Billed): ClientUsage => ({
  prompt: billed.prompt,
  read: billed.read,
  ...(inbound.name === 'messages' ? { creation: billed.creation } : {}),
  completion: billed.completion,
});

const CASES = INBOUNDS.flatMap((inbound) => UPSTREAMS.flatMap((upstream) => [false, true].map((stream) => ({ inbound, upstream, stream }))));

describe('relay (integration): cache, reasoning and audio tokens billed once for every inbound × upstream pair', () => {
  let f: RelayFixture;
  let origin: string;
  let openai: MockOpenAiUpstream;
  let anthropic: MockAnthropicUpstream;
  let gemini: MockGeminiUpstream;
  let bedrock: MockBedrockUpstream;
  let vertex: MockVertexUpstream;
  let customers = 0;

  const setOption = async (key: string, value: unknown) => {
    const reply = await f.admin.put('/api/option/').send({ key, value: JSON.stringify(value) });
    if (!reply.body.success) throw new Error(reply.body.message);
  };
  const each = (value: number) => Object.fromEntries(PRICED.map((model) => [model, value]));

  beforeAll(async () => {
    [openai, anthropic, gemini, bedrock, vertex] = await Promise.all([
      new MockOpenAiUpstream().start(),
      new MockAnthropicUpstream().start(),
      new MockGeminiUpstream('gm-key').start(),
      new MockBedrockUpstream().start(),
      new MockVertexUpstream().start(),
    ]);
    f = await startRelayFixture({ models: [...PRICED, FALLBACK, IMAGE_FALLBACK], completionRatio: 5, channelDefaults: {} });
    origin = f.baseURL.replace(/\/v1$/, '');
    await setOption('CacheRatio', each(0.25));
    await setOption('CreateCacheRatio', each(1.5));
    await setOption('CreateCache1hRatio', each(2.5));
    await setOption('ReasoningRatio', each(2));
    await setOption('ImageRatio', { 'mx-gpt-image': 2 });
    await setOption('ImageCompletionRatio', { 'mx-gemini-image': 20, 'mx-vertex-gemini-image': 20, 'mx-gpt-image': 8 });
    await setOption('AudioRatio', { 'mx-audio': 8 });
    await setOption('AudioCompletionRatio', { 'mx-audio': 2 });
    await setOption('ModelTieredPricing', { 'mx-tiered': [{ above_prompt_tokens: 1000, prompt_multiplier: 2, completion_multiplier: 1.5 }] });
    const mapping = (entries: Record<string, string>) => ({ models: Object.keys(entries).join(','), model_mapping: JSON.stringify(entries) });
    await f.channel({ name: 'openai', type: 1, key: 'sk-openai', base_url: openai.url, ...mapping({ 'mx-openai': 'usage-cache', 'mx-tiered': 'usage-cache', 'mx-audio': 'usage-audio', 'mx-gpt-image': 'usage-image', [IMAGE_FALLBACK]: 'usage-image' }) });
    await f.channel({ name: 'anthropic', type: 14, key: 'sk-ant-live', base_url: anthropic.url, ...mapping({ 'mx-anthropic': 'claude-cache-1h', [FALLBACK]: 'claude-cache-1h' }) });
    await f.channel({ name: 'gemini', type: 24, key: 'gm-key', base_url: gemini.url, ...mapping({ 'mx-gemini': 'gemini-cache', 'mx-gemini-image': 'gemini-image' }) });
    await f.channel({
      name: 'bedrock',
      type: 33,
      key: `${BEDROCK_TEST_ACCESS_KEY}|${BEDROCK_TEST_SECRET_KEY}|us-east-1`,
      base_url: bedrock.url,
      ...mapping({ 'mx-bedrock': 'anthropic.claude-cache-1h-v1:0' }),
    });
    await f.channel({
      name: 'vertex',
      type: 41,
      key: vertex.serviceAccount('usage@proj-usage.iam.gserviceaccount.com', 'proj-usage'),
      base_url: vertex.url,
      other: 'us-central1',
      ...mapping({ 'mx-vertex-claude': 'claude-cache-1h', 'mx-vertex-gemini': 'gemini-cache', 'mx-vertex-gemini-image': 'gemini-image' }),
    });
  });
  afterAll(async () => {
    await f.t.close();
    await Promise.all([openai.stop(), anthropic.stop(), gemini.stop(), bedrock.stop(), vertex.stop()]);
  });

  /** A request by a new customer with 100,000 quota, and the log row it left. */
  const served = async (inbound: Inbound, model: string, stream: boolean) => {
    const { key, userId } = await f.customer(`usage-${++customers}`, 100_000);
    const told = await inbound.call(origin, key, model, stream);
    const [log] = await f.logsOf(userId);
    return { told, log, other: JSON.parse(log.other), left: await f.quotaOf(userId) };
  };

  it.each(CASES.map((item) => [`${item.inbound.name} × ${item.upstream.name}${item.stream ? ', streamed' : ''}`, item] as const))('%s', async (_, { inbound, upstream, stream }) => {
    const billed = upstream.billed;
    const { told, log, other, left } = await served(inbound, upstream.model, stream);

    expect(told).toEqual(toldOf(inbound, billed));
    expect(log).toMatchObject({
      type: 2,
      model_name: upstream.model,
      inbound_format: inbound.format,
      is_stream: stream,
      prompt_tokens: billed.prompt,
      cache_read_input_tokens: billed.read,
      cache_creation_input_tokens: billed.creation,
      completion_tokens: billed.completion,
      thoughts_tokens: billed.reasoning,
      prompt_audio_tokens: 0,
    });
    expect(other).toMatchObject({
      model_ratio: 1,
      completion_ratio: 5,
      cache_ratio: 0.25,
      cache_creation_ratio: 1.5,
      cache_creation_ratio_1h: 2.5,
      cache_creation_tokens_1h: billed.creation1h,
      reasoning_ratio: 2,
      completion_audio_tokens: 0,
      prompt_image_tokens: 0,
      completion_image_tokens: 0,
    });
    expect(other).not.toHaveProperty('tier');
    expect(Number(log.quota)).toBe(billed.quota);
    expect(left).toBe(100_000 - billed.quota);
  });

  /**
   * gemini-2.5-flash-image's shape (mock "gemini-image"): 10 prompt tokens; 1300 candidate tokens, 1290 of
   * them an image (candidatesTokensDetails IMAGE), and 20 thinking tokens beside them:
   * 10 + 10 × 5 + 20 × 5 × 2 + 1290 × 20 = 26060.
   */
  const IMAGE_CASES = INBOUNDS.flatMap((inbound) =>
    [
      { name: 'Gemini', model: 'mx-gemini-image' },
      { name: 'Vertex (Gemini)', model: 'mx-vertex-gemini-image' },
    ].flatMap((upstream) => [false, true].map((stream) => ({ inbound, upstream, stream }))),
  );
  it.each(IMAGE_CASES.map((item) => [`${item.inbound.name} × ${item.upstream.name} image model${item.stream ? ', streamed' : ''}`, item] as const))(
    '%s: the image at its own ratio, the thoughts once',
    async (_, { inbound, upstream, stream }) => {
      const { told, log, other, left } = await served(inbound, upstream.model, stream);
      expect(told).toEqual({ prompt: 10, read: 0, ...(inbound.name === 'messages' ? { creation: 0 } : {}), completion: 1320 });
      expect(log).toMatchObject({ prompt_tokens: 10, completion_tokens: 1320, thoughts_tokens: 20 });
      expect(other).toMatchObject({ completion_ratio: 5, reasoning_ratio: 2, image_completion_ratio: 20, completion_image_tokens: 1290 });
      expect(Number(log.quota)).toBe(26060);
      expect(left).toBe(100_000 - 26060);
    },
  );

  /** POST /v1/images/generations as gpt-image-1 answers it (mock "usage-image"). */
  const generateImage = async (model: string) => {
    const { key, userId } = await f.customer(`usage-${++customers}`, 100_000);
    const body = JSON.parse(await send(`${origin}/v1/images/generations`, { authorization: `Bearer ${key}` }, { model, prompt: 'a red circle', size: '1024x1024' }));
    const [log] = await f.logsOf(userId);
    return { body, log, other: JSON.parse(log.other), left: await f.quotaOf(userId) };
  };

  it('bills the images API’s output tokens as image tokens at the image completion ratio (gpt-image-1)', async () => {
    const { body, log, other, left } = await generateImage('mx-gpt-image');
    expect(body.usage.output_tokens).toBe(4160);
    expect(log).toMatchObject({ prompt_tokens: 373, completion_tokens: 4160, thoughts_tokens: 0 });
    expect(other).toMatchObject({ image_ratio: 2, image_completion_ratio: 8, prompt_image_tokens: 323, completion_image_tokens: 4160 });
    // 50 + 323 × 2 + 4160 × 8 = 33976 (at ModelRatio 2.5 this is gpt-image-1's $5 / $10 / $40 per million).
    expect(Number(log.quota)).toBe(33976);
    expect(left).toBe(100_000 - 33976);
  });

  it('bills a generated image at the completion ratio for a model without image ratios, as before', async () => {
    const { log, other, left } = await generateImage(IMAGE_FALLBACK);
    expect(other).toMatchObject({ image_ratio: 1, image_completion_ratio: 5, reasoning_ratio: 1, completion_image_tokens: 4160 });
    // 373 + 4160 × 5 = 21173.
    expect(Number(log.quota)).toBe(21173);
    expect(left).toBe(100_000 - 21173);
  });

  it('falls back to the general cache ratios for a model without entries: reads at 0.1, writes at 1.25, 1-hour writes at 1.25 × 1.6', async () => {
    const { log, other, left } = await served(INBOUNDS[2], FALLBACK, false);
    expect(other).toMatchObject({ cache_ratio: 0.1, cache_creation_ratio: 1.25, cache_creation_ratio_1h: 2, cache_creation_tokens_1h: 150 });
    // 100 + 1000 × 0.1 + 50 × 1.25 + 150 × 2 + 50 × 5 = 812.5, rounded up.
    expect(Number(log.quota)).toBe(813);
    expect(left).toBe(100_000 - 813);
  });

  it('bills the whole request at the long-context tier once the prompt crosses its threshold, and logs the tier', async () => {
    const { log, other, left } = await served(INBOUNDS[0], 'mx-tiered', true);
    expect(log).toMatchObject({ prompt_tokens: 1300, cache_read_input_tokens: 1000, completion_tokens: 50 });
    expect(other.tier).toEqual({ above_prompt_tokens: 1000, prompt_multiplier: 2, completion_multiplier: 1.5 });
    // (300 + 1000 × 0.25) × 2 + (30 × 5 + 20 × 5 × 2) × 1.5 = 1625: the reasoning at its own price, under the tier too.
    expect(Number(log.quota)).toBe(1625);
    expect(left).toBe(100_000 - 1625);
  });

  it('prices audio prompt and completion tokens with the model’s audio ratios, and logs them', async () => {
    const { log, other, left } = await served(INBOUNDS[0], 'mx-audio', false);
    expect(log).toMatchObject({ prompt_tokens: 700, prompt_audio_tokens: 200, completion_tokens: 60 });
    expect(other).toMatchObject({ audio_ratio: 8, audio_completion_ratio: 2, completion_audio_tokens: 30 });
    // 500 + 200 × 8 + 30 × 5 + 30 × 8 × 2 = 2730.
    expect(Number(log.quota)).toBe(2730);
    expect(left).toBe(100_000 - 2730);
  });
});
