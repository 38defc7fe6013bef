import { TOPUP_ORDER_STATUSES, type TopupOrderStatus } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { INT4_MAX } from '../../common/int-range';
import { IsPageIndex, IsPageSize } from '../../common/paging';

/** Unset when empty: the page sends "all" as an empty value. */
const unsetWhenEmpty = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);
const numberOrUnset = ({ value }: { value: unknown }) => {
  const present = unsetWhenEmpty({ value });
  return typeof present === 'string' && /^\d{1,16}$/.test(present) ? Number(present) : present;
};

/** `GET /api/user/topup/self`: the caller's orders, `p` zero-based. */
export class ListOwnTopupOrdersQuery {
  @IsPageIndex()
  p?: number;

  @IsPageSize()
  page_size?: number;
}

/** `GET /api/user/topup/` (admin): every order, filtered by user and status. */
export class ListTopupOrdersQuery extends ListOwnTopupOrdersQuery {
  @IsOptional()
  @Transform(numberOrUnset)
  @IsInt({ message: '用户 ID 必须是正整数' })
  @Min(1, { message: '用户 ID 必须是正整数' })
  @Max(INT4_MAX, { message: '用户 ID 必须是正整数' })
  user_id?: number;

  @IsOptional()
  @Transform(unsetWhenEmpty)
  @IsIn(TOPUP_ORDER_STATUSES, { message: '订单状态无效（pending、paid 或 expired）' })
  status?: TopupOrderStatus;
}
