import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { CUSTOMER_CONNECT_STATUS } from '@gw/shared';
import { INT8_MAX } from '../../common/int-range';
import { IsPageSize } from '../../common/paging';

export const MSG_BAD_DATE_RANGE = '时间范围格式错误';
export const MSG_BAD_STATUS = '状态值无效';
const STATUSES: number[] = Object.values(CUSTOMER_CONNECT_STATUS);
const PAGE_MAX = 10_000_000;

/** Unset when empty: the page sends the all-statuses entry as an empty value. */
const numberOrUnset = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value);
/** `[start, end]` in a JSON body, `start,end` in a query string; unset when empty. */
const range = ({ value }: { value: unknown }) => {
  if (value === '' || value === null) return undefined;
  const parts = typeof value === 'string' ? value.split(',') : value;
  return Array.isArray(parts) ? parts.map((part) => (typeof part === 'string' && part.trim() !== '' ? Number(part) : part)) : parts;
};

/**
 * `POST /api/customer_connect/admin` (spec 2 §7): `page` (from 1), `page_size`, `status` and
 * `dateRange` (unix seconds, both ends included, on `updated_at`), in the query string or the body.
 */
export class ListCustomerConnectsDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '页码必须是整数' })
  @Min(1, { message: '页码不能小于 1' })
  @Max(PAGE_MAX, { message: '页码过大' })
  page?: number;

  @IsPageSize()
  page_size?: number;

  @IsOptional()
  @Transform(numberOrUnset)
  @IsIn(STATUSES, { message: MSG_BAD_STATUS })
  status?: number;

  @IsOptional()
  @Transform(range)
  @IsArray({ message: MSG_BAD_DATE_RANGE })
  @ArrayMinSize(2, { message: MSG_BAD_DATE_RANGE })
  @ArrayMaxSize(2, { message: MSG_BAD_DATE_RANGE })
  @IsInt({ each: true, message: MSG_BAD_DATE_RANGE })
  @Min(0, { each: true, message: MSG_BAD_DATE_RANGE })
  @Max(INT8_MAX, { each: true, message: MSG_BAD_DATE_RANGE })
  dateRange?: [number, number];
}
