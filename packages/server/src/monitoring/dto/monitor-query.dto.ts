import { MONITOR_MAX_IDS, MONITOR_TIME_TYPES, MONITOR_TYPES, STATS_FILTER_MAX_LENGTH, type MonitorTimeType, type MonitorType } from '@gw/shared';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { TimeBound } from '../../common/time-bound';

const TIME_TYPE_MESSAGE = 'timeType 只能是 1（分钟）、2（小时）或 3（天）';
const MONITOR_TYPE_MESSAGE = 'monitorType 只能是 1（上游）或 2（下游）';

/** `POST /api/monitor/self` (spec 2 §7 Monitor). */
export class MonitorQueryDto {
  @IsIn(Object.values(MONITOR_TIME_TYPES), { message: TIME_TYPE_MESSAGE })
  timeType!: MonitorTimeType;

  @IsIn(Object.values(MONITOR_TYPES), { message: MONITOR_TYPE_MESSAGE })
  monitorType!: MonitorType;

  @IsOptional()
  @IsInt({ message: 'userId 必须是整数' })
  @Min(1, { message: 'userId 必须是正整数' })
  userId?: number;

  @TimeBound('开始时间', 'body')
  startTime!: number;

  @TimeBound('结束时间', 'body')
  endTime!: number;

  @IsOptional()
  @IsArray({ message: 'channelIds 必须是数组' })
  @ArrayMaxSize(MONITOR_MAX_IDS, { message: `channelIds 最多 ${MONITOR_MAX_IDS} 个` })
  @IsInt({ each: true, message: 'channelIds 必须是整数数组' })
  channelIds?: number[];

  @IsOptional()
  @IsArray({ message: 'tokenIds 必须是数组' })
  @ArrayMaxSize(MONITOR_MAX_IDS, { message: `tokenIds 最多 ${MONITOR_MAX_IDS} 个` })
  @IsInt({ each: true, message: 'tokenIds 必须是整数数组' })
  tokenIds?: number[];

  @IsOptional()
  @IsArray({ message: 'modelNames 必须是数组' })
  @ArrayMaxSize(MONITOR_MAX_IDS, { message: `modelNames 最多 ${MONITOR_MAX_IDS} 个` })
  @IsString({ each: true, message: 'modelNames 必须是字符串数组' })
  @MaxLength(STATS_FILTER_MAX_LENGTH, { each: true, message: '模型名称过长' })
  modelNames?: string[];
}

/** `GET /api/monitor/channels|tokens|models`: what the filters offer within a range. */
export class MonitorOptionsQuery {
  @Type(() => Number)
  @IsIn(Object.values(MONITOR_TIME_TYPES), { message: TIME_TYPE_MESSAGE })
  timeType!: MonitorTimeType;

  @IsOptional()
  @Type(() => Number)
  @IsIn(Object.values(MONITOR_TYPES), { message: MONITOR_TYPE_MESSAGE })
  monitor_type?: MonitorType;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'userId 必须是整数' })
  @Min(1, { message: 'userId 必须是正整数' })
  userId?: number;

  @TimeBound('开始时间')
  start_time!: number;

  @TimeBound('结束时间')
  end_time!: number;
}
