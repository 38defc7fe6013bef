import { Module } from '@nestjs/common';
import { ChannelCooldown } from './channel-cooldown.service';
import { ChannelLimiter } from './channel-limiter.service';
import { ChannelMonitorController } from './channel-monitor.controller';

/**
 * Channels' request limits (model_req_limit), enforced by the relay, and the monitor call; the
 * cooldown of channels that keep failing.
 */
@Module({
  controllers: [ChannelMonitorController],
  providers: [ChannelLimiter, ChannelCooldown],
  exports: [ChannelLimiter, ChannelCooldown],
})
export class ChannelLimitsModule {}
