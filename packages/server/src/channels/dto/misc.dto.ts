import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT4_MAX, IsInt4 } from '../../common/int-range';
import { MSG_OUT_OF_RANGE } from '../../common/input-rules';

export class ChannelIdsDto {
  @IsArray({ message: '请先选择要删除的渠道' })
  @ArrayNotEmpty({ message: '请先选择要删除的渠道' })
  @ArrayMaxSize(10_000)
  @Type(() => Number)
  @IsInt({ each: true, message: '渠道 ID 必须是整数' })
  @Max(INT4_MAX, { each: true, message: MSG_OUT_OF_RANGE })
  ids: number[];
}

export class FetchModelsDto {
  @Type(() => Number)
  @IsInt4('渠道类型必须是整数')
  type: number;

  @IsOptional()
  @IsString()
  @MaxLength(512)
  base_url?: string;

  @IsString({ message: '请填写密钥' })
  @IsNotEmpty({ message: '请填写密钥' })
  @MaxLength(10_000)
  key: string;
}

export class UpdateAbilityDto {
  @Type(() => Number)
  @IsInt({ message: '渠道 ID 必须是整数' })
  @Min(1, { message: '渠道 ID 必须是整数' })
  @Max(INT4_MAX, { message: MSG_OUT_OF_RANGE })
  channel_id: number;

  @IsString({ message: '请指定分组' })
  @IsNotEmpty({ message: '请指定分组' })
  group: string;

  @IsString({ message: '请指定模型' })
  @IsNotEmpty({ message: '请指定模型' })
  model: string;

  @IsOptional()
  @IsBoolean({ message: 'is_deep_seek 必须是布尔值' })
  is_deep_seek?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'is_viewable 必须是布尔值' })
  is_viewable?: boolean;
}
