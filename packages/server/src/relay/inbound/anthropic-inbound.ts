import type { NamedEvent } from '../adaptors/adaptor';
import { isObject, type Json } from '../json';
import { checkRelayBody } from '../relay-body';
import { RelayError } from '../relay-error';
import { headerOf } from '../relay-request';
import type { ClientFraming } from '../stream/client-framing';
import type { InboundFormat } from './inbound-format';
import { perChatAdaptor } from './per-chat-adaptor';
import { MessagesOverChat } from './messages-over-chat';
import { countMessagesTokens } from './messages-tokens';

/** Anthropic's error types by HTTP status (its API reference, "Errors"); other 4xx are invalid requests, other 5xx api errors. */
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/**
 * A relay error in Anthropic's shape, `{type: 'error', error: {type, message}}`. No channel for
 * the model is 404 not_found_error, as Anthropic answers a model it does not serve: a 5xx would
 * have Anthropic's clients retry what cannot succeed.
 */
export function anthropicErrorReply(error: RelayError): { status: number; body: unknown } {
  const status = error.code === 'model_not_found' ? 404 : error.status;
  const type = ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return { status, body: { type: 'error', error: { type, message: error.message } } };
}

/** Anthropic's stream framing: every event named; message_stop is the end; a late failure is an error event. */
export const ANTHROPIC_FRAMING: ClientFraming<NamedEvent> = {
  encode: (chunk) => `event: ${chunk.event}\ndata: ${chunk.data}\n\n`,
  end: '',
  error: (message) => `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'api_error', message } })}\n\n`,
};

const invalid = (message: string) => new RelayError(400, message, 'invalid_request_error', null);

/** A Messages body as count_tokens takes it: turns and a system prompt, on top of what every relay body is held to (relay-body.ts). */
export function checkCountTokensBody(body: Json): Json {
  checkRelayBody(body);
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw invalid('messages 不能为空');
  const system = body.system;
  if (system !== undefined && system !== null && typeof system !== 'string' && !(Array.isArray(system) && system.every(isObject))) {
    throw invalid('system 必须是字符串或内容数组');
  }
  return body;
}

/** A Messages request also names its completion budget, which Anthropic requires. */
function checkMessagesBody(body: Json): Json {
  checkCountTokensBody(body);
  if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) throw invalid('max_tokens 是必填参数，且必须是正整数');
  return body;
}

/** The client's headers an Anthropic channel receives as they came: the API version and beta features the request is written for. */
const FORWARDED_HEADERS = ['anthropic-version', 'anthropic-beta'];

/** Each chat adaptor's Messages conversion, made once. */
const messagesOverChat = perChatAdaptor((chat) => new MessagesOverChat(chat));

/**
 * Anthropic's Messages API (POST /v1/messages), as Claude Code and the Anthropic SDKs speak it.
 * An Anthropic channel serves it natively (adaptors/anthropic-messages.adaptor.ts); any other
 * channel through its chat adaptor and the conversions of this folder.
 */
export const ANTHROPIC_INBOUND: InboundFormat<NamedEvent> = {
  name: 'anthropic',
  framing: ANTHROPIC_FRAMING,
  check: checkMessagesBody,
  promptTokens: countMessagesTokens,
  chatAdaptor: (provider) => provider.messages ?? (provider.chat ? messagesOverChat(provider.chat) : undefined),
  nativeHeaders: (headers) => {
    const forwarded: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = headerOf(headers, name);
      if (value) forwarded[name] = value;
    }
    return forwarded;
  },
  errorReply: anthropicErrorReply,
};
