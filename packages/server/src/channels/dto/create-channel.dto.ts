import { Type } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsId } from '../../common/int-range';
import { MSG_CHANNEL_NOT_FOUND } from '../channel-rules';
import { ChannelFieldsDto } from './channel-fields.dto';

export class CreateChannelDto extends ChannelFieldsDto {
  /** Copy: with an empty key, the new channel takes this channel's key. */
  @IsOptional()
  @Type(() => Number)
  @IsId(MSG_CHANNEL_NOT_FOUND)
  copy_from?: number;
}
