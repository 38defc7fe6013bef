import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsPageIndex, IsPageSize } from '../../common/paging';

/** `GET /api/redemption/`: `p` zero-based, `page_size` 1–100 (docs/console-api.md "Paging"). */
export class ListRedemptionsQuery {
  @IsPageIndex()
  p?: number;

  @IsPageSize()
  page_size?: number;
}

/** `GET /api/redemption/search`: the id, or a part of the name; paged like the list. */
export class SearchRedemptionsQuery extends ListRedemptionsQuery {
  @IsOptional()
  @IsString({ message: '搜索关键字必须是字符串' })
  @MaxLength(64, { message: '搜索关键字过长' })
  keyword?: string;
}
