import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
/** Keeps the row offset a plain integer for the database. */
const PAGE_INDEX_MAX = 10_000_000;

/** `p`: the zero-based page index of every list call (docs/console-api.md "Paging"). */
export const IsPageIndex = () =>
  applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: '页码必须是整数' }),
    Min(0, { message: '页码不能小于 0' }),
    Max(PAGE_INDEX_MAX, { message: '页码过大' }),
  );

/** The page size (`page_size`, or `size` for tokens): 1 to 100. */
export const IsPageSize = () =>
  applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: '每页条数必须是整数' }),
    Min(1, { message: `每页条数必须在 1 到 ${PAGE_SIZE_MAX} 之间` }),
    Max(PAGE_SIZE_MAX, { message: `每页条数必须在 1 到 ${PAGE_SIZE_MAX} 之间` }),
  );
