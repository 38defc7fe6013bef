import { DASHBOARD_GRANULARITIES, STATS_FILTER_MAX_LENGTH, type DashboardGranularity } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { TimeBound } from '../../common/time-bound';


/** `GET /api/data/` and `/api/data/self`. */
export class DashboardQueryDto {
  @TimeBound('开始时间')
  start_timestamp!: number;

  @TimeBound('结束时间')
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
