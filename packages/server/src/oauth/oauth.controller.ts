import { Controller, Delete, Get, Query, Req, Res, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { MSG_OIDC_UNBOUND, type TwoFactorChallenge } from '@gw/shared';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { STRICT_THROTTLE } from '../common/throttle';
import { TwoFactorSignIn } from '../two-factor/two-factor-sign-in';
import { UserEntity } from '../users/user.entity';
import type { UserView } from '../users/user.view';
import { AuthorizeQueryDto, OAuthCallbackQueryDto, OidcCallbackQueryDto, StateQueryDto, WeChatCodeQueryDto } from './dto/oauth-query.dto';
import { NotCrossSiteGuard } from './not-cross-site.guard';
import { CodeFlowKind, OAuthService, SignInOutcome } from './oauth.service';

/**
 * Third-party sign-in (spec 1 §7): GET /api/oauth/state, the GitHub, LinuxDO and OpenID Connect
 * authorize redirect and callback, WeChat and Telegram sign-in and binding. GET /api/oauth/email/bind belongs to the
 * e-mail feature.
 */
@Controller('api/oauth')
@Access('public')
@UseGuards(NotCrossSiteGuard)
export class OAuthController {
  constructor(
    private readonly oauth: OAuthService,
    private readonly twoFactorSignIn: TwoFactorSignIn,
  ) {}

  @Get('state')
  state(@Query() query: StateQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<string> {
    return this.oauth.issueState(request, response, query.aff);
  }

  /** Where the console sends the sign-in window: the provider's authorize page for this state. */
  @Get('github/authorize')
  async githubAuthorize(@Query() query: AuthorizeQueryDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    response.redirect(302, await this.oauth.authorizeUrl('github', query.state, request));
  }

  @Get('linuxdo/authorize')
  async linuxdoAuthorize(@Query() query: AuthorizeQueryDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    response.redirect(302, await this.oauth.authorizeUrl('linuxdo', query.state, request));
  }

  /** The OpenID Connect provider's authorize page (discovered from OidcIssuer), with PKCE and a nonce. */
  @Get('oidc/authorize')
  async oidcAuthorize(@Query() query: AuthorizeQueryDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    response.redirect(302, await this.oauth.authorizeUrl('oidc', query.state, request));
  }

  @Get('github')
  @Throttle(STRICT_THROTTLE)
  github(@Query() query: OAuthCallbackQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    return this.completeCodeFlow('github', query, request, response);
  }

  @Get('linuxdo')
  @Throttle(STRICT_THROTTLE)
  linuxdo(@Query() query: OAuthCallbackQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    return this.completeCodeFlow('linuxdo', query, request, response);
  }

  @Get('oidc')
  @Throttle(STRICT_THROTTLE)
  oidc(@Query() query: OidcCallbackQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    return this.completeCodeFlow('oidc', query, request, response);
  }

  /** Clears the caller's OIDC binding; refused when the account has no e-mail and no other third-party binding. */
  @Delete('oidc/bind')
  @Access('user')
  async oidcUnbind(@CurrentUser() user: UserEntity): Promise<WithMessage<null>> {
    await this.oauth.oidcUnbind(user);
    return new WithMessage(MSG_OIDC_UNBOUND);
  }

  @Get('wechat')
  @Throttle(STRICT_THROTTLE)
  async wechat(@Query() query: WeChatCodeQueryDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<UserView | TwoFactorChallenge> {
    return this.signIn(await this.oauth.weChatSignIn(query.code, query.aff), request, response);
  }

  @Get('wechat/bind')
  @Access('user')
  async wechatBind(@CurrentUser() user: UserEntity, @Query() query: WeChatCodeQueryDto): Promise<WithMessage<null>> {
    await this.oauth.weChatBind(user, query.code);
    return new WithMessage('微信账户绑定成功！');
  }

  /** The Telegram Login Widget's fields as query parameters (id, first_name, …, auth_date, hash), plus an optional aff. */
  @Get('telegram/login')
  @Throttle(STRICT_THROTTLE)
  async telegramLogin(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<UserView | TwoFactorChallenge> {
    return this.signIn(await this.oauth.telegramSignIn(request.query), request, response);
  }

  @Get('telegram/bind')
  @Access('user')
  async telegramBind(@CurrentUser() user: UserEntity, @Req() request: Request): Promise<WithMessage<null>> {
    await this.oauth.telegramBind(user, request.query);
    return new WithMessage('Telegram 账户绑定成功！');
  }

  private async completeCodeFlow(kind: CodeFlowKind, query: OidcCallbackQueryDto, request: Request, response: Response): Promise<UserView | TwoFactorChallenge | WithMessage<null>> {
    const outcome: SignInOutcome = await this.oauth.completeCodeFlow(kind, query.code, { state: query.state, iss: query.iss }, request);
    // The console's callback page tells a binding from a sign-in by this message (spec 1 §7).
    if (outcome.bound) return new WithMessage('bind');
    return this.signIn(outcome.user, request, response);
  }

  /** Starts the session exactly as the password login does, or stops at the 2FA code step (`{ require_2fa: true }`) like it. */
  private signIn(user: UserEntity, request: Request, response: Response): Promise<UserView | TwoFactorChallenge> {
    return this.twoFactorSignIn.begin(user, request, response);
  }
}
