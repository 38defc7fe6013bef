import { MSG_CHAT_MESSAGE_NOT_FOUND, MSG_CHAT_MESSAGE_REQUIRED, MSG_CONVERSATION_NOT_FOUND, MSG_TALKING_NOT_FOUND } from '@gw/shared';
import { applyDecorators } from '@nestjs/common';
import { Allow, IsArray, IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsId } from '../../common/int-range';
import { IsModelName } from './chat-fields.rules';

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
export class CompareChatDto {
  @IsModelName()
  model: string;

  @IsArray({ message: MSG_CHAT_MESSAGE_REQUIRED })
  messages: unknown[];

  @IsId(MSG_CONVERSATION_NOT_FOUND)
  conversation_id: number;

  @IsId(MSG_TALKING_NOT_FOUND)
  talking_id: number;

  @IsOptional()
  @IsMessageId()
  last_id?: number | null;

  @IsOptional()
  @IsMessageId()
  last_edit_id?: number | null;

  @IsOptional()
  @IsBoolean({ message: 'enable_thinking 必须是 true 或 false' })
  enable_thinking?: boolean | null;

  /** The compare chat always streams; the field is accepted and ignored. */
  @IsOptional()
  @IsBoolean({ message: 'stream 必须是 true 或 false' })
  stream?: boolean;

  // Kept through the whitelist and checked by checkModelParams (an unknown one for the model is refused there).
  @Allow() temperature?: unknown;
  @Allow() top_p?: unknown;
  @Allow() top_k?: unknown;
  @Allow() presence_penalty?: unknown;
  @Allow() frequency_penalty?: unknown;
  @Allow() max_tokens?: unknown;
  @Allow() seed?: unknown;
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
