import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelsModule } from '../channels/channels.module';
import { UserEntity } from '../users/user.entity';
import { PricingController } from './pricing.controller';
import { PricingService } from './pricing.service';
import { RatioResetController } from './ratio-reset.controller';

/** The model pricing page and the ratio reset; reads the ratio options and the channels' abilities. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), ChannelsModule],
  controllers: [PricingController, RatioResetController],
  providers: [PricingService],
})
export class PricingModule {}
