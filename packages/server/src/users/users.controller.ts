import { Body, Controller, Delete, Get, Post, Put, Req, Res, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { TwoFactorChallenge } from '@gw/shared';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { AuthenticatedRequest, CurrentUser } from '../auth/current-user.decorator';
import { SessionCookies } from '../auth/session-cookies';
import { AbilitiesService } from '../channels/abilities.service';
import { WithMessage } from '../common/envelope.interceptor';
import { STRICT_THROTTLE } from '../common/throttle';
import { TurnstileGuard } from '../email-auth/turnstile.guard';
import { TwoFactorSignIn } from '../two-factor/two-factor-sign-in';
import { AffTransferDto } from './dto/aff-transfer.dto';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { UpdateSelfDto } from './dto/update-self.dto';
import { UserEntity } from './user.entity';
import { UsersService } from './users.service';
import type { UserView } from './user.view';

@Controller('api/user')
@Access('user')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly cookies: SessionCookies,
    private readonly abilities: AbilitiesService,
    private readonly twoFactorSignIn: TwoFactorSignIn,
  ) {}

  @Post('login')
  @Access('public')
  @Throttle(STRICT_THROTTLE)
  @UseGuards(TurnstileGuard)
  async login(@Body() dto: LoginDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<UserView | TwoFactorChallenge> {
    const user = await this.users.verifyLogin(dto);
    // With 2FA on: no session yet, `{ require_2fa: true }` and the code step (POST login/2fa).
    return this.twoFactorSignIn.begin(user, request, response);
  }

  // A POST: a link or an image on another site must not sign the user out (docs/security.md).
  @Post('logout')
  @Access('public')
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<null> {
    await this.cookies.endSession(request, response);
    return null;
  }

  @Post('register')
  @Access('public')
  @Throttle(STRICT_THROTTLE)
  @UseGuards(TurnstileGuard)
  async register(@Body() dto: RegisterDto): Promise<WithMessage<null>> {
    await this.users.register(dto);
    return new WithMessage('注册成功！');
  }

  @Get('self')
  self(@CurrentUser() user: UserEntity): UserView {
    return this.users.view(user);
  }

  @Put('self')
  async updateSelf(@CurrentUser() user: UserEntity, @Body() dto: UpdateSelfDto, @Req() request: AuthenticatedRequest): Promise<WithMessage<null>> {
    await this.users.changePassword(user, dto.password, request.sessionId);
    return new WithMessage('密码修改成功！');
  }

  @Delete('self')
  async deleteSelf(@CurrentUser() user: UserEntity, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<WithMessage<null>> {
    await this.users.deleteSelf(user);
    this.cookies.clear(response, request);
    return new WithMessage('账户已删除！');
  }

  @Get('token')
  token(@CurrentUser() user: UserEntity): Promise<string> {
    return this.users.regenerateAccessToken(user);
  }

  @Get('aff')
  aff(@CurrentUser() user: UserEntity): Promise<string> {
    return this.users.affCode(user);
  }

  @Post('aff_transfer')
  async affTransfer(@CurrentUser() user: UserEntity, @Body() dto: AffTransferDto): Promise<WithMessage<null>> {
    await this.users.transferAffQuota(user, dto.quota);
    return new WithMessage('划转成功');
  }

  /** Models the user's group may call: those of its enabled channels. */
  @Get('models')
  models(@CurrentUser() user: UserEntity): Promise<string[]> {
    return this.abilities.modelsForGroup(user.group);
  }

  @Get('self/groups')
  groups(@CurrentUser() user: UserEntity): Record<string, string> {
    return this.users.usableGroups(user);
  }
}
