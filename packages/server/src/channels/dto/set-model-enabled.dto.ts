import { Type } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../common/int-range';
import { MSG_CHANNEL_NOT_FOUND } from '../channel-rules';

/** POST /api/channel/ability: an administrator enables or disables one model on one channel (every group). */
export class SetModelEnabledDto {
  @Type(() => Number)
  @IsId(MSG_CHANNEL_NOT_FOUND)
  channel_id: number;

  @IsString({ message: '请指定模型' })
  @IsNotEmpty({ message: '请指定模型' })
  @MaxLength(255, { message: '模型名称过长' })
  model: string;

  @IsBoolean({ message: 'enabled 必须是布尔值' })
  enabled: boolean;
}
