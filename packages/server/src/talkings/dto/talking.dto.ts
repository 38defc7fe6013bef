import { CHAT_PAGE_SIZE_MAX, TALKING_EXPORT_FORMATS, type TalkingExportFormat } from '@gw/shared';
import { IsIn } from 'class-validator';
import { IsNumberedPage, IsNumberedPageSize } from '../../common/paging';
import { IsTalkingName, IsTalkingSummary } from './chat-fields.rules';

/** `GET /relay/v1/talking/?page=&page_size=`: `page` from 1. */
export class ListTalkingsQuery {
  @IsNumberedPage()
  page?: number;

  @IsNumberedPageSize(CHAT_PAGE_SIZE_MAX)
  page_size?: number;
}

/** `POST /relay/v1/talking/`. */
export class CreateTalkingDto {
  @IsTalkingName()
  name: string;

  @IsTalkingSummary()
  summary?: string;
}

/** `PUT /relay/v1/talking/:id`: a rename. */
export class RenameTalkingDto {
  @IsTalkingName()
  name: string;
}

/** `GET /relay/v1/talking/:id/export?format=`. */
export class ExportTalkingQuery {
  @IsIn(TALKING_EXPORT_FORMATS, { message: '导出格式必须是 markdown 或 json' })
  format: TalkingExportFormat;
}
