import {
  MSG_PROJECT_TITLE_REQUIRED,
  PROJECT_AUTHOR_MAX_LENGTH,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_PAGE_SIZE,
  PROJECT_PAGE_SIZE_MAX,
  PROJECT_SEARCH_MAX_LENGTH,
  PROJECT_STATUSES,
  PROJECT_TITLE_MAX_LENGTH,
  type ProjectStatus,
} from '@gw/shared';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsNumberedPage, IsNumberedPageSize } from '../../common/paging';
import { IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** A query filter sent empty (`status=`) is no filter. */
const emptyIsAbsent = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

const MSG_STATUS = `项目状态必须是 ${PROJECT_STATUSES.join('、')} 之一`;

const IsProjectTitle = () =>
  applyDecorators(
    Transform(trim),
    IsString({ message: MSG_PROJECT_TITLE_REQUIRED }),
    IsNotEmpty({ message: MSG_PROJECT_TITLE_REQUIRED }),
    MaxLength(PROJECT_TITLE_MAX_LENGTH, { message: `项目名称不能超过 ${PROJECT_TITLE_MAX_LENGTH} 个字符` }),
  );

const IsProjectDescription = () =>
  applyDecorators(
    IsOptional(),
    Transform(trim),
    IsString({ message: '项目描述必须是字符串' }),
    MaxLength(PROJECT_DESCRIPTION_MAX_LENGTH, { message: `项目描述不能超过 ${PROJECT_DESCRIPTION_MAX_LENGTH} 个字符` }),
  );

/** `GET /api/apps/?page=&page_size=&search_key=&status=`: page from 1, 15 a page by default. */
export class ListProjectsQuery {
  @IsNumberedPage()
  page?: number;

  @IsNumberedPageSize(PROJECT_PAGE_SIZE_MAX)
  page_size?: number = PROJECT_PAGE_SIZE;

  /** Contained in the title or the description, literally and case-insensitively. */
  @IsOptional()
  @Transform(trim)
  @IsString({ message: '搜索关键字必须是字符串' })
  @MaxLength(PROJECT_SEARCH_MAX_LENGTH, { message: '搜索关键字过长' })
  search_key?: string;

  @IsOptional()
  @Transform(emptyIsAbsent)
  @IsIn(PROJECT_STATUSES, { message: MSG_STATUS })
  status?: ProjectStatus;
}

/** `POST /api/apps/`: nodes and edges, when given, are the first graph (checked like a saved one). */
export class CreateProjectDto {
  @IsProjectTitle()
  title: string;

  @IsProjectDescription()
  description?: string;

  @IsOptional()
  @IsIn(PROJECT_STATUSES, { message: MSG_STATUS })
  status?: ProjectStatus;

  @IsOptional()
  @Transform(trim)
  @IsString({ message: '作者必须是字符串' })
  @MaxLength(PROJECT_AUTHOR_MAX_LENGTH, { message: `作者不能超过 ${PROJECT_AUTHOR_MAX_LENGTH} 个字符` })
  author?: string;

  @IsOptional()
  @IsArray({ message: '节点 nodes 必须是数组' })
  nodes?: unknown[];

  @IsOptional()
  @IsArray({ message: '连线 edges 必须是数组' })
  edges?: unknown[];
}

/** `PUT /api/apps/:id`: the body's id and updated_at are not read (the path names the project, the server stamps the time). */
export class UpdateProjectDto {
  @IsOptional()
  @IsProjectTitle()
  title?: string;

  @IsProjectDescription()
  description?: string;
}
