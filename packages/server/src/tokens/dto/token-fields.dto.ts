import { TOKEN_NEVER_EXPIRES } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateBy, ValidationArguments } from 'class-validator';
import { firstInvalidIp, normaliseAllowIps, normaliseModelLimits } from '../token-fields';

export const TOKEN_NAME_MAX_LENGTH = 50;
/** 9999-12-31 23:59:59 UTC: anything later is a time in milliseconds sent by mistake. */
const EXPIRY_MAX = 253_402_300_799;
const TEXT_MAX_LENGTH = 20_000;
const RATE_PER_MINUTE_MAX = 1_000_000;

const whenString = (normalise: (value: string) => string) => ({ value }: { value: unknown }) =>
  typeof value === 'string' ? normalise(value) : value;

const isExpiry = (value: unknown): boolean =>
  value === TOKEN_NEVER_EXPIRES || (typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= EXPIRY_MAX);

/** -1 (never) or a unix time in seconds; whether it lies in the future is the service's check. */
const IsExpiry = () => ValidateBy({ name: 'isTokenExpiry', validator: { validate: isExpiry } }, { message: '过期时间格式错误' });

const ipListMessage = (args: ValidationArguments): string =>
  `IP 白名单格式错误：${String(firstInvalidIp(String(args.value))).slice(0, 64)}（每行一个 IP 地址或 CIDR 网段）`;

/** One IP address or CIDR range per line (after normalisation), the message naming the first wrong line. */
const IsIpList = () =>
  ValidateBy({ name: 'isIpList', validator: { validate: (value: unknown) => typeof value === 'string' && firstInvalidIp(value) === undefined } }, { message: ipListMessage });

/**
 * The fields a user sets on a token (spec 2 §3, §5). The name is always required; any other field
 * left out takes its default on create and keeps its stored value on update.
 */
export class TokenFieldsDto {
  @Transform(whenString((value) => value.trim()))
  @IsString({ message: '请输入令牌名称' })
  @IsNotEmpty({ message: '请输入令牌名称' })
  @MaxLength(TOKEN_NAME_MAX_LENGTH, { message: `令牌名称不能超过 ${TOKEN_NAME_MAX_LENGTH} 个字符` })
  name: string;

  @IsOptional()
  @IsInt({ message: '剩余额度必须是整数' })
  @Min(0, { message: '剩余额度不能小于 0' })
  @Max(Number.MAX_SAFE_INTEGER, { message: '剩余额度过大' })
  remain_quota?: number;

  @IsOptional()
  @IsBoolean({ message: '无限额度必须是 true 或 false' })
  unlimited_quota?: boolean;

  @IsOptional()
  @IsInt({ message: '过期时间格式错误' })
  @IsExpiry()
  expired_time?: number;

  @IsOptional()
  @IsBoolean({ message: '模型限制开关必须是 true 或 false' })
  model_limits_enabled?: boolean;

  @IsOptional()
  @Transform(whenString(normaliseModelLimits))
  @IsString({ message: '模型限制必须是以逗号分隔的模型名称' })
  @MaxLength(TEXT_MAX_LENGTH, { message: '模型限制过长' })
  model_limits?: string;

  @IsOptional()
  @Transform(whenString(normaliseAllowIps))
  @IsString({ message: 'IP 白名单必须是每行一个 IP 地址或 CIDR 网段' })
  @MaxLength(TEXT_MAX_LENGTH, { message: 'IP 白名单过长' })
  @IsIpList()
  allow_ips?: string;

  @IsOptional()
  @Transform(whenString((value) => value.trim()))
  @IsString({ message: '分组名称必须是字符串' })
  @MaxLength(64, { message: '分组不存在或无权使用' })
  group?: string;

  @IsOptional()
  @IsBoolean({ message: '速率限制开关必须是 true 或 false' })
  rate_limit_enabled?: boolean;

  @IsOptional()
  @IsInt({ message: '每分钟请求次数必须是整数' })
  @Min(0, { message: '每分钟请求次数不能小于 0' })
  @Max(RATE_PER_MINUTE_MAX, { message: `每分钟请求次数不能超过 ${RATE_PER_MINUTE_MAX}` })
  rate_per_minute?: number;
}
