import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { MonitorOption, MonitorResult } from '@gw/shared';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { UserEntity } from '../users/user.entity';
import { MonitorOptionsQuery, MonitorQueryDto } from './dto/monitor-query.dto';
import { MonitorService } from './monitor.service';

/** The monitor (spec 2 §7 Monitor). Signed-in users; the service applies the upstream and other-user rules. */
@Controller('api/monitor')
@Access('user')
export class MonitorController {
  constructor(private readonly monitor: MonitorService) {}

  @Post('self')
  @HttpCode(200)
  series(@CurrentUser() user: UserEntity, @Body() query: MonitorQueryDto): Promise<MonitorResult> {
    return this.monitor.series(user, query);
  }

  @Get('channels')
  channels(@CurrentUser() user: UserEntity, @Query() query: MonitorOptionsQuery): Promise<MonitorOption[]> {
    return this.monitor.options(user, 'channels', query);
  }

  @Get('tokens')
  tokens(@CurrentUser() user: UserEntity, @Query() query: MonitorOptionsQuery): Promise<MonitorOption[]> {
    return this.monitor.options(user, 'tokens', query);
  }

  @Get('models')
  models(@CurrentUser() user: UserEntity, @Query() query: MonitorOptionsQuery): Promise<MonitorOption[]> {
    return this.monitor.options(user, 'models', query);
  }
}
