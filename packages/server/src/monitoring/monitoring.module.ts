import { Module } from '@nestjs/common';
import { UsageRollupsModule } from '../statistics/rollups/usage-rollups.module';
import { MonitorController } from './monitor.controller';
import { MonitorService } from './monitor.service';

/** The monitor dashboard's calls (issue 17), read from the usage roll-ups. */
@Module({
  imports: [UsageRollupsModule],
  controllers: [MonitorController],
  providers: [MonitorService],
})
export class MonitoringModule {}
