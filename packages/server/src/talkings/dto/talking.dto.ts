import { CHAT_PAGE_SIZE_MAX, TALKING_EXPORT_FORMATS, type TalkingExportFormat } from '@gw/shared';
import { IsIn } from 'class-validator';
import { IsQueryInt, IsTalkingName, IsTalkingSummary } from './chat-fields.rules';

/** `GET /relay/v1/talking/?page=&page_size=`: `page` from 1. */
export class ListTalkingsQuery {
  @IsQueryInt('页码必须是不小于 1 的整数', 1, 10_000_000)
  page?: number;

  @IsQueryInt(`每页条数必须在 1 到 ${CHAT_PAGE_SIZE_MAX} 之间`, 1, CHAT_PAGE_SIZE_MAX)
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
