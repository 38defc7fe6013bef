import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelLimitsModule } from '../channel-limits/channel-limits.module';
import { AbilitiesService } from './abilities.service';
import { AbilityEntity } from './ability.entity';
import { CatalogController } from './catalog.controller';
import { ChannelEntity } from './channel.entity';
import { ChannelEvents } from './channel-events';
import { ChannelKeyEntity } from './channel-key.entity';
import { ChannelKeyStore } from './channel-key-store';
import { ChannelKeysService } from './channel-keys.service';
import { ChannelsController } from './channels.controller';
import { ChannelsService } from './channels.service';
import { ModelCatalogService } from './model-catalog.service';
import { ModelStatusController } from './model-status.controller';
import { ModelStatusService } from './model-status.service';

@Module({
  imports: [TypeOrmModule.forFeature([ChannelEntity, AbilityEntity, ChannelKeyEntity]), ChannelLimitsModule],
  controllers: [ChannelsController, CatalogController, ModelStatusController],
  providers: [ChannelsService, AbilitiesService, ModelCatalogService, ChannelEvents, ChannelKeyStore, ChannelKeysService, ModelStatusService],
  // The keys: channel tests (channel-ops/) pick and retest them; the relay disables them. The
  // models' status on a channel: the relay and channel tests disable and enable them.
  exports: [AbilitiesService, ChannelsService, ChannelEvents, ModelCatalogService, ChannelKeyStore, ChannelKeysService, ModelStatusService],
})
export class ChannelsModule {}
