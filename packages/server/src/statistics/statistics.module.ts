import { Module } from '@nestjs/common';
import { ChannelMarginService } from './channel-margin/channel-margin.service';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardService } from './dashboard/dashboard.service';
import { UsageRollupsModule } from './rollups/usage-rollups.module';
import { StatisticsController } from './statistics.controller';
import { StatisticsExport } from './statistics-export';
import { StatisticsService } from './statistics.service';

/** Statistics and the data dashboard (issue 17), read from the usage roll-ups. */
@Module({
  imports: [UsageRollupsModule],
  controllers: [StatisticsController, DashboardController],
  providers: [StatisticsService, StatisticsExport, DashboardService, ChannelMarginService],
})
export class StatisticsModule {}
