import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { INT4_MAX } from '../../common/int-range';
import { MSG_CHANNEL_NOT_FOUND } from '../channel-rules';
import { KEY_MODES, MSG_KEY_MODE } from '../multi-key-rules';
import { ChannelFieldsDto } from './channel-fields.dto';

export class UpdateChannelDto extends ChannelFieldsDto {
  @Type(() => Number)
  @IsInt({ message: '渠道 ID 必须是整数' })
  @Min(1, { message: '渠道 ID 必须是整数' })
  @Max(INT4_MAX, { message: MSG_CHANNEL_NOT_FOUND })
  id: number;

  /** What a non-empty `key` does to a multi-key channel: adds its keys (default) or replaces them all. */
  @IsOptional()
  @IsIn(KEY_MODES, { message: MSG_KEY_MODE })
  key_mode?: (typeof KEY_MODES)[number];
}
