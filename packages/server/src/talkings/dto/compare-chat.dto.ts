import { MSG_CHAT_MESSAGE_NOT_FOUND, MSG_CHAT_MESSAGE_REQUIRED, MSG_CHAT_SELECT_MODEL_FIRST, MSG_CONVERSATION_NOT_FOUND, MSG_TALKING_NOT_FOUND } from '@gw/shared';
import { applyDecorators } from '@nestjs/common';
import { IsInt, isArray, isBoolean, isInt, isNotEmpty, isString, Max, max, maxLength, Min, min } from 'class-validator';
import { BusinessError } from '../../common/business.error';
import { INT4_MAX } from '../../common/int-range';
import { MODEL_NAME_MAX_LENGTH, MSG_MODEL_NAME_TOO_LONG } from './chat-fields.rules';

/** A message row's id (a bigint column): a positive safe integer, else the message is not found. */
export const IsMessageId = () =>
  applyDecorators(
    IsInt({ message: MSG_CHAT_MESSAGE_NOT_FOUND }),
    Min(1, { message: MSG_CHAT_MESSAGE_NOT_FOUND }),
    Max(Number.MAX_SAFE_INTEGER, { message: MSG_CHAT_MESSAGE_NOT_FOUND }),
  );

/** The sampling parameters a compare chat call may carry, checked against the model's rules (paramRulesFor). */
export const CHAT_SAMPLING_PARAMS = ['temperature', 'top_p', 'top_k', 'presence_penalty', 'frequency_penalty', 'max_tokens', 'seed'] as const;

/**
 * `POST /v1/chat/completions` from the compare chat (a session, no key). Only the last user message
 * of `messages` is read (the new query); the server builds the history itself. `last_id` asks for
 * a regenerated answer of that row, `last_edit_id` for an edited query of that row's round.
 */
export interface CompareChatDto {
  /** Required but in an arena battle, whose conversations answer with their hidden model. */
  model?: string | null;
  messages: unknown[];
  conversation_id: number;
  talking_id: number;
  last_id?: number | null;
  last_edit_id?: number | null;
  enable_thinking?: boolean | null;
  /** The compare chat always streams; the field is accepted and ignored. */
  stream?: boolean | null;
  temperature?: unknown;
  top_p?: unknown;
  top_k?: unknown;
  presence_penalty?: unknown;
  frequency_penalty?: unknown;
  max_tokens?: unknown;
  seed?: unknown;
}

const MSG_ENABLE_THINKING = 'enable_thinking 必须是 true 或 false';
const MSG_STREAM = 'stream 必须是 true 或 false';

const isIdUpTo = (value: unknown, most: number): value is number => isInt(value) && min(value, 1) && max(value, most);
const absent = (value: unknown): value is null | undefined => value === undefined || value === null;

/**
 * Reads a compare chat call: the rules a DTO class with IsModelName, IsArray, IsId, IsMessageId and
 * IsBoolean would give, checked in that order with class-validator's own checks and messages, and
 * only the known fields kept (the validation pipe's whitelist; the sampling parameters are checked
 * against the model's rules later, checkModelParams). Not a class through the validation pipe: on
 * the relay's hot path, class-transformer's copy and class-validator's walk cost more CPU than the
 * rest of the answer in a burst (docs/performance.md, compare chat). Throws the first rule broken.
 */
export function readCompareChat(body: Record<string, unknown>): CompareChatDto {
  const { model, messages, conversation_id, talking_id, last_id, last_edit_id, enable_thinking, stream } = body;
  // Absent is allowed for an arena conversation (CompareChatService.prepare decides); present, it must be a name.
  if (!absent(model) && (!isString(model) || !isNotEmpty(model))) throw new BusinessError(MSG_CHAT_SELECT_MODEL_FIRST);
  if (!absent(model) && !maxLength(model, MODEL_NAME_MAX_LENGTH)) throw new BusinessError(MSG_MODEL_NAME_TOO_LONG);
  if (!isArray(messages)) throw new BusinessError(MSG_CHAT_MESSAGE_REQUIRED);
  if (!isIdUpTo(conversation_id, INT4_MAX)) throw new BusinessError(MSG_CONVERSATION_NOT_FOUND);
  if (!isIdUpTo(talking_id, INT4_MAX)) throw new BusinessError(MSG_TALKING_NOT_FOUND);
  if (!absent(last_id) && !isIdUpTo(last_id, Number.MAX_SAFE_INTEGER)) throw new BusinessError(MSG_CHAT_MESSAGE_NOT_FOUND);
  if (!absent(last_edit_id) && !isIdUpTo(last_edit_id, Number.MAX_SAFE_INTEGER)) throw new BusinessError(MSG_CHAT_MESSAGE_NOT_FOUND);
  if (!absent(enable_thinking) && !isBoolean(enable_thinking)) throw new BusinessError(MSG_ENABLE_THINKING);
  if (!absent(stream) && !isBoolean(stream)) throw new BusinessError(MSG_STREAM);
  const call: CompareChatDto = { model, messages, conversation_id, talking_id, last_id, last_edit_id, enable_thinking, stream };
  for (const name of CHAT_SAMPLING_PARAMS) call[name] = body[name];
  return call;
}

/** `POST /relay/v1/conversation/stop_message`: the characters of the answer the user saw when they stopped it. */
export class StopMessageDto {
  @IsMessageId()
  message_id: number;

  @IsInt({ message: '停止位置必须是 0 到 10000000 之间的整数' })
  @Min(0, { message: '停止位置必须是 0 到 10000000 之间的整数' })
  @Max(10_000_000, { message: '停止位置必须是 0 到 10000000 之间的整数' })
  stop_index: number;
}
