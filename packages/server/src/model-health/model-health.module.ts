import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelOpsModule } from '../channel-ops/channel-ops.module';
import { ChannelsModule } from '../channels/channels.module';
import { UsageRollupsModule } from '../statistics/rollups/usage-rollups.module';
import { HeartbeatRunner } from './heartbeat-runner';
import { HeartbeatTargets } from './heartbeat-targets';
import { HeartbeatEntity } from './heartbeat.entity';
import { HeartbeatsService } from './heartbeats.service';
import { ModelAbilitiesController } from './model-abilities.controller';
import { ModelAbilitiesService } from './model-abilities.service';
import { ModelAvailabilityController } from './model-availability.controller';
import { ModelAvailabilityService } from './model-availability.service';
import { ModelHealthController } from './model-health.controller';
import { ModelHeartbeatJob } from './model-heartbeat.job';

/**
 * Model health and management: the model-heartbeat job and its table, the health page's
 * heartbeats, the model management list over the abilities index, and the availability of a
 * channel's models from the usage roll-ups, logs and heartbeats.
 */
@Module({
  imports: [TypeOrmModule.forFeature([HeartbeatEntity]), ChannelOpsModule, ChannelsModule, UsageRollupsModule],
  controllers: [ModelHealthController, ModelAbilitiesController, ModelAvailabilityController],
  providers: [HeartbeatsService, HeartbeatTargets, HeartbeatRunner, ModelHeartbeatJob, ModelAbilitiesService, ModelAvailabilityService],
})
export class ModelHealthModule {}
