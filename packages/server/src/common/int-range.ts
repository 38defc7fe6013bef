import { applyDecorators, Injectable, PipeTransform } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';
import { BusinessError } from './business.error';
import { MSG_OUT_OF_RANGE } from './input-rules';

/** The largest value of a PostgreSQL `integer` column (ids, types, priorities, token counts). */
export const INT4_MAX = 2_147_483_647;
/** The largest integer a `bigint` column (quota) holds exactly here: JavaScript's safe integers. */
export const INT8_MAX = Number.MAX_SAFE_INTEGER;

/**
 * An integer field stored in an `integer` column: beyond it, "数值超出范围" instead of a database
 * error. `min` defaults to the column's own lower bound.
 */
export const IsInt4 = (message: string, min = -INT4_MAX - 1) =>
  applyDecorators(IsInt({ message }), Min(min, { message }), Max(INT4_MAX, { message: MSG_OUT_OF_RANGE }));

/** An id in a body: an integer the id column can hold; anything else names no record. */
export const IsId = (notFound: string) => applyDecorators(IsInt({ message: notFound }), Min(1, { message: notFound }), Max(INT4_MAX, { message: notFound }));

/** The `:id` of a route: a positive integer the id column can hold, or the route's "not found". */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFound: string) {}

  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : 0;
    if (id < 1 || id > INT4_MAX) throw new BusinessError(this.notFound);
    return id;
  }
}
