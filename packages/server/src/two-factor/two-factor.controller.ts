import { Body, Controller, Delete, Get, Param, Post, Req, Res } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { MSG_2FA_BACKUP_REGENERATED, MSG_2FA_DISABLED, MSG_2FA_ENABLED, MSG_2FA_RESET, type TwoFactorSetup, type TwoFactorStatus } from '@gw/shared';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import { STRICT_THROTTLE } from '../common/throttle';
import { MSG_USER_NOT_FOUND } from '../users/dto/update-user.dto';
import { UserEntity } from '../users/user.entity';
import type { UserView } from '../users/user.view';
import { TotpCodeDto, TwoFactorCodeDto } from './dto/two-factor-code.dto';
import { TwoFactorSignIn } from './two-factor-sign-in';
import { TwoFactorService } from './two-factor.service';

/** Two-factor sign-in (issue 31; docs/console-api.md "Two-factor sign-in"), new-api's paths. */
@Controller('api/user')
@Access('user')
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly signIn: TwoFactorSignIn,
  ) {}

  /** The code step after a login answered `require_2fa`: from the same browser, within five minutes. */
  @Post('login/2fa')
  @Access('public')
  @Throttle(STRICT_THROTTLE)
  login(@Body() dto: TwoFactorCodeDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<UserView> {
    return this.signIn.complete(dto.code, request, response);
  }

  @Get('2fa/status')
  status(@CurrentUser() user: UserEntity): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user.id);
  }

  @Post('2fa/setup')
  setup(@CurrentUser() user: UserEntity): Promise<TwoFactorSetup> {
    return this.twoFactor.setup(user);
  }

  @Post('2fa/enable')
  @Throttle(STRICT_THROTTLE)
  async enable(@CurrentUser() user: UserEntity, @Body() dto: TotpCodeDto): Promise<WithMessage<null>> {
    await this.twoFactor.enable(user, dto.code);
    return new WithMessage(MSG_2FA_ENABLED);
  }

  @Post('2fa/disable')
  @Throttle(STRICT_THROTTLE)
  async disable(@CurrentUser() user: UserEntity, @Body() dto: TwoFactorCodeDto, @Req() request: Request): Promise<WithMessage<null>> {
    await this.twoFactor.disable(user, dto.code, request);
    return new WithMessage(MSG_2FA_DISABLED);
  }

  @Post('2fa/backup_codes')
  @Throttle(STRICT_THROTTLE)
  async backupCodes(@CurrentUser() user: UserEntity, @Body() dto: TotpCodeDto, @Req() request: Request): Promise<WithMessage<{ backup_codes: string[] }>> {
    return new WithMessage(MSG_2FA_BACKUP_REGENERATED, { backup_codes: await this.twoFactor.regenerateBackupCodes(user, dto.code, request) });
  }

  /** A super administrator turns off a lower user's 2FA (new-api's DELETE /api/user/:id/2fa). */
  @Delete(':id/2fa')
  @Access('root')
  async reset(@CurrentUser() actor: UserEntity, @Param('id', new IdPipe(MSG_USER_NOT_FOUND)) id: number, @Req() request: Request): Promise<WithMessage<null>> {
    await this.twoFactor.adminReset(actor, id, request);
    return new WithMessage(MSG_2FA_RESET);
  }
}
