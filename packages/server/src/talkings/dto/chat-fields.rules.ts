import { MSG_CHAT_RENAME_REQUIRED, MSG_CHAT_RENAME_TOO_LONG, MSG_CHAT_SELECT_MODEL_FIRST, TALKING_NAME_MAX_LENGTH, TALKING_SUMMARY_MAX_LENGTH } from '@gw/shared';
import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT4_MAX } from '../../common/int-range';

/** The longest model name a conversation or a saved config holds (varchar(255)). */
export const MODEL_NAME_MAX_LENGTH = 255;
export const MSG_MODEL_NAME_TOO_LONG = `模型名称不能超过 ${MODEL_NAME_MAX_LENGTH} 个字符`;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A model's name as the catalogue lists it: required, kept as sent (names are ids). */
export const IsModelName = () =>
  applyDecorators(
    IsString({ message: MSG_CHAT_SELECT_MODEL_FIRST }),
    IsNotEmpty({ message: MSG_CHAT_SELECT_MODEL_FIRST }),
    MaxLength(MODEL_NAME_MAX_LENGTH, { message: MSG_MODEL_NAME_TOO_LONG }),
  );

/** A talking's name: trimmed, required, at most TALKING_NAME_MAX_LENGTH characters. */
export const IsTalkingName = () =>
  applyDecorators(
    Transform(trim),
    IsString({ message: MSG_CHAT_RENAME_REQUIRED }),
    IsNotEmpty({ message: MSG_CHAT_RENAME_REQUIRED }),
    MaxLength(TALKING_NAME_MAX_LENGTH, { message: MSG_CHAT_RENAME_TOO_LONG }),
  );

const MSG_SUMMARY = `对话摘要不能超过 ${TALKING_SUMMARY_MAX_LENGTH} 个字符`;
export const IsTalkingSummary = () =>
  applyDecorators(IsOptional(), IsString({ message: '对话摘要必须是字符串' }), MaxLength(TALKING_SUMMARY_MAX_LENGTH, { message: MSG_SUMMARY }));

/** An optional whole number of a query string, from `min` to `max`. */
export const IsQueryInt = (message: string, min: number, max = INT4_MAX) =>
  applyDecorators(IsOptional(), Type(() => Number), IsInt({ message }), Min(min, { message }), Max(max, { message }));
