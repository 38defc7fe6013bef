import { WORKFLOW_RUN_PAGE_SIZE } from '@gw/shared';
import { IsNumberedPage, IsNumberedPageSize } from '../../../common/paging';

/** `GET /api/share/run/:token/samples?page=&page_size=`: a page of the shared run's samples, like the owner's detail. */
export class SharedSamplesQuery {
  @IsNumberedPage()
  page?: number;

  @IsNumberedPageSize(100)
  page_size?: number = WORKFLOW_RUN_PAGE_SIZE;
}
