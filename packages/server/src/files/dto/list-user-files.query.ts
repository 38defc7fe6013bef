import { MSG_USER_FILE_APP_ID, MSG_USER_FILE_SEARCH_KEY, USER_FILE_PAGE_SIZE, USER_FILE_PAGE_SIZE_MAX } from '@gw/shared';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { INT4_MAX } from '../../common/int-range';
import { IsMarketPage } from '../../data-library/dto/market-paging';

const MSG_PAGE_SIZE = `每页条数必须在 1 到 ${USER_FILE_PAGE_SIZE_MAX} 之间`;

/** `GET /api/file_upload/`: page from 1, page_size 1–100 (10 by default), a project, a search text. */
export class ListUserFilesQuery {
  @IsMarketPage()
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: '每页条数必须是整数' })
  @Min(1, { message: MSG_PAGE_SIZE })
  @Max(USER_FILE_PAGE_SIZE_MAX, { message: MSG_PAGE_SIZE })
  page_size?: number = USER_FILE_PAGE_SIZE;

  /** An empty app_id (a cleared filter) is no filter. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : typeof value === 'string' ? Number(value) : value))
  @IsInt({ message: MSG_USER_FILE_APP_ID })
  @Min(1, { message: MSG_USER_FILE_APP_ID })
  @Max(INT4_MAX, { message: MSG_USER_FILE_APP_ID })
  app_id?: number;

  /** Contained in the file name, case-insensitively. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: MSG_USER_FILE_SEARCH_KEY })
  @MaxLength(100, { message: MSG_USER_FILE_SEARCH_KEY })
  search_key?: string;
}
