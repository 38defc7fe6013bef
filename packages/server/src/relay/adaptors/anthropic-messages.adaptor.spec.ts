import { describe, expect, it } from 'vitest';
import { relayChannel, relayContext } from '../test-factories';
import { AnthropicMessagesAdaptor } from './anthropic-messages.adaptor';

const channel = relayChannel({ type: 14, baseUrl: 'http://127.0.0.1:9999', key: 'sk-ant-key' });
const body = { model: 'claude', max_tokens: 100, system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }], messages: [{ role: 'user', content: 'Hi' }] };

describe(AnthropicMessagesAdaptor.name, () => {
  const sut = new AnthropicMessagesAdaptor();

  it('sends the client’s body as it came, with the mapped model, its API version and betas, and the channel’s key', () => {
    const ctx = relayContext({ channel, upstreamModel: 'claude-sonnet-4-5', nativeHeaders: { 'anthropic-version': '2026-10-21', 'anthropic-beta': 'context-1m' } });
    const call = sut.chatRequest(ctx, body);
    expect(call.url).toBe('http://127.0.0.1:9999/v1/messages');
    expect(call.headers).toEqual({ 'content-type': 'application/json', 'x-api-key': 'sk-ant-key', 'anthropic-version': '2026-10-21', 'anthropic-beta': 'context-1m' });
    expect(JSON.parse(call.body as string)).toEqual({ ...body, model: 'claude-sonnet-4-5' });
  });

  it('falls back to its own API version when the client sent none', () => {
    expect(sut.chatRequest(relayContext({ channel, upstreamModel: 'claude' }), body).headers['anthropic-version']).toBe('2023-06-01');
  });

  it('passes a whole reply through unchanged and reads its usage and model', () => {
    const raw = JSON.stringify({ id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [{ type: 'text', text: 'Hi' }], stop_reason: 'end_turn', usage: { input_tokens: 5, cache_read_input_tokens: 100, output_tokens: 3 } });
    expect(sut.chatResponse(relayContext(), raw)).toEqual({ body: raw, model: 'claude-x', usage: expect.objectContaining({ prompt_tokens: 105, cache_read_tokens: 100, completion_tokens: 3 }) });
    expect(() => sut.chatResponse(relayContext(), '{"type":"error"}')).toThrow();
  });

  it('counts tokens at the channel’s count_tokens endpoint for the mapped model', () => {
    const call = sut.countTokensRequest(channel, 'claude-sonnet-4-5', {}, { model: 'claude', messages: [] });
    expect(call.url).toBe('http://127.0.0.1:9999/v1/messages/count_tokens');
    expect(JSON.parse(call.body as string)).toEqual({ model: 'claude-sonnet-4-5', messages: [] });
  });
});
