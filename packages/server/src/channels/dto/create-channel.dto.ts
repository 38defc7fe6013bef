import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import { ChannelFieldsDto } from './channel-fields.dto';

export class CreateChannelDto extends ChannelFieldsDto {
  /** Copy: with an empty key, the new channel takes this channel's key. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  copy_from?: number;
}
