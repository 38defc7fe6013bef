import { describe, expect, it } from 'vitest';
import type { RelayChannel, RelayContext } from '../relay-context';
import { relayChannel, relayContext } from '../test-factories';
import { AnthropicAdaptor, anthropicProvider } from './anthropic.adaptor';

const channel = (fields: Partial<RelayChannel> = {}): RelayChannel => relayChannel({ type: 14, name: 'claude', baseUrl: '', key: 'sk-ant-api03-test', other: '', ...fields });

const context = (fields: Partial<RelayContext> = {}): RelayContext => relayContext({ mode: 'chat', requestModel: 'claude', upstreamModel: 'claude-sonnet-4-20250514', channel: channel(), ...fields });

describe(AnthropicAdaptor.name, () => {
  const sut = new AnthropicAdaptor();

  it('posts to the Messages API with the key and API version headers', () => {
    const call = sut.chatRequest(context(), { model: 'claude', messages: [{ role: 'user', content: 'Hi' }] });
    expect(call.url).toBe('https://api.anthropic.com/v1/messages');
    expect(call.headers).toEqual({ 'content-type': 'application/json', 'x-api-key': 'sk-ant-api03-test', 'anthropic-version': '2023-06-01' });
    expect(JSON.parse(call.body as string)).toMatchObject({ model: 'claude-sonnet-4-20250514', max_tokens: 4096 });
  });

  it("uses the channel's base URL and asks for a stream when the client streams", () => {
    const call = sut.chatRequest(context({ stream: true, channel: channel({ baseUrl: 'http://127.0.0.1:9999' }) }), { messages: [{ role: 'user', content: 'Hi' }] });
    expect(call.url).toBe('http://127.0.0.1:9999/v1/messages');
    expect(JSON.parse(call.body as string).stream).toBe(true);
  });

  it('refuses the legacy completions endpoint', () => {
    expect(() => sut.chatRequest(context({ mode: 'completions' }), { prompt: 'Hi' })).toThrow(expect.objectContaining({ status: 400, code: 'unsupported_endpoint' }));
  });

  it('converts a whole reply and reports its usage and model', () => {
    const raw = JSON.stringify({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-20250514',
      content: [{ type: 'text', text: 'Hi there' }],
      stop_reason: 'max_tokens',
      stop_sequence: null,
      usage: { input_tokens: 5, output_tokens: 3, cache_read_input_tokens: 7 },
    });
    const result = sut.chatResponse(context(), raw);
    expect(JSON.parse(result.body)).toMatchObject({ object: 'chat.completion', choices: [{ message: { content: 'Hi there' }, finish_reason: 'length' }] });
    expect(result.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 3, cache_read_tokens: 7 });
    expect(result.model).toBe('claude-sonnet-4-20250514');
  });

  it('offers chat only', () => {
    const provider = anthropicProvider();
    expect(provider.chat).toBeInstanceOf(AnthropicAdaptor);
    expect(provider.passthrough).toBeUndefined();
  });
});
