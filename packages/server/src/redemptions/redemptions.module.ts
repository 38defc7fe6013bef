import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RedeemAttempts } from './redeem-attempts';
import { RedeemController } from './redeem.controller';
import { RedeemService } from './redeem.service';
import { RedemptionEntity } from './redemption.entity';
import { RedemptionsController } from './redemptions.controller';
import { RedemptionsService } from './redemptions.service';

/** Redemption codes: administrators manage them, users redeem them for quota. Nothing outside uses them. */
@Module({
  imports: [TypeOrmModule.forFeature([RedemptionEntity])],
  controllers: [RedemptionsController, RedeemController],
  providers: [RedemptionsService, RedeemService, RedeemAttempts],
})
export class RedemptionsModule {}
