import { DASHBOARD_GRANULARITIES, STATS_FILTER_MAX_LENGTH, type DashboardGranularity } from '@gw/shared';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { UNIX_SECONDS_MAX } from '../../logs/dto/log-query.dto';

const TIME_MESSAGE = (label: string) => `${label}必须是以秒为单位的时间戳`;

/** `GET /api/data/` and `/api/data/self`. */
export class DashboardQueryDto {
  @Type(() => Number)
  @IsInt({ message: TIME_MESSAGE('开始时间') })
  @Min(0, { message: TIME_MESSAGE('开始时间') })
  @Max(UNIX_SECONDS_MAX, { message: TIME_MESSAGE('开始时间') })
  start_timestamp!: number;

  @Type(() => Number)
  @IsInt({ message: TIME_MESSAGE('结束时间') })
  @Min(0, { message: TIME_MESSAGE('结束时间') })
  @Max(UNIX_SECONDS_MAX, { message: TIME_MESSAGE('结束时间') })
  end_timestamp!: number;

  @IsOptional()
  @IsIn(DASHBOARD_GRANULARITIES, { message: 'time_granularity 只能是 hour、day 或 week' })
  time_granularity?: DashboardGranularity;

  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: '用户名必须是字符串' })
  @MaxLength(STATS_FILTER_MAX_LENGTH, { message: '用户名过长' })
  username?: string;
}
