import {
  ARENA_CATEGORY_MAX_LENGTH,
  ARENA_DRAWS,
  ARENA_LEADERBOARD_SCOPES,
  ARENA_MAX_MODELS,
  type ArenaDraw,
  type ArenaLeaderboardScope,
  MSG_ARENA_CATEGORY_TOO_LONG,
  MSG_ARENA_MODEL_COUNT,
  MSG_ARENA_ROUND_NOT_FOUND,
  MSG_ARENA_WINNER_INVALID,
  MSG_CHAT_SELECT_MODEL_FIRST,
  MSG_TALKING_NOT_FOUND,
} from '@gw/shared';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { INT4_MAX, IsId } from '../../common/int-range';
import { MODEL_NAME_MAX_LENGTH, MSG_MODEL_NAME_TOO_LONG } from '../../talkings/dto/chat-fields.rules';

/** `POST /relay/v1/arena/battle`: `models` chosen (2–3), or `count` drawn at random (随机对战, default 2). */
export class OpenBattleDto {
  @IsId(MSG_TALKING_NOT_FOUND)
  talking_id: number;

  @IsOptional()
  @IsArray({ message: MSG_ARENA_MODEL_COUNT })
  @ArrayMaxSize(ARENA_MAX_MODELS, { message: MSG_ARENA_MODEL_COUNT })
  @IsString({ each: true, message: MSG_CHAT_SELECT_MODEL_FIRST })
  @IsNotEmpty({ each: true, message: MSG_CHAT_SELECT_MODEL_FIRST })
  @MaxLength(MODEL_NAME_MAX_LENGTH, { each: true, message: MSG_MODEL_NAME_TOO_LONG })
  models?: string[];

  @IsOptional()
  @IsInt({ message: MSG_ARENA_MODEL_COUNT })
  @Min(2, { message: MSG_ARENA_MODEL_COUNT })
  @Max(ARENA_MAX_MODELS, { message: MSG_ARENA_MODEL_COUNT })
  count?: number;
}

/** A conversation id of the battle, or a draw. */
const isWinner = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= INT4_MAX) || (typeof value === 'string' && (ARENA_DRAWS as readonly string[]).includes(value));

/** `POST /relay/v1/arena/vote`. */
export class VoteDto {
  @IsId(MSG_TALKING_NOT_FOUND)
  talking_id: number;

  @IsInt({ message: MSG_ARENA_ROUND_NOT_FOUND })
  @Min(1, { message: MSG_ARENA_ROUND_NOT_FOUND })
  @Max(Number.MAX_SAFE_INTEGER, { message: MSG_ARENA_ROUND_NOT_FOUND })
  round_id: number;

  @ValidateBy({ name: 'isArenaWinner', validator: { validate: isWinner, defaultMessage: () => MSG_ARENA_WINNER_INVALID } })
  winner: number | ArenaDraw;
}

/** `GET /relay/v1/arena/leaderboard?scope=&category=` (and the matrix). */
export class LeaderboardQuery {
  @IsOptional()
  @IsIn(ARENA_LEADERBOARD_SCOPES, { message: '范围必须是 me 或 all' })
  scope?: ArenaLeaderboardScope;

  @IsOptional()
  @Type(() => String)
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: '分类必须是文本' })
  @MaxLength(ARENA_CATEGORY_MAX_LENGTH, { message: MSG_ARENA_CATEGORY_TOO_LONG })
  category?: string;
}
