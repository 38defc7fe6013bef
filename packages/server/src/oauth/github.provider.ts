import { Inject, Injectable } from '@nestjs/common';
import { Strategy as GitHubStrategy } from 'passport-github2';
import { BusinessError } from '../common/business.error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OptionsService } from '../options/options.service';
import { OutboundPolicy } from '../outbound/outbound-policy.service';
import { authorizeUrlOf, CodeFlowProvider, exchangeAndLoadProfile, guardStrategy, ProviderAccount } from './code-flow';

interface GitHubProfile {
  id: string;
  username?: string;
  displayName?: string;
}

/**
 * GitHub sign-in through passport-github2. The account is identified by GitHub's numeric user id,
 * never by the login name: a renamed or deleted GitHub login can be taken by someone else.
 */
@Injectable()
export class GitHubProvider implements CodeFlowProvider {
  readonly label = 'GitHub';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly options: OptionsService,
    private readonly outbound: OutboundPolicy,
  ) {}

  assertEnabled(): void {
    if (!this.options.getBoolean('GitHubOAuthEnabled')) throw new BusinessError('管理员未开启通过 GitHub 登录以及注册');
  }

  authorizeUrl(state: string, redirectUri: string): string {
    return authorizeUrlOf(this.strategy(redirectUri), { redirect_uri: redirectUri, state, scope: 'read:user' });
  }

  async identify(code: string, redirectUri: string): Promise<ProviderAccount> {
    const profile = await exchangeAndLoadProfile<GitHubProfile>(this.strategy(redirectUri), this.label, code, redirectUri);
    if (!profile.id) throw new BusinessError('无法从 GitHub 获取用户信息，请稍后重试');
    return { id: String(profile.id), displayName: profile.displayName || profile.username || '' };
  }

  /** A strategy per call: the client id and secret are options an administrator may change at any time. */
  private strategy(redirectUri: string): GitHubStrategy {
    const { githubOAuth, githubApi } = this.config.oauthEndpoints;
    const strategy = new GitHubStrategy(
      {
        clientID: this.options.get('GitHubClientId'),
        clientSecret: this.options.get('GitHubClientSecret'),
        callbackURL: redirectUri,
        authorizationURL: `${githubOAuth}/login/oauth/authorize`,
        tokenURL: `${githubOAuth}/login/oauth/access_token`,
        userProfileURL: `${githubApi}/user`,
        customHeaders: { Accept: 'application/json' },
      },
      () => undefined,
    );
    return guardStrategy(strategy, this.outbound);
  }
}
