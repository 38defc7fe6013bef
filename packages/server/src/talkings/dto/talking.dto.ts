import { ARENA_CATEGORY_MAX_LENGTH, CHAT_PAGE_SIZE_MAX, MSG_ARENA_CATEGORY_TOO_LONG, TALKING_EXPORT_FORMATS, TALKING_MODES, type TalkingExportFormat, type TalkingMode } from '@gw/shared';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
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

  /** 'arena': a blind battle (issue 33); its models are opened by POST /relay/v1/arena/battle. */
  @IsOptional()
  @IsIn(TALKING_MODES, { message: '对话模式必须是 chat 或 arena' })
  mode?: TalkingMode;

  /** The leaderboard's category of a battle. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: '分类必须是文本' })
  @MaxLength(ARENA_CATEGORY_MAX_LENGTH, { message: MSG_ARENA_CATEGORY_TOO_LONG })
  category?: string;
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
