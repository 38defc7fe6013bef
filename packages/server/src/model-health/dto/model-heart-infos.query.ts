import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { BusinessError } from '../../common/business.error';
import { UNIX_SECONDS_MAX } from '../../common/time-bound';

const MSG_START = '开始时间必须是以秒为单位的时间戳';
const MSG_END = '结束时间必须是以秒为单位的时间戳';

/** `GET /api/model_heart_infos`: a time range in unix seconds, by default the last 24 hours. */
export class ModelHeartInfosQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: MSG_START })
  @Min(0, { message: MSG_START })
  @Max(UNIX_SECONDS_MAX, { message: MSG_START })
  start_time?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: MSG_END })
  @Min(0, { message: MSG_END })
  @Max(UNIX_SECONDS_MAX, { message: MSG_END })
  end_time?: number;
}

const DAY_SECONDS = 24 * 3600;

/** The range asked for: an end defaults to now, a start to one day before the end. */
export function heartInfosRange(query: ModelHeartInfosQuery, now: number): { start: number; end: number } {
  const end = query.end_time ?? now;
  const start = query.start_time ?? Math.max(0, end - DAY_SECONDS);
  if (start > end) throw new BusinessError('开始时间不能晚于结束时间');
  return { start, end };
}
