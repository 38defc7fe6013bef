import type { NamedEvent } from '../adaptors/adaptor';
import { INT4_MAX } from '../../common/int-range';
import { isObject, type Json } from '../json';
import { checkRelayBody } from '../relay-body';
import { RelayError } from '../relay-error';
import type { ClientFraming } from '../stream/client-framing';
import type { InboundFormat } from './inbound-format';
import { perChatAdaptor } from './per-chat-adaptor';
import { OPENAI_INBOUND } from './openai-inbound';
import { ResponsesOverChat } from './responses-over-chat';
import { countResponsesTokens } from './responses-tokens';

const invalid = (message: string) => new RelayError(400, message, 'invalid_request_error', 'invalid_request_error');

/**
 * The Responses API's stream framing: every event named after its type; the stream ends with its
 * final event (no [DONE]). A late failure is an error event when the translator cannot number
 * its own (StreamTranslator.failure).
 */
export const RESPONSES_FRAMING: ClientFraming<NamedEvent> = {
  encode: (chunk) => `event: ${chunk.event}\ndata: ${chunk.data}\n\n`,
  end: '',
  error: (message) => `event: error\ndata: ${JSON.stringify({ type: 'error', code: 'server_error', message, param: null, sequence_number: 0 })}\n\n`,
};

/** A Responses body: input as text or items, on top of what every relay body is held to (relay-body.ts). */
function checkResponsesBody(body: Json): Json {
  checkRelayBody(body);
  const input = body.input;
  if (input === undefined || input === null) {
    if (typeof body.previous_response_id !== 'string' && !isObject(body.prompt)) throw invalid('input 不能为空');
  } else if (typeof input !== 'string' && !(Array.isArray(input) && input.every(isObject))) {
    throw invalid('input 必须是字符串或输入条目（JSON 对象）的数组');
  }
  if (body.instructions != null && typeof body.instructions !== 'string') throw invalid('instructions 必须是字符串');
  const limit = body.max_output_tokens;
  if (limit != null && (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > INT4_MAX)) throw invalid(`max_output_tokens 必须是 1 到 ${INT4_MAX} 之间的整数`);
  if (body.tools != null && !(Array.isArray(body.tools) && body.tools.every(isObject))) throw invalid('tools 必须是工具（JSON 对象）的数组');
  if (body.previous_response_id != null && typeof body.previous_response_id !== 'string') throw invalid('previous_response_id 必须是字符串');
  return body;
}

/** Each chat adaptor's Responses conversion, made once. */
const responsesOverChat = perChatAdaptor((chat) => new ResponsesOverChat(chat));

/**
 * OpenAI's Responses API (POST /v1/responses), as Codex and the OpenAI SDKs speak it. OpenAI and
 * Azure channels serve it natively (adaptors/responses.adaptor.ts); any other channel through its
 * chat adaptor and the conversions of this folder. Errors are OpenAI's, as for chat completions.
 */
export const RESPONSES_INBOUND: InboundFormat<NamedEvent> = {
  name: 'responses',
  framing: RESPONSES_FRAMING,
  check: checkResponsesBody,
  promptTokens: countResponsesTokens,
  chatAdaptor: (provider) => provider.responses ?? (provider.chat ? responsesOverChat(provider.chat) : undefined),
  nativeHeaders: OPENAI_INBOUND.nativeHeaders,
  errorReply: OPENAI_INBOUND.errorReply,
};
