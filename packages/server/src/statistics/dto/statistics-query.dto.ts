import { STATISTICS_DATE_TYPES, STATISTICS_PAGE_SIZE_MAX, STATS_FILTER_MAX_LENGTH, type StatisticsDateType } from '@gw/shared';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { TimeBound } from '../../common/time-bound';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** `abnormal=true` / `1` keeps only abnormal rows; anything else given is refused by IsBoolean. */
const flag = ({ value }: { value: unknown }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' || value === '' ? false : value);

/** An optional trimmed text filter of at most STATS_FILTER_MAX_LENGTH characters. */
export function TextFilter(label: string) {
  return function (target: object, property: string) {
    IsOptional()(target, property);
    Transform(trimmed)(target, property);
    IsString({ message: `${label}必须是字符串` })(target, property);
    MaxLength(STATS_FILTER_MAX_LENGTH, { message: `${label}过长` })(target, property);
  };
}

/** The filters of `GET /api/statistics` and its views and exports (spec 2 §7 Statistics). */
export class StatisticsFilterQuery {
  @TimeBound('开始时间')
  startTime!: number;

  @TimeBound('结束时间')
  endTime!: number;

  @IsOptional()
  @IsIn(STATISTICS_DATE_TYPES, { message: 'date_type 只能是 day 或 hour' })
  date_type?: StatisticsDateType;

  @TextFilter('用户名')
  username?: string;

  @TextFilter('实例')
  instance?: string;

  @TextFilter('模型名称')
  modelName?: string;

  @TextFilter('令牌名称')
  tokenName?: string;

  @IsOptional()
  @Transform(flag)
  @IsBoolean({ message: 'abnormal 只能是 true 或 false' })
  abnormal?: boolean;
}

export class StatisticsPageQuery extends StatisticsFilterQuery {
  /** From 1. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '页码必须是整数' })
  @Min(1, { message: '页码从 1 开始' })
  @Max(1_000_000, { message: '页码过大' })
  p?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '每页条数必须是整数' })
  @Min(1, { message: '每页条数至少为 1' })
  @Max(STATISTICS_PAGE_SIZE_MAX, { message: `每页条数最多 ${STATISTICS_PAGE_SIZE_MAX}` })
  page_size?: number;
}
