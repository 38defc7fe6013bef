import {
  PROJECT_SEARCH_MAX_LENGTH,
  WORKFLOW_EXPORT_FORMATS,
  WORKFLOW_QUERY_MAX_LENGTH,
  WORKFLOW_REPEATS_MAX,
  WORKFLOW_RERUN_SCOPES,
  WORKFLOW_COMPARE_STATES,
  type WorkflowCompareState,
  type WorkflowRerunScope,
  WORKFLOW_RESPONSE_MODES,
  WORKFLOW_RUN_MAX_SAMPLES,
  WORKFLOW_RUN_PAGE_SIZE,
  type WorkflowExportFormat,
  type WorkflowResponseMode,
} from '@gw/shared';
import { Transform, Type } from 'class-transformer';
import { IsNumberedPage, IsNumberedPageSize } from '../../../common/paging';
import { IsArray, IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';

const INT4_MAX = 2_147_483_647;
const MSG_APP_ID = '项目 ID 必须是正整数';
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `inputs` of a run: the source, when it is not the graph's own. */
export class RunInputsDto {
  @IsOptional()
  @IsInt({ message: '数据集 ID 必须是正整数' })
  @Min(1, { message: '数据集 ID 必须是正整数' })
  @Max(INT4_MAX, { message: '数据集 ID 必须是正整数' })
  data_market_id?: number;

  @IsOptional()
  @IsInt({ message: '文件 ID 必须是正整数' })
  @Min(1, { message: '文件 ID 必须是正整数' })
  @Max(INT4_MAX, { message: '文件 ID 必须是正整数' })
  text_file_id?: number;

  /** The sample field asked: a plain field name. */
  @IsOptional()
  @IsString({ message: '数据字段必须是字符串' })
  @Matches(/^[\p{L}\p{N}_.-]{1,100}$/u, { message: '数据字段只能包含字母、数字、下划线、点和连字符（最多 100 个字符）' })
  data_source_key?: string;

  @IsOptional()
  @IsInt({ message: '样本数量必须是正整数' })
  @Min(1, { message: '样本数量必须是正整数' })
  @Max(WORKFLOW_RUN_MAX_SAMPLES, { message: `样本数量不能超过 ${WORKFLOW_RUN_MAX_SAMPLES}` })
  limit?: number;
}

/** `POST /api/workflow/chat-messages` and `/estimate` (spec 3 §7). */
export class RunInputDto {
  @IsInt({ message: MSG_APP_ID })
  @Min(1, { message: MSG_APP_ID })
  @Max(INT4_MAX, { message: MSG_APP_ID })
  app_id!: number;

  @IsOptional()
  @IsIn(WORKFLOW_RESPONSE_MODES, { message: `response_mode 必须是 ${WORKFLOW_RESPONSE_MODES.join('、')} 之一` })
  response_mode: WorkflowResponseMode = 'streaming';

  @IsOptional()
  @IsString({ message: '问题必须是字符串' })
  @MaxLength(WORKFLOW_QUERY_MAX_LENGTH, { message: `问题不能超过 ${WORKFLOW_QUERY_MAX_LENGTH} 个字符` })
  query?: string;

  @IsOptional()
  @IsObject({ message: 'inputs 必须是对象' })
  @ValidateNested()
  @Type(() => RunInputsDto)
  inputs?: RunInputsDto;

  /** Accepted as the spec lists it; files of a run come from the input node or `inputs.text_file_id`. */
  @IsOptional()
  @IsArray({ message: 'files 必须是数组' })
  files?: unknown[];

  @IsOptional()
  @IsBoolean({ message: 'run_whole_data 必须是布尔值' })
  run_whole_data?: boolean;

  /** Checked by readScorers (scoring/scorer-rules.ts): its shape depends on each scorer's type. */
  @IsOptional()
  @IsArray({ message: '评分方式必须是数组' })
  scorers?: unknown[];

  @IsOptional()
  @IsInt({ message: `重复次数必须是 1 到 ${WORKFLOW_REPEATS_MAX} 之间的整数` })
  @Min(1, { message: `重复次数必须是 1 到 ${WORKFLOW_REPEATS_MAX} 之间的整数` })
  @Max(WORKFLOW_REPEATS_MAX, { message: `重复次数必须是 1 到 ${WORKFLOW_REPEATS_MAX} 之间的整数` })
  repeats?: number;

  @IsOptional()
  @IsString({ message: 'conversation_id 必须是字符串' })
  @MaxLength(100, { message: 'conversation_id 过长' })
  conversation_id?: string;

  @IsOptional()
  @IsString({ message: 'parent_message_id 必须是字符串' })
  @MaxLength(100, { message: 'parent_message_id 过长' })
  parent_message_id?: string;
}

/** `GET /api/workflow/runs?page=&page_size=&search_key=` and the detail's paging. */
export class ListRunsQuery {
  @IsNumberedPage()
  page?: number;

  @IsNumberedPageSize(100)
  page_size?: number = WORKFLOW_RUN_PAGE_SIZE;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: '搜索关键字必须是字符串' })
  @MaxLength(PROJECT_SEARCH_MAX_LENGTH, { message: '搜索关键字过长' })
  search_key?: string;
}

export class ExportRunQuery {
  @IsOptional()
  @IsIn(WORKFLOW_EXPORT_FORMATS, { message: `导出格式必须是 ${WORKFLOW_EXPORT_FORMATS.join('、')} 之一` })
  format: WorkflowExportFormat = 'excel';
}

/** `POST /api/workflow/scorers/:appId`. */
export class SaveScorersDto {
  @IsArray({ message: '评分方式必须是数组' })
  scorers!: unknown[];
}

/** `POST /api/workflow/runs/:id/rerun`. */
export class RerunDto {
  @IsOptional()
  @IsIn(WORKFLOW_RERUN_SCOPES, { message: `only 必须是 ${WORKFLOW_RERUN_SCOPES.join('、')} 之一` })
  only?: WorkflowRerunScope;

  @IsOptional()
  @IsArray({ message: '评分方式必须是数组' })
  scorers?: unknown[];
}

const MSG_COMPARE_RUN = '运行 ID 必须是正整数';

/** `GET /api/workflow/runs/compare?base=&other=&page=&page_size=&state=`. */
export class CompareRunsQuery {
  @Type(() => Number)
  @IsInt({ message: MSG_COMPARE_RUN })
  @Min(1, { message: MSG_COMPARE_RUN })
  @Max(INT4_MAX, { message: MSG_COMPARE_RUN })
  base!: number;

  @Type(() => Number)
  @IsInt({ message: MSG_COMPARE_RUN })
  @Min(1, { message: MSG_COMPARE_RUN })
  @Max(INT4_MAX, { message: MSG_COMPARE_RUN })
  other!: number;

  @IsNumberedPage()
  page?: number;

  @IsNumberedPageSize(100)
  page_size?: number = WORKFLOW_RUN_PAGE_SIZE;

  @IsOptional()
  @IsIn(WORKFLOW_COMPARE_STATES, { message: `state 必须是 ${WORKFLOW_COMPARE_STATES.join('、')} 之一` })
  state?: WorkflowCompareState;
}
