import { Module } from '@nestjs/common';
import { ChannelLimiter } from './channel-limiter.service';
import { ChannelMonitorController } from './channel-monitor.controller';

/** Channels' request limits (model_req_limit), enforced by the relay, and the monitor call. */
@Module({
  controllers: [ChannelMonitorController],
  providers: [ChannelLimiter],
  exports: [ChannelLimiter],
})
export class ChannelLimitsModule {}
