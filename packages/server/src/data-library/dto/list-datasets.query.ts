import { DATA_MARKET_PAGE_SIZE } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsMarketPage, IsMarketPageSize } from './market-paging';

/** `GET /api/data_library_info/`: page from 1, page_size 1–100 (9 by default), types any-of, a search text. */
export class ListDatasetsQuery {
  @IsMarketPage()
  page?: number;

  @IsMarketPageSize()
  page_size?: number = DATA_MARKET_PAGE_SIZE;

  /** Comma-separated DATA_TYPES; a dataset matches when it has any of them. */
  @IsOptional()
  @IsString({ message: '数据类型必须是字符串' })
  @MaxLength(200, { message: '数据类型过长' })
  data_type?: string;

  /** Contained in the name or the description, case-insensitively. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: '搜索关键字必须是字符串' })
  @MaxLength(100, { message: '搜索关键字过长' })
  description?: string;
}
