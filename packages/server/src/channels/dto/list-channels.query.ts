import { IsPageIndex, IsPageSize } from '../../common/paging';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

const bool = ({ value }: { value: unknown }) => value === true || value === 'true' || value === '1';

export class ListChannelsQuery {
  @IsPageIndex()
  p?: number;

  @IsPageSize()
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
