import { Controller, Get, Query } from '@nestjs/common';
import { Access } from '../../auth/access.decorator';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { UserEntity } from '../../users/user.entity';
import { AsyncTaskQuery, DrawingTaskQuery } from './dto/task-query.dto';
import { TaskListService, type TaskPage } from './task-list.service';

type Page = TaskPage<Record<string, unknown>>;

/** Task logs (spec 2 §7 Tasks): every user's for administrators, one's own under /self. */
@Controller('api')
export class TasksController {
  constructor(private readonly lists: TaskListService) {}

  @Get('mj/self')
  @Access('user')
  ownDrawings(@CurrentUser() user: UserEntity, @Query() query: DrawingTaskQuery): Promise<Page> {
    return this.lists.drawings({ admin: false, userId: user.id }, query);
  }

  @Get('mj')
  @Access('admin')
  allDrawings(@Query() query: DrawingTaskQuery): Promise<Page> {
    return this.lists.drawings({ admin: true }, query);
  }

  @Get('task/self')
  @Access('user')
  ownTasks(@CurrentUser() user: UserEntity, @Query() query: AsyncTaskQuery): Promise<Page> {
    return this.lists.asyncTasks({ admin: false, userId: user.id }, query);
  }

  @Get('task')
  @Access('admin')
  allTasks(@Query() query: AsyncTaskQuery): Promise<Page> {
    return this.lists.asyncTasks({ admin: true }, query);
  }
}
