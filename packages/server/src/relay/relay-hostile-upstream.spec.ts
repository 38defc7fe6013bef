import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalHttpServer } from '../../test/local-http-server';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { MSG_STREAM_BROKEN } from './stream/stream-delivery';

const LEVELS = 100_000;
/** JSON a recursive walk (JSON.stringify, a converter) overflows the stack on. */
const deepArray = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;
const deepObject = `${'{"a":'.repeat(LEVELS)}1${'}'.repeat(LEVELS)}`;

/**
 * An upstream that answers every call with JSON nested 100,000 levels where each provider's
 * converter looks: OpenAI tool-call arguments and an extra field, Anthropic tool_use input,
 * Gemini functionCall args; whole and streamed.
 */
class DeepUpstream extends LocalHttpServer {
  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pieces: Buffer[] = [];
    for await (const piece of request) pieces.push(piece as Buffer);
    const url = request.url ?? '';
    const stream = url.includes('alt=sse') || (JSON.parse(Buffer.concat(pieces).toString() || '{}') as { stream?: boolean }).stream === true;
    const sse = (events: string[]) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(events.map((event) => `${event}\n\n`).join(''));
    };
    const json = (body: string) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (url.includes('generateContent')) {
      const answer = `{"candidates":[{"content":{"role":"model","parts":[{"text":"hi"},{"functionCall":{"name":"f","args":${deepObject}}}]},"finishReason":"STOP","extra":${deepArray}}],"usageMetadata":{"promptTokenCount":1,"candidatesTokenCount":1,"totalTokenCount":2}}`;
      return stream ? sse([`data: ${answer}`]) : json(answer);
    }
    if (url.includes('/v1/messages')) {
      if (!stream) {
        return json(`{"id":"m","type":"message","role":"assistant","model":"x","content":[{"type":"text","text":"hi"},{"type":"tool_use","id":"t","name":"f","input":${deepObject}}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}`);
      }
      return sse([
        'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","content":[],"model":"x","usage":{"input_tokens":1,"output_tokens":1}}}',
        `event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"t","name":"f","input":${deepObject}}}`,
      ]);
    }
    const message = `{"role":"assistant","content":"hi","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":${JSON.stringify(deepObject)}}}],"extra":${deepArray}}`;
    if (!stream) return json(`{"id":"x","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":${message},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`);
    return sse([
      'data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"hi"},"finish_reason":null}]}',
      `data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":${message},"finish_reason":null}],"usage":${deepArray}}`,
      'data: [DONE]',
    ]);
  }
}

/** What a client reads that only this gateway's own failures would put there. */
const INTERNAL_WORDS = /Maximum call stack|RangeError|TypeError|at [\w.]+ \(/;

describe('relay (integration, an upstream answering JSON nested 100,000 levels)', () => {
  let f: RelayFixture;
  let deep: DeepUpstream;
  let healthy: MockOpenAiUpstream;
  let root: string;

  beforeAll(async () => {
    deep = await new DeepUpstream().start();
    healthy = await new MockOpenAiUpstream().start();
    f = await startRelayFixture({ models: ['deep-openai', 'deep-claude', 'deep-gemini', 'mock-a'], completionRatio: 1, channelDefaults: { key: 'k', base_url: deep.url } });
    await f.channel({ name: 'deep-openai', type: 1, models: 'deep-openai' });
    await f.channel({ name: 'deep-claude', type: 14, models: 'deep-claude' });
    await f.channel({ name: 'deep-gemini', type: 24, models: 'deep-gemini' });
    await f.channel({ name: 'healthy', type: 1, models: 'mock-a', base_url: healthy.url });
    root = f.baseURL.replace(/\/v1$/, '');
  });
  afterAll(async () => {
    await f?.t.close();
    await deep?.stop();
    await healthy?.stop();
  });

  /** Every inbound format, whole and streamed, as a client would call it. */
  const calls = (model: string) =>
    [false, true].flatMap((stream) => [
      { path: '/v1/chat/completions', body: { model, stream, messages: [{ role: 'user', content: 'hi' }] } },
      { path: '/v1/messages', body: { model, stream, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] } },
      { path: '/v1/responses', body: { model, stream, input: 'hi' } },
      { path: `/v1beta/models/${model}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`, body: { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] } },
    ]);

  it("answers every format with the answer relayed or a Chinese failure, never this gateway's own error text, and stays up", async () => {
    const { key, userId, client } = await f.customer('deep', 10_000_000);
    let requests = 0;
    for (const model of ['deep-openai', 'deep-claude', 'deep-gemini']) {
      for (const { path, body } of calls(model)) {
        const reply = await fetch(root + path, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'x-api-key': key, 'x-goog-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await reply.text();
        requests += 1;
        const label = `${model} ${path} stream=${String(body.stream ?? path.includes('alt=sse'))}`;
        expect(text, label).not.toMatch(INTERNAL_WORDS);
      }
    }
    // The converted Gemini stream of an OpenAI answer breaks on the deep chunk: the client is told plainly.
    const broken = await fetch(`${root}/v1beta/models/deep-openai:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(await broken.text()).toContain(`"message":"${MSG_STREAM_BROKEN}"`);
    // The log rows the user reads hold no more than the replies did.
    for (const row of await f.logsOf(userId, requests + 1)) expect(String(row.content)).not.toMatch(INTERNAL_WORDS);
    // Still serving.
    const reply = await client.chat.completions.create({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
    expect(reply.choices[0].message.content).toBe('Hello from mock-a');
  }, 120_000);
});
