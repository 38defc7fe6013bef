import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const TOKEN_PAGE_SIZE_DEFAULT = 10;
export const TOKEN_PAGE_SIZE_MAX = 100;
/** Keeps the row offset a plain integer for the database. */
const PAGE_MAX = 10_000_000;

/** `GET /api/token/`: `p` zero-based, `size` 1–100 (docs/console-api.md "Paging"). */
export class ListTokensQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '页码必须是整数' })
  @Min(0, { message: '页码不能小于 0' })
  @Max(PAGE_MAX, { message: '页码过大' })
  p?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '每页数量必须是整数' })
  @Min(1, { message: '每页数量至少为 1' })
  @Max(TOKEN_PAGE_SIZE_MAX, { message: `每页数量不能超过 ${TOKEN_PAGE_SIZE_MAX}` })
  size?: number;
}
