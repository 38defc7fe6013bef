import { IsPageIndex, IsPageSize } from '../../common/paging';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { TimeBound, UNIX_SECONDS_MAX } from '../../common/time-bound';
import { LOG_TYPE } from '../log.entity';

export { PAGE_SIZE_DEFAULT as LOG_PAGE_SIZE_DEFAULT } from '../../common/paging';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * `GET /api/log/self/` and `/api/log/self/stat` (spec 2 §7 Logs): the filters a user may set on
 * their own logs. `p` is zero-based; 0 (or nothing) for type, timestamps and status means "any".
 */
export class LogQuery {
  @IsPageIndex()
  p?: number;

  @IsPageSize()
  page_size?: number;

  @IsOptional()
  @Type(() => Number)
  @IsIn([0, ...Object.values(LOG_TYPE)], { message: '日志类型无效' })
  type?: number;

  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: '令牌名称必须是字符串' })
  @MaxLength(64, { message: '令牌名称过长' })
  token_name?: string;

  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: '模型名称必须是字符串' })
  @MaxLength(255, { message: '模型名称过长' })
  model_name?: string;

  @IsOptional()
  @TimeBound('起始时间')
  start_timestamp?: number;

  @IsOptional()
  @TimeBound('结束时间')
  end_timestamp?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '状态码必须是整数' })
  @Min(0, { message: '状态码无效' })
  @Max(999, { message: '状态码无效' })
  status_code?: number;
}

/** `GET /api/log/` and `/api/log/stat`: an admin may also filter by user and channel. */
export class AdminLogQuery extends LogQuery {
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: '用户名必须是字符串' })
  @MaxLength(64, { message: '用户名过长' })
  username?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '渠道 ID 必须是整数' })
  @Min(0, { message: '渠道 ID 必须是整数' })
  @Max(2_147_483_647, { message: '渠道 ID 必须是整数' })
  channel?: number;
}

const MSG_PICK_TIME = '请选择日志记录时间';

/** `DELETE /api/log/?target_timestamp=`: logs created before this unix time go. */
export class DeleteLogsQuery {
  @Type(() => Number)
  @IsInt({ message: MSG_PICK_TIME })
  @Min(1, { message: MSG_PICK_TIME })
  @Max(UNIX_SECONDS_MAX, { message: MSG_PICK_TIME })
  target_timestamp: number;
}
