import { Body, Controller, Post } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { UserEntity } from '../users/user.entity';
import { RedeemDto } from './dto/redeem.dto';
import { RedeemService } from './redeem.service';

/** The wallet's redemption-code top-up (signed in; docs/console-api.md "Redemption codes"). */
@Controller('api/user')
@Access('user')
export class RedeemController {
  constructor(private readonly redemption: RedeemService) {}

  /** Answers the quota added. */
  @Post('topup')
  redeem(@CurrentUser() user: UserEntity, @Body() dto: RedeemDto): Promise<number> {
    return this.redemption.redeem(user.id, dto.key);
  }
}
