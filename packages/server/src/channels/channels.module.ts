import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelLimitsModule } from '../channel-limits/channel-limits.module';
import { AbilitiesService } from './abilities.service';
import { AbilityEntity } from './ability.entity';
import { CatalogController } from './catalog.controller';
import { ChannelEntity } from './channel.entity';
import { ChannelEvents } from './channel-events';
import { ChannelsController } from './channels.controller';
import { ChannelsService } from './channels.service';
import { ModelCatalogService } from './model-catalog.service';

@Module({
  imports: [TypeOrmModule.forFeature([ChannelEntity, AbilityEntity]), ChannelLimitsModule],
  controllers: [ChannelsController, CatalogController],
  providers: [ChannelsService, AbilitiesService, ModelCatalogService, ChannelEvents],
  exports: [AbilitiesService, ChannelsService, ChannelEvents, ModelCatalogService],
})
export class ChannelsModule {}
