import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsPageIndex, IsPageSize } from '../../common/paging';

/** The console sends every filter, empty when unset. */
const trimmedOrUnset = ({ value }: { value: unknown }) => {
  const text = typeof value === 'string' ? value.trim() : value;
  return text === '' ? undefined : text;
};
/** A number, or unset when empty (not 0, which Number('') would give). */
const numberOrUnset = (params: { value: unknown }) => {
  const value = trimmedOrUnset(params);
  return value === undefined ? undefined : Number(value);
};
/** Query strings carry 'true' / 'false' (or 1 / 0); anything else stays as it is and fails IsBoolean. */
const flag = ({ value }: { value: unknown }) => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value === '' ? undefined : value;
};

/** `GET /api/channel/abilities`: the model management list (spec 2 §2), every filter optional. */
export class ListAbilitiesQuery {
  @IsPageIndex()
  p?: number;

  @IsPageSize()
  page_size?: number;

  /** Part of the model name, any case. */
  @IsOptional()
  @Transform(trimmedOrUnset)
  @IsString({ message: '模型名称必须是字符串' })
  @MaxLength(255, { message: '模型名称过长' })
  model?: string;

  @IsOptional()
  @Transform(trimmedOrUnset)
  @IsString({ message: '分组必须是字符串' })
  @MaxLength(64, { message: '分组名称过长' })
  group?: string;

  @IsOptional()
  @Transform(numberOrUnset)
  @IsInt({ message: '渠道 ID 必须是整数' })
  @Min(1, { message: '渠道 ID 必须是正整数' })
  @Max(2_147_483_647, { message: '渠道 ID 过大' })
  channel_id?: number;

  @IsOptional()
  @Transform(flag)
  @IsBoolean({ message: 'is_deep_seek 必须是 true 或 false' })
  is_deep_seek?: boolean;

  @IsOptional()
  @Transform(flag)
  @IsBoolean({ message: 'is_viewable 必须是 true 或 false' })
  is_viewable?: boolean;
}
