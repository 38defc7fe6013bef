import { MSG_PROJECT_DELETED, MSG_PROJECT_NOT_FOUND, MSG_PROJECT_UPDATED, MSG_WORKFLOW_PROJECT_CREATED, type ProjectDetail, type ProjectPage } from '@gw/shared';
import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import type { UserEntity } from '../users/user.entity';
import { CreateProjectDto, ListProjectsQuery, UpdateProjectDto } from './dto/project.dto';
import { ProjectsService } from './projects.service';

const ProjectId = () => Param('id', new IdPipe(MSG_PROJECT_NOT_FOUND));

/** The user's workflow projects (docs/console-api.md "Workflows"). */
@Controller('api/apps')
@Access('user')
export class AppsController {
  constructor(private readonly projects: ProjectsService) {}

  @Get()
  list(@CurrentUser() user: UserEntity, @Query() query: ListProjectsQuery): Promise<ProjectPage> {
    return this.projects.list(user.id, query);
  }

  @Post()
  async create(@CurrentUser() user: UserEntity, @Body() dto: CreateProjectDto): Promise<WithMessage<ProjectDetail>> {
    return new WithMessage(MSG_WORKFLOW_PROJECT_CREATED, await this.projects.create(user, dto));
  }

  @Get(':id')
  get(@CurrentUser() user: UserEntity, @ProjectId() id: number): Promise<ProjectDetail> {
    return this.projects.get(user.id, id);
  }

  @Put(':id')
  async update(@CurrentUser() user: UserEntity, @ProjectId() id: number, @Body() dto: UpdateProjectDto): Promise<WithMessage<ProjectDetail>> {
    return new WithMessage(MSG_PROJECT_UPDATED, await this.projects.update(user.id, id, dto));
  }

  @Delete(':id')
  async remove(@CurrentUser() user: UserEntity, @ProjectId() id: number): Promise<WithMessage<boolean>> {
    await this.projects.remove(user.id, id);
    return new WithMessage(MSG_PROJECT_DELETED, true);
  }
}
