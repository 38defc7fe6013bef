import { Controller, Get, Query } from '@nestjs/common';
import type { DashboardResult } from '@gw/shared';
import { Access } from '../../auth/access.decorator';
import { CurrentUser } from '../../auth/current-user.decorator';
import type { UserEntity } from '../../users/user.entity';
import { DashboardQueryDto } from './dashboard-query.dto';
import { DashboardService } from './dashboard.service';

/** The data dashboard (`/detail`): administrators see everyone or one user by name, users themselves. */
@Controller('api/data')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('self')
  @Access('user')
  own(@CurrentUser() user: UserEntity, @Query() query: DashboardQueryDto): Promise<DashboardResult> {
    return this.dashboard.read({ userId: user.id }, false, query.start_timestamp, query.end_timestamp, query.time_granularity);
  }

  @Get()
  @Access('admin')
  async all(@Query() query: DashboardQueryDto): Promise<DashboardResult> {
    const subject = query.username ? await this.dashboard.userNamed(query.username) : { everyone: true as const };
    return this.dashboard.read(subject, true, query.start_timestamp, query.end_timestamp, query.time_granularity);
  }
}
