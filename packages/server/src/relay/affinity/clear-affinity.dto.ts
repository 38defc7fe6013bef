import { Type } from 'class-transformer';
import { MSG_CHANNEL_NOT_FOUND } from '../../channels/channel-rules';
import { IsId } from '../../common/int-range';

/** POST /api/channel/affinity/clear: the channel whose bound sessions are dropped. */
export class ClearAffinityDto {
  @Type(() => Number)
  @IsId(MSG_CHANNEL_NOT_FOUND)
  channel_id: number;
}
