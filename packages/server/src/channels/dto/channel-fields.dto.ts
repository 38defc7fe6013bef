import { COST_RATIO_MAX, MSG_COST_RATIO, MULTI_KEY_MODES, type MultiKeyMode } from '@gw/shared';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsInt4 } from '../../common/int-range';
import { MSG_STATUS } from '../channel-rules';
import { MSG_MULTI_KEY_MODE } from '../multi-key-rules';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** '1.2' → 1.2; '' and text that is not wholly a decimal number stay as they are, for the validator to refuse. */
const numericText = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value) ? Number(value) : value);

/** Channel fields a create or an update may carry; every one optional here, rules in channel-rules.ts. */
export class ChannelFieldsDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt4('渠道类型必须是整数')
  type?: number;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: '渠道名称必须是字符串' })
  @MaxLength(128, { message: '渠道名称不能超过 128 个字符' })
  name?: string;

  @IsOptional()
  @IsString({ message: '渠道密钥必须是字符串' })
  @MaxLength(100_000, { message: '渠道密钥过长' })
  key?: string;

  /** '' keeps a single-key channel; 'random' or 'polling' makes or keeps it a multi-key one (multi-key-rules.ts). */
  @IsOptional()
  @IsIn(['', ...MULTI_KEY_MODES], { message: MSG_MULTI_KEY_MODE })
  multi_key_mode?: '' | MultiKeyMode;

  @IsOptional()
  @IsString()
  @MaxLength(512, { message: '代理地址过长' })
  base_url?: string;

  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  other?: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  openai_organization?: string;

  @IsOptional()
  @IsString()
  @MaxLength(128)
  test_model?: string;

  /** Comma-joined, or a list. */
  @IsOptional()
  models?: string | string[];

  /** Comma-joined group (the list page's name) … */
  @IsOptional()
  @IsString()
  group?: string;

  /** … or a list (the form's name). */
  /** A list, or comma-joined. */
  @IsOptional()
  groups?: string | string[];

  @IsOptional()
  @IsString()
  @MaxLength(100_000)
  model_mapping?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100_000)
  status_code_mapping?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100_000)
  model_req_config?: string;

  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  model_req_limit?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt4('最大输入 Token 数必须是不小于 0 的整数', 0)
  max_input_tokens?: number;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(64, { message: '标签不能超过 64 个字符' })
  tag?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '优先级必须是整数' })
  @Min(-999, { message: '优先级不能小于 -999' })
  @Max(1_000_000, { message: '优先级过大' })
  priority?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '权重必须是整数' })
  @Max(1_000_000, { message: '权重过大' })
  weight?: number;

  @IsOptional()
  @Type(() => Number)
  @IsIn([0, 1], { message: '自动禁用只能是 0 或 1' })
  auto_ban?: number;

  /** A number, or a numeric string from a form; anything else (empty text, null, true) is refused as it is (null too: it is no ratio). */
  @ValidateIf((_dto, value) => value !== undefined)
  @Transform(numericText)
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: MSG_COST_RATIO })
  @Min(0, { message: MSG_COST_RATIO })
  @Max(COST_RATIO_MAX, { message: MSG_COST_RATIO })
  cost_ratio?: number;

  @IsOptional()
  @Type(() => Number)
  // 3 (disabled by the gateway) only as the stored status sent back unchanged: ChannelsService.update.
  @IsIn([1, 2, 3], { message: MSG_STATUS })
  status?: number;
}
