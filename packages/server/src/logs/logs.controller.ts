import { Controller, Delete, Get, Query } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { UserEntity } from '../users/user.entity';
import { AdminLogQuery, DeleteLogsQuery, LogQuery } from './dto/log-query.dto';
import type { AdminLogView, LogPage, LogStat, SelfLogView } from './log.view';
import { LogsService } from './logs.service';

/** Usage logs (spec 2 §7 Logs): every user's for administrators, one's own under /self. */
@Controller('api/log')
export class LogsController {
  constructor(private readonly logs: LogsService) {}

  @Get('self/stat')
  @Access('user')
  statOwn(@CurrentUser() user: UserEntity, @Query() query: LogQuery): Promise<LogStat> {
    return this.logs.statOwn(user.id, query);
  }

  @Get('self')
  @Access('user')
  listOwn(@CurrentUser() user: UserEntity, @Query() query: LogQuery): Promise<LogPage<SelfLogView>> {
    return this.logs.listOwn(user.id, query);
  }

  @Get('stat')
  @Access('admin')
  statAll(@Query() query: AdminLogQuery): Promise<LogStat> {
    return this.logs.statAll(query);
  }

  @Get()
  @Access('admin')
  listAll(@Query() query: AdminLogQuery): Promise<LogPage<AdminLogView>> {
    return this.logs.listAll(query);
  }

  /** Cleans the logs created before target_timestamp (spec 1 §7); data is the number deleted. */
  @Delete()
  @Access('root')
  deleteBefore(@Query() query: DeleteLogsQuery): Promise<number> {
    return this.logs.deleteBefore(query.target_timestamp);
  }
}
