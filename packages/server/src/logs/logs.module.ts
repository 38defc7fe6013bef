import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsageRollupsModule } from '../statistics/rollups/usage-rollups.module';
import { LogWriterService } from './log-writer.service';
import { LogEntity } from './log.entity';
import { LogsController } from './logs.controller';
import { LogsService } from './logs.service';

/** Usage logs: the relay writes them through the exported writer; the console reads and cleans them. */
@Module({
  imports: [TypeOrmModule.forFeature([LogEntity]), UsageRollupsModule],
  controllers: [LogsController],
  providers: [LogWriterService, LogsService],
  exports: [LogWriterService],
})
export class LogsModule {}
