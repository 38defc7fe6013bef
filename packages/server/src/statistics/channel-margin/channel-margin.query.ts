import { CHANNEL_MARGIN_GROUPS, MSG_CHANNEL_MARGIN_GROUP, type ChannelMarginGroup } from '@gw/shared';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { INT4_MAX } from '../../common/int-range';
import { TimeBound } from '../../common/time-bound';
import { TextFilter } from '../dto/statistics-query.dto';

const MSG_CHANNEL_ID = '渠道 ID 必须是正整数';

/** `GET /api/statistics/channel-margin`: the range as `GET /api/statistics` takes it, a channel, a model and the grouping. */
export class ChannelMarginQueryDto {
  @TimeBound('开始时间')
  startTime!: number;

  @TimeBound('结束时间')
  endTime!: number;

  @IsOptional()
  @IsIn(CHANNEL_MARGIN_GROUPS, { message: MSG_CHANNEL_MARGIN_GROUP })
  group_by?: ChannelMarginGroup;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: MSG_CHANNEL_ID })
  @Min(1, { message: MSG_CHANNEL_ID })
  @Max(INT4_MAX, { message: MSG_CHANNEL_ID })
  channel_id?: number;

  @TextFilter('模型名称')
  modelName?: string;
}
