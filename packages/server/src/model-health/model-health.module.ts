import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelOpsModule } from '../channel-ops/channel-ops.module';
import { HeartbeatRunner } from './heartbeat-runner';
import { HeartbeatTargets } from './heartbeat-targets';
import { HeartbeatEntity } from './heartbeat.entity';
import { HeartbeatsService } from './heartbeats.service';
import { ModelAbilitiesController } from './model-abilities.controller';
import { ModelAbilitiesService } from './model-abilities.service';
import { ModelHealthController } from './model-health.controller';
import { ModelHeartbeatJob } from './model-heartbeat.job';

/**
 * Model health and management: the model-heartbeat job and its table, the health page's
 * heartbeats, and the model management list over the abilities index.
 */
@Module({
  imports: [TypeOrmModule.forFeature([HeartbeatEntity]), ChannelOpsModule],
  controllers: [ModelHealthController, ModelAbilitiesController],
  providers: [HeartbeatsService, HeartbeatTargets, HeartbeatRunner, ModelHeartbeatJob, ModelAbilitiesService],
})
export class ModelHealthModule {}
