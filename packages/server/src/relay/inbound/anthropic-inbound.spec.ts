import { describe, expect, it } from 'vitest';
import { anthropicProvider } from '../adaptors/anthropic.adaptor';
import { AnthropicMessagesAdaptor } from '../adaptors/anthropic-messages.adaptor';
import { geminiProvider } from '../adaptors/gemini.adaptor';
import { openAiProvider } from '../adaptors/openai.adaptor';
import { countTokens } from '../billing/token-count';
import { RelayError } from '../relay-error';
import { ANTHROPIC_FRAMING, ANTHROPIC_INBOUND, anthropicErrorReply, checkCountTokensBody } from './anthropic-inbound';
import { anthropicModelPage } from './anthropic-models';
import { MessagesOverChat } from './messages-over-chat';
import { countMessagesTokens } from './messages-tokens';

describe('ANTHROPIC_INBOUND', () => {
  it('serves an Anthropic channel natively and any chat channel through one conversion per chat adaptor', () => {
    expect(ANTHROPIC_INBOUND.chatAdaptor(anthropicProvider())).toBeInstanceOf(AnthropicMessagesAdaptor);
    const openai = openAiProvider();
    const overChat = ANTHROPIC_INBOUND.chatAdaptor(openai);
    expect(overChat).toBeInstanceOf(MessagesOverChat);
    expect(ANTHROPIC_INBOUND.chatAdaptor(openai)).toBe(overChat);
    expect(ANTHROPIC_INBOUND.chatAdaptor(geminiProvider())).toBeInstanceOf(MessagesOverChat);
    expect(ANTHROPIC_INBOUND.chatAdaptor({ passthrough: openai.passthrough })).toBeUndefined();
  });

  it('forwards the client’s anthropic-version and anthropic-beta, nothing else', () => {
    expect(ANTHROPIC_INBOUND.nativeHeaders({ 'anthropic-version': '2023-06-01', 'anthropic-beta': 'a,b', 'x-api-key': 'sk-x', 'user-agent': 'u' })).toEqual({
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'a,b',
    });
    expect(ANTHROPIC_INBOUND.nativeHeaders({})).toEqual({});
  });

  it.each([
    ['no messages', { model: 'm', max_tokens: 10, messages: [] }, 'messages'],
    ['no max_tokens', { model: 'm', messages: [{ role: 'user', content: 'Hi' }] }, 'max_tokens'],
    ['max_tokens 0', { model: 'm', max_tokens: 0, messages: [{ role: 'user', content: 'Hi' }] }, 'max_tokens'],
    ['system as a number', { model: 'm', max_tokens: 10, system: 5, messages: [{ role: 'user', content: 'Hi' }] }, 'system'],
    ['stream as text', { model: 'm', max_tokens: 10, stream: 'yes', messages: [{ role: 'user', content: 'Hi' }] }, 'stream'],
  ])('refuses a body with %s', (_what, body, named) => {
    expect(() => ANTHROPIC_INBOUND.check(body)).toThrow(expect.objectContaining({ status: 400, message: expect.stringContaining(named) }));
  });

  it('takes a count_tokens body without max_tokens', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'Hi' }] };
    expect(checkCountTokensBody(body)).toBe(body);
  });
});

describe(anthropicErrorReply.name, () => {
  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [403, 'permission_error'],
    [413, 'request_too_large'],
    [422, 'invalid_request_error'],
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [502, 'api_error'],
  ])('answers HTTP %i as %s', (status, type) => {
    expect(anthropicErrorReply(new RelayError(status, 'why'))).toEqual({ status, body: { type: 'error', error: { type, message: 'why' } } });
  });

  it('answers "no channel for the model" as Anthropic answers an unknown model: 404, which its clients do not retry', () => {
    expect(anthropicErrorReply(new RelayError(503, 'none', 'upstream_error', 'model_not_found'))).toEqual({ status: 404, body: { type: 'error', error: { type: 'not_found_error', message: 'none' } } });
  });
});

describe('ANTHROPIC_FRAMING', () => {
  it('names every event and ends a broken stream with an error event in Anthropic’s shape', () => {
    expect(ANTHROPIC_FRAMING.encode({ event: 'ping', data: '{"type":"ping"}' })).toBe('event: ping\ndata: {"type":"ping"}\n\n');
    expect(ANTHROPIC_FRAMING.end).toBe('');
    expect(ANTHROPIC_FRAMING.error('cut')).toBe('event: error\ndata: {"type":"error","error":{"type":"api_error","message":"cut"}}\n\n');
  });
});

describe(countMessagesTokens.name, () => {
  it('counts the system prompt, text, tool calls and results and tool definitions, not base64 data', () => {
    const tool = { name: 'get_weather', description: 'Weather', input_schema: { type: 'object' } };
    const body = {
      system: [{ type: 'text', text: 'Be brief.' }],
      tools: [tool],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(4000) } }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Paris' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '18°C' }] },
      ],
    };
    const text = ['Be brief.', 'Weather?', 'get_weather', '{"city":"Paris"}', '18°C', 'get_weather', 'Weather', '{"type":"object"}'].join('\n');
    expect(countMessagesTokens(body)).toBe(countTokens(text) + 3 * 3 + 3);
  });
});

describe(anthropicModelPage.name, () => {
  const models = ['a', 'b', 'c', 'd'].map((id, index) => ({ id, created: 1_700_000_000 + index }));

  it('lists models in Anthropic’s shape', () => {
    expect(anthropicModelPage(models.slice(0, 1), {})).toEqual({
      data: [{ type: 'model', id: 'a', display_name: 'a', created_at: '2023-11-14T22:13:20.000Z' }],
      has_more: false,
      first_id: 'a',
      last_id: 'a',
    });
  });

  it('pages by limit, after_id and before_id', () => {
    const ids = (page: Record<string, any>) => page.data.map((model: { id: string }) => model.id);
    expect(ids(anthropicModelPage(models, { limit: '2' }))).toEqual(['a', 'b']);
    expect(anthropicModelPage(models, { limit: '2' }).has_more).toBe(true);
    expect(ids(anthropicModelPage(models, { limit: '2', after_id: 'b' }))).toEqual(['c', 'd']);
    expect(anthropicModelPage(models, { limit: '2', after_id: 'b' }).has_more).toBe(false);
    expect(ids(anthropicModelPage(models, { limit: '2', before_id: 'd' }))).toEqual(['b', 'c']);
    expect(anthropicModelPage([], {})).toEqual({ data: [], has_more: false, first_id: null, last_id: null });
  });
});
