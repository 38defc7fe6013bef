import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, MaxLength, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { Type } from 'class-transformer';

/** An IANA timezone name the runtime knows (Intl throws a RangeError for any other). */
@ValidatorConstraint({ name: 'isTimeZone' })
class IsTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }

  defaultMessage(): string {
    return 'STATS_TIMEZONE must be an IANA timezone name such as Asia/Shanghai or UTC';
  }
}

/** The environment the server accepts (DESIGN.md §3). Checked at start; a bad value stops the start. */
export class EnvDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'PORT must be a whole number' })
  @Min(1, { message: 'PORT must be between 1 and 65535' })
  @Max(65535, { message: 'PORT must be between 1 and 65535' })
  PORT?: number;

  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_:-]{1,64}$/, { message: 'REDIS_PREFIX may hold letters, digits, _ : - (at most 64)' })
  REDIS_PREFIX?: string;

  @IsOptional()
  @IsIn(['all', 'api', 'worker'], { message: 'ROLE must be one of all, api, worker' })
  ROLE?: 'all' | 'api' | 'worker';

  @IsOptional()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  SESSION_SECRET?: string;

  @IsOptional()
  @MinLength(32, { message: 'CRYPTO_SECRET must be at least 32 characters' })
  CRYPTO_SECRET?: string;

  @IsOptional()
  @MinLength(8, { message: 'INITIAL_ROOT_PASSWORD must be 8 to 20 characters' })
  @MaxLength(20, { message: 'INITIAL_ROOT_PASSWORD must be 8 to 20 characters' })
  INITIAL_ROOT_PASSWORD?: string;

  @IsOptional()
  @IsString()
  TRUSTED_PROXIES?: string;

  @IsOptional()
  @IsString()
  WEB_DIST_DIR?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'WORKFLOW_RUN_CONCURRENCY must be a whole number (answers asked at once per workflow run)' })
  @Min(1, { message: 'WORKFLOW_RUN_CONCURRENCY must be between 1 and 256' })
  @Max(256, { message: 'WORKFLOW_RUN_CONCURRENCY must be between 1 and 256' })
  WORKFLOW_RUN_CONCURRENCY?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'TASK_POLL_SECONDS must be a whole number of seconds' })
  @Min(1, { message: 'TASK_POLL_SECONDS must be between 1 and 3600' })
  @Max(3600, { message: 'TASK_POLL_SECONDS must be between 1 and 3600' })
  TASK_POLL_SECONDS?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'TASK_TIMEOUT_MINUTES must be a whole number of minutes' })
  @Min(1, { message: 'TASK_TIMEOUT_MINUTES must be between 1 and 10080' })
  @Max(10080, { message: 'TASK_TIMEOUT_MINUTES must be between 1 and 10080' })
  TASK_TIMEOUT_MINUTES?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'SESSION_IDLE_MINUTES must be a whole number of minutes' })
  @Min(5, { message: 'SESSION_IDLE_MINUTES must be between 5 and 525600' })
  @Max(525600, { message: 'SESSION_IDLE_MINUTES must be between 5 and 525600' })
  SESSION_IDLE_MINUTES?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'SESSION_MAX_MINUTES must be a whole number of minutes' })
  @Min(5, { message: 'SESSION_MAX_MINUTES must be between 5 and 525600' })
  @Max(525600, { message: 'SESSION_MAX_MINUTES must be between 5 and 525600' })
  SESSION_MAX_MINUTES?: number;

  @IsOptional()
  @IsString()
  @Validate(IsTimeZone)
  STATS_TIMEZONE?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64, { message: 'INSTANCE_NAME must be at most 64 characters (it names this process in the statistics)' })
  INSTANCE_NAME?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'RATE_LIMIT_API must be a whole number (requests per minute per client)' })
  @Min(1, { message: 'RATE_LIMIT_API must be at least 1' })
  RATE_LIMIT_API?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'RATE_LIMIT_AUTH must be a whole number (login/register/reset attempts per minute per client)' })
  @Min(1, { message: 'RATE_LIMIT_AUTH must be at least 1' })
  RATE_LIMIT_AUTH?: number;

  @IsOptional()
  @IsIn(['error', 'warn', 'log', 'debug'], { message: 'LOG_LEVEL must be one of error, warn, log, debug' })
  LOG_LEVEL?: 'error' | 'warn' | 'log' | 'debug';

  @IsOptional()
  @IsIn(['text', 'json'], { message: 'LOG_FORMAT must be text or json' })
  LOG_FORMAT?: 'text' | 'json';

  @IsOptional()
  @IsString()
  OUTBOUND_ALLOW_PRIVATE?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'STRIPE_API_URL must be an http(s) URL' })
  STRIPE_API_URL?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'GITHUB_OAUTH_BASE_URL must be an http(s) URL' })
  GITHUB_OAUTH_BASE_URL?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'GITHUB_API_BASE_URL must be an http(s) URL' })
  GITHUB_API_BASE_URL?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'LINUXDO_OAUTH_BASE_URL must be an http(s) URL' })
  LINUXDO_OAUTH_BASE_URL?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'TURNSTILE_VERIFY_URL must be an http(s) URL' })
  TURNSTILE_VERIFY_URL?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'S3_ENDPOINT must be an http(s) URL' })
  S3_ENDPOINT?: string;

  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)' })
  S3_BUCKET?: string;

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY?: string;

  @IsOptional()
  @IsString()
  S3_SECRET_KEY?: string;

  @IsOptional()
  @Matches(/^[a-z0-9-]{1,32}$/, { message: 'S3_REGION must be a region name such as us-east-1' })
  S3_REGION?: string;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, { message: 'S3_PUBLIC_URL must be an http(s) URL' })
  S3_PUBLIC_URL?: string;
}
