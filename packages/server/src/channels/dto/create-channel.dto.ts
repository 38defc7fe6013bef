import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { IsId } from '../../common/int-range';
import { MSG_CHANNEL_NOT_FOUND } from '../channel-rules';
import { CREATE_MODES, MSG_CREATE_MODE } from '../multi-key-rules';
import { ChannelFieldsDto } from './channel-fields.dto';

export class CreateChannelDto extends ChannelFieldsDto {
  /** 'multi_to_single': one channel holding every line of `key`; otherwise one channel per line. */
  @IsOptional()
  @IsIn(CREATE_MODES, { message: MSG_CREATE_MODE })
  mode?: (typeof CREATE_MODES)[number];

  /** Copy: with an empty key, the new channel takes this channel's key. */
  @IsOptional()
  @Type(() => Number)
  @IsId(MSG_CHANNEL_NOT_FOUND)
  copy_from?: number;
}
