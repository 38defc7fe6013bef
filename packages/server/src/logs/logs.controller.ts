import { Controller, Delete, Get, Query } from '@nestjs/common';
import { type AuditActor, Auditor } from '../audit/audit-actor';
import { AuditLog } from '../audit/audit-log.service';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { UserEntity } from '../users/user.entity';
import { AdminLogQuery, DeleteLogsQuery, LogQuery } from './dto/log-query.dto';
import type { AdminLogView, LogPage, LogStat, SelfLogView } from './log.view';
import { LogsService } from './logs.service';

/** Usage logs (spec 2 §7 Logs): every user's for administrators, one's own under /self. */
@Controller('api/log')
export class LogsController {
  constructor(
    private readonly logs: LogsService,
    private readonly audit: AuditLog,
  ) {}

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

  /** Cleans the logs created before target_timestamp (spec 1 §7); data is the number deleted. Audited (`log.delete`): usage history is evidence. */
  @Delete()
  @Access('root')
  async deleteBefore(@Auditor() actor: AuditActor, @Query() query: DeleteLogsQuery): Promise<number> {
    const deleted = await this.logs.deleteBefore(query.target_timestamp);
    await this.audit.record(actor, 'log.delete', { type: 'log', id: '' }, {}, { before_timestamp: query.target_timestamp, deleted }, { always: true });
    return deleted;
  }
}
