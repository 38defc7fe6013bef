import { describe, expect, it } from 'vitest';
import type { RelayChannel, RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import { relayChannel, relayContext } from '../test-factories';
import { vertexProvider } from './vertex.adaptor';

const KEY = JSON.stringify({ type: 'service_account', project_id: 'proj-1', private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n', client_email: 'sa@proj-1.iam.gserviceaccount.com' });
const channel = (fields: Partial<RelayChannel> = {}): RelayChannel => relayChannel({ type: 41, name: 'vertex', baseUrl: '', key: KEY, other: 'us-east5', ...fields });
const context = (fields: Partial<RelayContext> = {}): RelayContext =>
  relayContext({ mode: 'chat', requestModel: 'claude-sonnet-4', upstreamModel: 'claude-sonnet-4@20250514', channel: channel(), ...fields });
const hi = { model: 'claude-sonnet-4', messages: [{ role: 'user', content: 'Hi' }] };

describe('vertexProvider', () => {
  const sut = vertexProvider();
  const chat = sut.chat!;
  const messages = sut.messages!;

  it("calls Claude's rawPredict in the channel's region with the Messages body, the version in it and no model", () => {
    const call = chat.chatRequest(context(), hi);
    expect(call.url).toBe('https://us-east5-aiplatform.googleapis.com/v1/projects/proj-1/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict');
    expect(call.headers).toEqual({ 'content-type': 'application/json' });
    expect(call.authorize).toBeTypeOf('function');
    expect(JSON.parse(call.body as string)).toEqual({ anthropic_version: 'vertex-2023-10-16', max_tokens: 4096, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
  });

  it('streams Claude from streamRawPredict, on the global host for the global region', () => {
    const call = chat.chatRequest(context({ stream: true, channel: channel({ other: 'global' }) }), { ...hi, stream: true });
    expect(call.url).toBe('https://aiplatform.googleapis.com/v1/projects/proj-1/locations/global/publishers/anthropic/models/claude-sonnet-4@20250514:streamRawPredict');
    expect(JSON.parse(call.body as string).stream).toBe(true);
  });

  it("calls Gemini's generateContent (streamed with alt=sse) on the channel's base URL", () => {
    const gemini = context({ requestModel: 'gemini-2.5-pro', upstreamModel: 'gemini-2.5-pro', channel: channel({ baseUrl: 'https://vertex.internal.example' }) });
    expect(chat.chatRequest(gemini, hi).url).toBe('https://vertex.internal.example/v1/projects/proj-1/locations/us-east5/publishers/google/models/gemini-2.5-pro:generateContent');
    const streamed = chat.chatRequest({ ...gemini, stream: true }, hi);
    expect(streamed.url).toMatch(/gemini-2\.5-pro:streamGenerateContent\?alt=sse$/);
    expect(JSON.parse(streamed.body as string)).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });
  });

  it('reads replies with the converters of the model family', () => {
    const claude = chat.chatResponse(context(), JSON.stringify({ id: 'msg_vrtx_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-20250514', content: [{ type: 'text', text: 'Hello' }], stop_reason: 'end_turn', usage: { input_tokens: 3, output_tokens: 2 } }));
    expect(JSON.parse(claude.body).choices[0].message.content).toBe('Hello');
    expect(claude.usage).toMatchObject({ prompt_tokens: 3, completion_tokens: 2 });
    const gemini = chat.chatResponse(
      context({ upstreamModel: 'gemini-2.5-pro' }),
      JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hi there' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 2 } }),
    );
    expect(JSON.parse(gemini.body).choices[0].message.content).toBe('Hi there');
  });

  it("passes a Messages client's body to Claude natively with its betas, and converts it for Gemini", () => {
    const body = { model: 'claude-sonnet-4', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }], metadata: { user_id: 'u1' } };
    const call = messages.chatRequest(context({ nativeHeaders: { 'anthropic-version': '2023-06-01', 'anthropic-beta': 'context-1m-2025-08-07' } }), body);
    expect(call.headers).toEqual({ 'anthropic-beta': 'context-1m-2025-08-07', 'content-type': 'application/json' });
    expect(JSON.parse(call.body as string)).toEqual({ anthropic_version: 'vertex-2023-10-16', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }], metadata: { user_id: 'u1' } });
    const converted = messages.chatRequest(context({ upstreamModel: 'gemini-2.5-pro' }), body);
    expect(converted.url).toMatch(/publishers\/google\/models\/gemini-2\.5-pro:generateContent$/);
  });

  it("counts tokens with Claude's count-tokens model, and leaves Gemini models to the local count", () => {
    const call = messages.countTokensRequest!(channel(), 'claude-sonnet-4@20250514', {}, { messages: [{ role: 'user', content: 'Hi' }] });
    expect(call!.url).toBe('https://us-east5-aiplatform.googleapis.com/v1/projects/proj-1/locations/us-east5/publishers/anthropic/models/count-tokens:rawPredict');
    expect(JSON.parse(call!.body as string)).toEqual({ model: 'claude-sonnet-4@20250514', anthropic_version: 'vertex-2023-10-16', messages: [{ role: 'user', content: 'Hi' }] });
    expect(messages.countTokensRequest!(channel(), 'gemini-2.5-pro', {}, {})).toBeUndefined();
  });

  it('refuses endpoints other than chat, and a key that is not a service-account key', () => {
    expect(() => chat.chatRequest(context({ mode: 'completions' }), hi)).toThrow(RelayError);
    expect(() => chat.chatRequest(context({ channel: channel({ key: 'AIza-not-json' }) }), hi)).toThrow(/服务账号 JSON 密钥/);
  });

  it("reads Google's and Anthropic's error bodies", () => {
    expect(chat.errorMessage('{"error":{"code":403,"message":"Permission denied","status":"PERMISSION_DENIED"}}')).toBe('Permission denied');
    expect(chat.errorMessage('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}')).toBe('Overloaded');
  });
});
