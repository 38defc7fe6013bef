import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { LogsModule } from '../logs/logs.module';
import { AutoDisableService } from '../relay/auto-disable.service';
import { PriceService } from '../relay/billing/price.service';
import { UpstreamClient } from '../relay/upstream.client';
import { AlertModule } from './alert.module';
import { ChannelBalanceJob } from './channel-balance.job';
import { ChannelBalanceService } from './channel-balance.service';
import { ChannelOpsController } from './channel-ops.controller';
import { ChannelProbe } from './channel-probe';
import { ChannelRecords } from './channel-records';
import { ChannelTestJob } from './channel-test.job';
import { ChannelTestService } from './channel-test.service';
import { KeyRetestService } from './key-retest.service';
import { ModelTestsController } from './model-tests.controller';
import { ModelTestService } from './model-tests.service';
import { MultiKeyController } from './multi-key.controller';

/**
 * Channel operations: tests, balances, automatic disable/enable from tests, alerts.
 *
 * AutoDisableService, UpstreamClient and PriceService are the relay's classes, provided here again
 * rather than exported from RelayModule: none holds shared state (status moves are single SQL
 * statements; the client is a connection pool, and tests keeping their own pool stay out of the
 * relay's way; prices are read from the options on each call).
 */
@Module({
  imports: [ChannelsModule, LogsModule, AlertModule],
  controllers: [ChannelOpsController, MultiKeyController, ModelTestsController],
  providers: [ChannelProbe, ChannelRecords, ChannelTestService, ChannelTestJob, KeyRetestService, ModelTestService, ChannelBalanceService, ChannelBalanceJob, AutoDisableService, UpstreamClient, PriceService],
  // The model health heartbeats probe models the same way a channel test does; the task poller reads channels of any status.
  exports: [ChannelProbe, ChannelRecords],
})
export class ChannelOpsModule {}
