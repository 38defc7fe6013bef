import { IsPageIndex, IsPageSize, PAGE_SIZE_DEFAULT } from '../../common/paging';

export const TOKEN_PAGE_SIZE_DEFAULT = PAGE_SIZE_DEFAULT;

/** `GET /api/token/`: `p` zero-based, `size` 1–100 (docs/console-api.md "Paging"). */
export class ListTokensQuery {
  @IsPageIndex()
  p?: number;

  @IsPageSize()
  size?: number;
}
