import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class TagDto {
  @Transform(trim)
  @IsString({ message: '请指定标签' })
  @IsNotEmpty({ message: '请指定标签' })
  @MaxLength(64)
  tag: string;
}

export class EditTagDto extends TagDto {
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(64, { message: '标签不能超过 64 个字符' })
  new_tag?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100_000)
  model_mapping?: string;

  /** A list, or comma-joined. */
  @IsOptional()
  groups?: string | string[];

  @IsOptional()
  models?: string | string[];

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'priority must be an integer' })
  @Min(-999, { message: '优先级不能小于 -999' })
  @Max(1_000_000)
  priority?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'weight must be a non-negative integer' })
  @Min(0, { message: 'weight must be a non-negative integer' })
  @Max(1_000_000)
  weight?: number;
}
