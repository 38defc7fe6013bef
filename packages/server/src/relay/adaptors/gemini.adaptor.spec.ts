import { describe, expect, it } from 'vitest';
import type { RelayChannel, RelayContext } from '../relay-context';
import { relayChannel, relayContext } from '../test-factories';
import { RelayError } from '../relay-error';
import { geminiErrorMessage } from './gemini-call';
import { GeminiAdaptor } from './gemini.adaptor';

const channel = (fields: Partial<RelayChannel> = {}): RelayChannel => relayChannel({ type: 24, name: 'gemini', baseUrl: '', key: 'AIza-test', other: '', ...fields });

const context = (fields: Partial<RelayContext> = {}): RelayContext => relayContext({ mode: 'chat', requestModel: 'gemini-flash', upstreamModel: 'gemini-2.5-flash', channel: channel(), ...fields });

describe(GeminiAdaptor.name, () => {
  const sut = new GeminiAdaptor();
  const body = { model: 'gemini-flash', stream: true, messages: [{ role: 'user', content: 'Hi' }] };

  it('calls generateContent of the mapped model on Google by default, with the key in x-goog-api-key', () => {
    const call = sut.chatRequest(context(), body);
    expect(call.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent');
    expect(call.headers).toEqual({ 'content-type': 'application/json', 'x-goog-api-key': 'AIza-test' });
    expect(JSON.parse(call.body as string)).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });
  });

  it('streams from streamGenerateContent with alt=sse on the channel base URL', () => {
    const call = sut.chatRequest(context({ stream: true, channel: channel({ baseUrl: 'https://proxy.example.com' }) }), body);
    expect(call.url).toBe('https://proxy.example.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
  });

  it('asks the mapped model for thinking in the form its generation takes', () => {
    const thinking = (upstreamModel: string) =>
      JSON.parse(sut.chatRequest(context({ upstreamModel }), { ...body, reasoning_effort: 'medium' }).body as string).generationConfig.thinkingConfig;
    expect(thinking('gemini-3-flash-preview')).toEqual({ thinkingLevel: 'high', includeThoughts: true });
    expect(thinking('gemini-2.5-pro')).toEqual({ thinkingBudget: 8192, includeThoughts: true });
  });

  it('refuses the legacy completions endpoint', () => {
    expect(() => sut.chatRequest(context({ mode: 'completions' }), { prompt: 'x' })).toThrow(RelayError);
  });

  it('answers in OpenAI shape and reports usage and model', () => {
    const raw = JSON.stringify({
      candidates: [{ content: { parts: [{ text: 'Hi!' }], role: 'model' }, finishReason: 'MAX_TOKENS', index: 0 }],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 2, totalTokenCount: 5 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'abc',
    });
    const reply = sut.chatResponse(context(), raw);
    expect(JSON.parse(reply.body)).toMatchObject({ id: 'chatcmpl-abc', choices: [{ message: { content: 'Hi!' }, finish_reason: 'length' }], usage: { prompt_tokens: 3, completion_tokens: 2 } });
    expect(reply.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 2 });
    expect(reply.model).toBe('gemini-2.5-flash');
  });
});

describe(geminiErrorMessage.name, () => {
  it.each([
    ['{"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT"}}', 'API key not valid. Please pass a valid API key.'],
    ['[{"error": {"code": 429, "message": "Resource has been exhausted (e.g. check quota).", "status": "RESOURCE_EXHAUSTED"}}]', 'Resource has been exhausted (e.g. check quota).'],
    ['<html>Bad Gateway</html>', '<html>Bad Gateway</html>'],
  ])('reads %s', (raw, message) => {
    expect(geminiErrorMessage(raw)).toBe(message);
  });
});
