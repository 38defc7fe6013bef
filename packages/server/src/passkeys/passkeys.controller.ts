import { Body, Controller, Delete, Get, Param, Post, Put, Req, Res } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { MSG_PASSKEY_ADDED, MSG_PASSKEY_DELETED, MSG_PASSKEY_NOT_FOUND, MSG_PASSKEY_RENAMED, type PasskeyView } from '@gw/shared';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import { STRICT_THROTTLE } from '../common/throttle';
import { UserEntity } from '../users/user.entity';
import type { UserView } from '../users/user.view';
import { PasskeyNameDto, PasskeyRegisterDto, PasskeyResponseDto } from './dto/passkey.dto';
import { PasskeysService } from './passkeys.service';

/**
 * Passkeys (issue 31; docs/console-api.md "Passkeys"): the signed-in user's own passkeys, the
 * passkey sign-in, and a passkey as the second factor of a pending 2FA sign-in. Its module is
 * registered before UsersModule: GET passkey must not reach user management's GET :id.
 */
@Controller('api/user')
@Access('user')
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @Get('passkey')
  list(@CurrentUser() user: UserEntity): Promise<PasskeyView[]> {
    return this.passkeys.list(user.id);
  }

  @Post('passkey/register/begin')
  registerBegin(@CurrentUser() user: UserEntity, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return this.passkeys.registrationOptions(user, request, response);
  }

  @Post('passkey/register/finish')
  @Throttle(STRICT_THROTTLE)
  async registerFinish(
    @CurrentUser() user: UserEntity,
    @Body() dto: PasskeyRegisterDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<WithMessage<PasskeyView>> {
    return new WithMessage(MSG_PASSKEY_ADDED, await this.passkeys.register(user, dto.name, dto.response, request, response));
  }

  @Put('passkey/:id')
  async rename(@CurrentUser() user: UserEntity, @Param('id', new IdPipe(MSG_PASSKEY_NOT_FOUND)) id: number, @Body() dto: PasskeyNameDto): Promise<WithMessage<null>> {
    await this.passkeys.rename(user.id, id, dto.name);
    return new WithMessage(MSG_PASSKEY_RENAMED);
  }

  @Delete('passkey/:id')
  async remove(@CurrentUser() user: UserEntity, @Param('id', new IdPipe(MSG_PASSKEY_NOT_FOUND)) id: number): Promise<WithMessage<null>> {
    await this.passkeys.remove(user.id, id);
    return new WithMessage(MSG_PASSKEY_DELETED);
  }

  /** The discoverable sign-in: no username; the authenticator offers this site's passkeys. */
  @Post('passkey/login/begin')
  @Access('public')
  loginBegin(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return this.passkeys.loginOptions(request, response);
  }

  @Post('passkey/login/finish')
  @Access('public')
  @Throttle(STRICT_THROTTLE)
  loginFinish(@Body() dto: PasskeyResponseDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<UserView> {
    return this.passkeys.login(dto.response, request, response);
  }

  /** A passkey instead of the code after a login answered `require_2fa`: from the same browser, within five minutes. */
  @Post('login/2fa/passkey/begin')
  @Access('public')
  @Throttle(STRICT_THROTTLE)
  secondFactorBegin(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return this.passkeys.secondFactorOptions(request, response);
  }

  @Post('login/2fa/passkey/finish')
  @Access('public')
  @Throttle(STRICT_THROTTLE)
  secondFactorFinish(@Body() dto: PasskeyResponseDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<UserView> {
    return this.passkeys.secondFactor(dto.response, request, response);
  }
}
