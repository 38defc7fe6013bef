import { MSG_DATASET_NOT_FOUND } from '@gw/shared';
import { Type } from 'class-transformer';
import { IsId } from '../../common/int-range';
import { IsMarketPage, IsMarketPageSize } from './market-paging';

export const SOURCE_PAGE_SIZE_DEFAULT = 10;

/** `GET /api/data_library_info/source`: a dataset's records, page from 1. */
export class ListSourceQuery {
  @Type(() => Number)
  @IsId(MSG_DATASET_NOT_FOUND)
  belong_id: number;

  @IsMarketPage()
  page?: number;

  @IsMarketPageSize()
  page_size?: number = SOURCE_PAGE_SIZE_DEFAULT;
}
