import { describe, expect, it } from 'vitest';
import type { RelayChannel, RelayContext } from '../relay-context';
import { relayChannel, relayContext } from '../test-factories';
import { BedrockAdaptor, BedrockMessagesAdaptor, bedrockErrorMessage } from './bedrock.adaptor';
import { BEDROCK_EVENT_STREAM } from './bedrock-event-stream';

const channel = (fields: Partial<RelayChannel> = {}): RelayChannel => relayChannel({ type: 33, name: 'aws', baseUrl: '', key: 'AKIDEXAMPLE|secret|us-west-2', other: '', ...fields });
const context = (fields: Partial<RelayContext> = {}): RelayContext =>
  relayContext({ mode: 'chat', requestModel: 'claude-sonnet-4-5', upstreamModel: 'claude-sonnet-4-5', channel: channel(), ...fields });

describe(BedrockAdaptor.name, () => {
  const sut = new BedrockAdaptor();

  it('calls InvokeModel of the region with the profile id in the path and the Bedrock body', () => {
    const call = sut.chatRequest(context(), { model: 'claude-sonnet-4-5', max_tokens: 50, messages: [{ role: 'user', content: 'Hi' }] });
    expect(call.url).toBe('https://bedrock-runtime.us-west-2.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke');
    expect(call.headers).toEqual({ 'content-type': 'application/json', accept: 'application/json' });
    expect(JSON.parse(call.body as string)).toEqual({ anthropic_version: 'bedrock-2023-05-31', max_tokens: 50, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
    expect(call.streamFraming).toBeUndefined();
  });

  it('streams from InvokeModelWithResponseStream at the base URL, read as an AWS event stream', () => {
    const call = sut.chatRequest(context({ stream: true, channel: channel({ baseUrl: 'https://vpce-1.bedrock-runtime.us-west-2.vpce.amazonaws.com/' }) }), { messages: [{ role: 'user', content: 'Hi' }] });
    expect(call.url).toBe('https://vpce-1.bedrock-runtime.us-west-2.vpce.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke-with-response-stream');
    expect(call.headers.accept).toBe('application/vnd.amazon.eventstream');
    expect(JSON.parse(call.body as string)).not.toHaveProperty('stream');
    expect(call.streamFraming).toBe(BEDROCK_EVENT_STREAM);
  });

  it('signs with SigV4 for service bedrock in the key’s region when the call is sent', async () => {
    const call = sut.chatRequest(context(), { messages: [{ role: 'user', content: 'Hi' }] });
    const headers = await call.authorize!(fetch as never);
    expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-west-2\/bedrock\/aws4_request, SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect(headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(headers).not.toHaveProperty('host');
  });

  it('refuses a channel whose key is malformed without calling anyone', () => {
    expect(() => sut.chatRequest(context({ channel: channel({ key: 'only-one-part' }) }), { messages: [] })).toThrow(expect.objectContaining({ code: 'channel_key_invalid' }));
  });

  it('refuses the legacy completions endpoint', () => {
    expect(() => sut.chatRequest(context({ mode: 'completions' }), { prompt: 'Hi' })).toThrow(expect.objectContaining({ status: 400, code: 'unsupported_endpoint' }));
  });

  it('reads Bedrock’s error bodies', () => {
    expect(bedrockErrorMessage('{"message":"The provided model identifier is invalid."}')).toBe('The provided model identifier is invalid.');
    expect(bedrockErrorMessage('{"Message":"User is not authorized"}')).toBe('User is not authorized');
  });
});

describe(BedrockMessagesAdaptor.name, () => {
  const sut = new BedrockMessagesAdaptor();

  it('sends the Messages body as it came, without model and stream, with the client’s betas in anthropic_beta', () => {
    const body = { model: 'claude-sonnet-4-5', max_tokens: 10, stream: true, system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }], messages: [{ role: 'user', content: 'Hi' }] };
    const call = sut.chatRequest(context({ stream: true, nativeHeaders: { 'anthropic-version': '2023-06-01', 'anthropic-beta': 'context-1m-2025-08-07, interleaved-thinking-2025-05-14' } }), body);
    expect(call.url).toMatch(/\/invoke-with-response-stream$/);
    expect(JSON.parse(call.body as string)).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      anthropic_beta: ['context-1m-2025-08-07', 'interleaved-thinking-2025-05-14'],
      max_tokens: 10,
      system: body.system,
      messages: body.messages,
    });
  });
});
