import { DATA_SOURCE_PAGE_SIZE_MAX } from '@gw/shared';
import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Keeps the row offset a plain integer for the database. */
const PAGE_MAX = 10_000_000;
const MSG_PAGE_SIZE = `每页条数必须在 1 到 ${DATA_SOURCE_PAGE_SIZE_MAX} 之间`;

/** The data market counts pages from 1 (spec 3 §7), unlike the console's zero-based `p`. */
export const IsMarketPage = () =>
  applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: '页码必须是整数' }),
    Min(1, { message: '页码不能小于 1' }),
    Max(PAGE_MAX, { message: '页码过大' }),
  );

export const IsMarketPageSize = () =>
  applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: '每页条数必须是整数' }),
    Min(1, { message: MSG_PAGE_SIZE }),
    Max(DATA_SOURCE_PAGE_SIZE_MAX, { message: MSG_PAGE_SIZE }),
  );
