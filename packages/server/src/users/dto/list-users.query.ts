import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsPageIndex, IsPageSize } from '../../common/paging';

/** `GET /api/user/`: `p` zero-based, `page_size` 1–100 (docs/console-api.md "Paging"). */
export class ListUsersQuery {
  @IsPageIndex()
  p?: number;

  @IsPageSize()
  page_size?: number;
}

/** `GET /api/user/search`: a keyword over id, username, display name and e-mail, and/or a group; paged like the list. */
export class SearchUsersQuery extends ListUsersQuery {
  @IsOptional()
  @IsString({ message: '搜索关键字必须是字符串' })
  @MaxLength(64, { message: '搜索关键字过长' })
  keyword?: string;

  @IsOptional()
  @IsString({ message: '分组必须是字符串' })
  @MaxLength(64, { message: '分组名称过长' })
  group?: string;
}
