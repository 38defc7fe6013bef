import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { USER_STATUS_ENABLED } from '@gw/shared';
import type { Request, Response } from 'express';
import { IsNull, Repository } from 'typeorm';
import { SESSION_COOKIE, SessionsService } from '../auth/sessions.service';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { UserEntity } from '../users/user.entity';
import type { CodeFlowProvider, ProviderCallback } from './code-flow';
import { GitHubProvider } from './github.provider';
import { LinuxDoProvider } from './linuxdo.provider';
import { ensureBinding, readBinding } from './oauth-binding-cookie';
import { OAuthAccountsService } from './oauth-accounts.service';
import { OAuthStateService } from './oauth-state.service';
import { OidcProvider } from './oidc.provider';
import { verifyTelegramLogin } from './telegram';
import { WeChatProvider } from './wechat.provider';

export type CodeFlowKind = 'github' | 'linuxdo' | 'oidc';

/** What a completed sign-in did: signed `user` in (start a session) or bound the account to them. */
export interface SignInOutcome {
  user: UserEntity;
  bound: boolean;
}

/** Third-party sign-in and binding: GitHub, LinuxDO and OpenID Connect (OAuth 2 with state), WeChat, Telegram. */
@Injectable()
export class OAuthService {
  private readonly codeFlows: Record<CodeFlowKind, CodeFlowProvider>;

  constructor(
    github: GitHubProvider,
    linuxdo: LinuxDoProvider,
    private readonly oidc: OidcProvider,
    private readonly wechat: WeChatProvider,
    private readonly states: OAuthStateService,
    private readonly accounts: OAuthAccountsService,
    private readonly sessions: SessionsService,
    private readonly options: OptionsService,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {
    this.codeFlows = { github, linuxdo, oidc };
  }

  /**
   * The signed-in user of a public route, as the AuthGuard would see it: a live session whose user
   * the New-Api-User header names (a page of another site cannot set that header).
   */
  async currentUser(request: Request): Promise<UserEntity | null> {
    const sessionId: unknown = request.signedCookies?.[SESSION_COOKIE];
    if (typeof sessionId !== 'string' || !sessionId) return null;
    const userId = await this.sessions.resolve(sessionId);
    if (userId === undefined || request.header('New-Api-User') !== String(userId)) return null;
    const user = await this.users.findOneBy({ id: userId, deleted_at: IsNull() });
    return user?.status === USER_STATUS_ENABLED ? user : null;
  }

  /** A new state for this browser (and user, when signed in: the callback then binds). */
  async issueState(request: Request, response: Response, aff: string | undefined): Promise<string> {
    const user = await this.currentUser(request);
    return this.states.issue(ensureBinding(request, response), user?.id ?? null, aff ?? '');
  }

  async authorizeUrl(kind: CodeFlowKind, state: string, request: Request): Promise<string> {
    const provider = this.codeFlows[kind];
    provider.assertEnabled();
    return provider.authorizeUrl(state, this.redirectUri(kind, request));
  }

  /** The provider's redirect: state first (used up whatever follows), then the code exchange. */
  async completeCodeFlow(kind: CodeFlowKind, code: string, callback: ProviderCallback, request: Request): Promise<SignInOutcome> {
    const provider = this.codeFlows[kind];
    provider.assertEnabled();
    const user = await this.currentUser(request);
    const { aff } = await this.states.consume(callback.state, readBinding(request), user?.id ?? null);
    const account = await provider.identify(code, this.redirectUri(kind, request), callback);
    if (user) {
      await this.accounts.bind(kind, user, account.id, provider.label);
      return { user, bound: true };
    }
    return { user: await this.accounts.signIn(kind, account, aff, provider.label), bound: false };
  }

  /** Clears the signed-in user's OIDC binding (refused when it is their last way in). */
  async oidcUnbind(user: UserEntity): Promise<void> {
    await this.accounts.unbind('oidc', user.id, this.oidc.label);
  }

  async weChatSignIn(code: string, aff: string | undefined): Promise<UserEntity> {
    this.wechat.assertEnabled();
    const openId = await this.wechat.openIdFor(code);
    return this.accounts.signIn('wechat', { id: openId, displayName: '' }, aff);
  }

  async weChatBind(user: UserEntity, code: string): Promise<void> {
    this.wechat.assertEnabled();
    await this.accounts.bind('wechat', user, await this.wechat.openIdFor(code));
  }

  /** `query`: the Login Widget's fields, plus our optional `aff` (not part of Telegram's signed data). */
  async telegramSignIn(query: Record<string, unknown>): Promise<UserEntity> {
    const account = this.verifyTelegram(query);
    const aff = typeof query.aff === 'string' ? query.aff : undefined;
    return this.accounts.signIn('telegram', account, aff);
  }

  async telegramBind(user: UserEntity, query: Record<string, unknown>): Promise<void> {
    await this.accounts.bind('telegram', user, this.verifyTelegram(query).id);
  }

  private verifyTelegram(query: Record<string, unknown>) {
    if (!this.options.getBoolean('TelegramOAuthEnabled')) throw new BusinessError('管理员未开启通过 Telegram 登录以及注册');
    return verifyTelegramLogin(query, this.options.get('TelegramBotToken'), nowSeconds(), ['aff']);
  }

  /** The console's callback page (spec 1 §2.6), on the ServerAddress option or the address the browser used. */
  private redirectUri(kind: CodeFlowKind, request: Request): string {
    const origin = this.options.get('ServerAddress').replace(/\/+$/, '') || `${request.protocol}://${request.host}`;
    return `${origin}/oauth/${kind}/callback`;
  }
}
