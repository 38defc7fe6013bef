import { Type } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import { ChannelFieldsDto } from './channel-fields.dto';

export class UpdateChannelDto extends ChannelFieldsDto {
  @Type(() => Number)
  @IsInt({ message: '渠道 ID 必须是整数' })
  @Min(1, { message: '渠道 ID 必须是整数' })
  id: number;
}
