import { describe, expect, it } from 'vitest';
import { GeminiAdaptor } from '../adaptors/gemini.adaptor';
import { OpenAiAdaptor } from '../adaptors/openai.adaptor';
import { relayChannel, relayContext } from '../test-factories';
import { MessagesOverChat } from './messages-over-chat';

const body = { model: 'gpt-x', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] };

describe(MessagesOverChat.name, () => {
  const sut = new MessagesOverChat(new OpenAiAdaptor());

  it('sends the converted request through the chat adaptor, naming the budget as OpenAI’s own API wants it', () => {
    const openai = sut.chatRequest(relayContext({ channel: relayChannel({ type: 1, baseUrl: 'http://up' }), upstreamModel: 'gpt-x' }), body);
    expect(openai.url).toBe('http://up/v1/chat/completions');
    expect(JSON.parse(openai.body as string)).toEqual({ model: 'gpt-x', messages: [{ role: 'user', content: 'Hi' }], max_completion_tokens: 100 });
    const compatible = sut.chatRequest(relayContext({ channel: relayChannel({ type: 8, baseUrl: 'http://up/v1/chat/completions' }), upstreamModel: 'gpt-x' }), body);
    expect(JSON.parse(compatible.body as string)).toMatchObject({ max_tokens: 100 });
  });

  it('answers a whole reply as an Anthropic message named after the request, billing the counted prompt when the upstream reports no usage', () => {
    const raw = JSON.stringify({ id: 'c', model: 'gpt-x', choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }] });
    const reply = sut.chatResponse(relayContext({ requestId: 'a-b-c', promptTokens: 12 }), raw);
    expect(JSON.parse(reply.body)).toMatchObject({ id: 'msg_abc', type: 'message', content: [{ type: 'text', text: 'Hello' }], usage: { input_tokens: 12, output_tokens: 0 } });
    expect(reply.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 0 });
  });

  it('reads a Gemini reply through the Gemini adaptor', () => {
    const gemini = new MessagesOverChat(new GeminiAdaptor());
    const raw = JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hi from Gemini' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 7 } });
    const reply = gemini.chatResponse(relayContext({ upstreamModel: 'gemini-x' }), raw);
    expect(JSON.parse(reply.body)).toMatchObject({ content: [{ type: 'text', text: 'Hi from Gemini' }], stop_reason: 'end_turn', usage: { input_tokens: 11, output_tokens: 7 } });
  });
});
