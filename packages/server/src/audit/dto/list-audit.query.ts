import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT4_MAX } from '../../common/int-range';
import { IsPageIndex, IsPageSize } from '../../common/paging';
import { TimeBound } from '../../common/time-bound';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** An empty filter from the console's form means "any"; anything else is read as a number (text that is none fails IsInt). */
const optionalNumber = ({ value }: { value: unknown }) => (value === '' || value === undefined ? undefined : Number(value));

/** `GET /api/audit/`: `p` from 0 like every console list (docs/console-api.md "Paging"), newest first. */
export class ListAuditQuery {
  @IsPageIndex()
  p?: number;

  @IsPageSize()
  page_size?: number;

  @IsOptional()
  @Transform(optionalNumber)
  @IsInt({ message: '操作人 ID 必须是整数' })
  @Min(1, { message: '操作人 ID 必须是正整数' })
  @Max(INT4_MAX, { message: '操作人 ID 过大' })
  actor_id?: number;

  @IsOptional()
  @Transform(trimmed)
  @IsIn([...AUDIT_ACTIONS, ''], { message: '操作类型无效' })
  action?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsIn([...AUDIT_TARGET_TYPES, ''], { message: '对象类型无效' })
  target_type?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: '对象 ID 必须是字符串' })
  @MaxLength(128, { message: '对象 ID 过长' })
  target_id?: string;

  /** 0 (or nothing) means no bound, as in the logs' filters. */
  @IsOptional()
  @TimeBound('起始时间')
  start_timestamp?: number;

  @IsOptional()
  @TimeBound('结束时间')
  end_timestamp?: number;
}
