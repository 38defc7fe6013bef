import { describe, expect, it } from 'vitest';
import type { NamedEvent } from './adaptor';
import type { RelayChannel, RelayContext } from '../relay-context';
import { relayChannel, relayContext } from '../test-factories';
import { azureResponsesAdaptor, openAiResponsesAdaptor, ResponsesAdaptor } from './responses.adaptor';
import { ResponsesPassthroughStream } from './responses-passthrough-stream';

const context = (channel: Partial<RelayChannel>, fields: Partial<RelayContext> = {}): RelayContext =>
  relayContext({ mode: 'chat', requestModel: 'gpt-5', upstreamModel: 'gpt-5-prod', channel: relayChannel({ key: 'the-key', ...channel }), ...fields });

const event = (type: string, payload: object = {}) => ({ event: type, data: JSON.stringify({ type, ...payload }) });

describe(ResponsesAdaptor.name, () => {
  const body = { model: 'gpt-5', input: 'Hi', previous_response_id: 'resp_1', store: true };

  it('sends the body as it came, with the mapped model, to OpenAI’s /v1/responses with the bearer key', () => {
    const call = openAiResponsesAdaptor().chatRequest(context({ type: 1, baseUrl: 'https://api.example.com' }), body);
    expect(call.url).toBe('https://api.example.com/v1/responses');
    expect(call.headers).toMatchObject({ authorization: 'Bearer the-key', 'content-type': 'application/json' });
    expect(JSON.parse(call.body as string)).toEqual({ ...body, model: 'gpt-5-prod' });
  });

  it('uses Azure’s v1 API, or /openai/responses on a dated API version that has it, with the api-key header', () => {
    const azure = azureResponsesAdaptor();
    const base = { type: 3, baseUrl: 'https://contoso.openai.azure.com' };
    expect(azure.chatRequest(context({ ...base, other: '' }), body).url).toBe('https://contoso.openai.azure.com/openai/v1/responses');
    expect(azure.chatRequest(context({ ...base, other: '2024-10-21' }), body).url).toBe('https://contoso.openai.azure.com/openai/v1/responses');
    const dated = azure.chatRequest(context({ ...base, other: '2025-04-01-preview' }), body);
    expect(dated.url).toBe('https://contoso.openai.azure.com/openai/responses?api-version=2025-04-01-preview');
    expect(dated.headers).toEqual({ 'content-type': 'application/json', 'api-key': 'the-key' });
  });

  it('bills a whole response from its usage, cache reads and reasoning included, and refuses what is not a response', () => {
    const sut = openAiResponsesAdaptor();
    const raw = JSON.stringify({ object: 'response', model: 'gpt-5-prod', usage: { input_tokens: 10, input_tokens_details: { cached_tokens: 4 }, output_tokens: 6, output_tokens_details: { reasoning_tokens: 2 }, total_tokens: 16 } });
    expect(sut.chatResponse(context({ type: 1 }), raw)).toEqual({
      body: raw,
      model: 'gpt-5-prod',
      usage: { prompt_tokens: 10, completion_tokens: 6, cache_read_tokens: 4, cache_creation_tokens: 0, reasoning_tokens: 2, prompt_audio_tokens: 0, cache_creation_1h_tokens: 0, prompt_image_tokens: 0, completion_audio_tokens: 0, completion_image_tokens: 0 },
    });
    expect(() => sut.chatResponse(context({ type: 1 }), '{"choices":[]}')).toThrow();
  });
});

describe(ResponsesPassthroughStream.name, () => {
  it('holds response.created and in_progress until the first output, then relays every event unchanged and ends at response.completed', () => {
    const sut = new ResponsesPassthroughStream();
    expect(sut.event(event('response.created', { sequence_number: 0 }))).toEqual({ chunks: [] });
    expect(sut.event(event('response.in_progress', { sequence_number: 1 }))).toEqual({ chunks: [] });
    const delta = event('response.output_text.delta', { sequence_number: 2, delta: 'Hi' });
    expect(sut.event(delta).chunks.map((chunk: NamedEvent) => chunk.event)).toEqual(['response.created', 'response.in_progress', 'response.output_text.delta']);
    const completed = event('response.completed', { sequence_number: 3, response: { usage: { input_tokens: 5, output_tokens: 1 } } });
    expect(sut.event(completed)).toEqual({ chunks: [completed], done: true });
    expect(sut.usage()).toMatchObject({ prompt_tokens: 5, completion_tokens: 1 });
  });

  it('throws on an error before any output, so that another channel can be tried', () => {
    const sut = new ResponsesPassthroughStream();
    sut.event(event('response.created'));
    expect(() => sut.event(event('error', { message: 'overloaded' }))).toThrow('overloaded');
    const failed = new ResponsesPassthroughStream();
    expect(() => failed.event(event('response.failed', { response: { error: { code: 'server_error', message: 'it broke' } } }))).toThrow('it broke');
  });

  it('counts the deltas when the stream breaks, and numbers its error event after the last relayed one', () => {
    const sut = new ResponsesPassthroughStream();
    sut.event(event('response.created', { sequence_number: 0 }));
    sut.event(event('response.output_text.delta', { sequence_number: 1, delta: 'Hello' }));
    sut.event(event('response.function_call_arguments.delta', { sequence_number: 2, delta: '{}' }));
    expect(sut.usage()).toBeUndefined();
    expect(sut.producedText()).toBe('Hello{}');
    const [failure] = sut.failure('cut');
    expect(failure.event).toBe('error');
    expect(JSON.parse(failure.data)).toEqual({ type: 'error', code: 'server_error', message: 'cut', param: null, sequence_number: 3 });
  });
});
