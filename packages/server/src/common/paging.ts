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

/** `page` of the lists paged from 1 (spec 3 §7): a whole number from 1. */
export const IsNumberedPage = () =>
  applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: '页码必须是不小于 1 的整数' }),
    Min(1, { message: '页码必须是不小于 1 的整数' }),
    Max(PAGE_INDEX_MAX, { message: '页码过大' }),
  );

/** `page_size` of those lists: 1 to `max`. */
export const IsNumberedPageSize = (max: number) =>
  applyDecorators(
    IsOptional(),
    Type(() => Number),
    IsInt({ message: `每页条数必须在 1 到 ${max} 之间` }),
    Min(1, { message: `每页条数必须在 1 到 ${max} 之间` }),
    Max(max, { message: `每页条数必须在 1 到 ${max} 之间` }),
  );

/** One page of a list, as every paged console call answers it (docs/console-api.md "Paging"). */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** The page a list call asks for (`p` from 0, `page_size`), and the rows it covers. */
export function requestedPage(query: { p?: number; page_size?: number }): { page: number; size: number; skip: number; take: number } {
  const page = query.p ?? 0;
  const size = query.page_size ?? PAGE_SIZE_DEFAULT;
  return { page, size, skip: page * size, take: size };
}

/** The answer for a page: the found rows (as findAndCount / getManyAndCount give them) in their views. */
export function listPage<Row, View>([rows, total]: [Row[], number], { page, size }: { page: number; size: number }, view: (row: Row) => View): ListPage<View> {
  return { items: rows.map(view), total, page, page_size: size };
}

/**
 * One page of a list whose `page` counts from 1: the data market, compare chat, workflow and file
 * calls (spec 3 §7), which name their rows `list`.
 */
export interface NumberedPage<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/** The page such a call asks for (`page` from 1, `page_size` or the call's default), and the rows it covers. */
export function requestedNumberedPage(query: { page?: number; page_size?: number }, defaultSize: number): { page: number; size: number; skip: number; take: number } {
  const page = query.page ?? 1;
  const size = query.page_size ?? defaultSize;
  return { page, size, skip: (page - 1) * size, take: size };
}

/** The answer for such a page: the found rows (as findAndCount / getManyAndCount give them) in their views. */
export function numberedPage<Row, View>([rows, total]: [Row[], number], { page, size }: { page: number; size: number }, view: (row: Row) => View): NumberedPage<View> {
  return { list: rows.map(view), total, page, page_size: size };
}
