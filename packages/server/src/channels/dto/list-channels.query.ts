import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const bool = ({ value }: { value: unknown }) => value === true || value === 'true' || value === '1';

export class ListChannelsQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '页码必须是整数' })
  @Min(0, { message: '页码不能小于 0' })
  p?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '每页条数必须是整数' })
  @Min(1, { message: '每页条数必须在 1 到 100 之间' })
  @Max(100, { message: '每页条数必须在 1 到 100 之间' })
  page_size?: number;

  @IsOptional()
  @Transform(bool)
  id_sort?: boolean;

  @IsOptional()
  @Transform(bool)
  tag_mode?: boolean;
}

export class SearchChannelsQuery extends ListChannelsQuery {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  keyword?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  group?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  model?: string;
}
