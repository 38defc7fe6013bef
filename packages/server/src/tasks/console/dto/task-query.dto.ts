import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsPageIndex, IsPageSize } from '../../../common/paging';
import { TimeBound } from '../../../common/time-bound';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The filters both task lists share (spec 2 §7 Tasks): page, time range in unix seconds. */
class TaskQueryBase {
  @IsPageIndex()
  p?: number;

  @IsPageSize()
  page_size?: number;

  @IsOptional()
  @TimeBound('起始时间')
  start_timestamp?: number;

  @IsOptional()
  @TimeBound('结束时间')
  end_timestamp?: number;

  /** Administrators only (the /self lists ignore it). */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '渠道 ID 必须是整数' })
  @Min(0, { message: '渠道 ID 必须是整数' })
  @Max(2_147_483_647, { message: '渠道 ID 必须是整数' })
  channel_id?: number;
}

/** `GET /api/mj/` and `/api/mj/self/`. */
export class DrawingTaskQuery extends TaskQueryBase {
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: '任务 ID 必须是字符串' })
  @MaxLength(64, { message: '任务 ID 过长' })
  mj_id?: string;
}

/** `GET /api/task/` and `/api/task/self`. */
export class AsyncTaskQuery extends TaskQueryBase {
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: '任务 ID 必须是字符串' })
  @MaxLength(64, { message: '任务 ID 过长' })
  task_id?: string;
}
