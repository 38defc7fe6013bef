import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';

/** Largest value of the tokens.id column (PostgreSQL integer). */
export const TOKEN_ID_MAX = 2_147_483_647;
export const MSG_TOKEN_NOT_FOUND = '令牌不存在';

/** A token id in a body: an integer the id column can hold; anything else names no token. */
export const IsTokenId = () =>
  applyDecorators(
    IsInt({ message: MSG_TOKEN_NOT_FOUND }),
    Min(1, { message: MSG_TOKEN_NOT_FOUND }),
    Max(TOKEN_ID_MAX, { message: MSG_TOKEN_NOT_FOUND }),
  );
