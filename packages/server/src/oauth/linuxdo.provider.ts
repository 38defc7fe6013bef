import { Inject, Injectable } from '@nestjs/common';
import OAuth2Strategy from 'passport-oauth2';
import { BusinessError } from '../common/business.error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OptionsService } from '../options/options.service';
import { OutboundPolicy } from '../outbound/outbound-policy.service';
import { authorizeUrlOf, CodeFlowProvider, exchangeAndLoadProfile, guardStrategy, ProviderAccount } from './code-flow';

/** LinuxDO Connect's /api/user answer. */
interface LinuxDoUser {
  id: number;
  username?: string;
  name?: string;
  active?: boolean;
  silenced?: boolean;
  trust_level?: number;
}

/** LinuxDO Connect speaks plain OAuth 2; its profile is read from /api/user with the access token. */
class LinuxDoStrategy extends OAuth2Strategy {
  constructor(
    options: OAuth2Strategy.StrategyOptions,
    private readonly userUrl: string,
  ) {
    super(options, () => undefined);
    this._oauth2.useAuthorizationHeaderforGET(true);
  }

  override userProfile(accessToken: string, done: (error?: unknown, profile?: LinuxDoUser) => void): void {
    this._oauth2.get(this.userUrl, accessToken, (error, body) => {
      if (error) return done(error);
      try {
        done(null, JSON.parse(String(body)) as LinuxDoUser);
      } catch (parseError) {
        done(parseError);
      }
    });
  }
}

/** LinuxDO sign-in, honouring the LinuxDOMinimumTrustLevel option. */
@Injectable()
export class LinuxDoProvider implements CodeFlowProvider {
  readonly label = 'LinuxDO';

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly options: OptionsService,
    private readonly outbound: OutboundPolicy,
  ) {}

  assertEnabled(): void {
    if (!this.options.getBoolean('LinuxDOOAuthEnabled')) throw new BusinessError('管理员未开启通过 LinuxDO 登录以及注册');
  }

  authorizeUrl(state: string, redirectUri: string): string {
    return authorizeUrlOf(this.strategy(redirectUri), { redirect_uri: redirectUri, state });
  }

  async identify(code: string, redirectUri: string): Promise<ProviderAccount> {
    const user = await exchangeAndLoadProfile<LinuxDoUser>(this.strategy(redirectUri), this.label, code, redirectUri);
    if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new BusinessError('无法从 LinuxDO 获取用户信息，请稍后重试');
    if (user.active === false || user.silenced === true) throw new BusinessError('该 LinuxDO 账户已被停用或禁言，无法登录');
    const minimum = this.options.getNumber('LinuxDOMinimumTrustLevel');
    const level = Number(user.trust_level ?? 0);
    if (level < minimum) throw new BusinessError(`LinuxDO 信任等级不足：需要 ${minimum} 级，当前为 ${level} 级`);
    return { id: String(user.id), displayName: user.name || user.username || '' };
  }

  private strategy(redirectUri: string): LinuxDoStrategy {
    const base = this.config.oauthEndpoints.linuxdo;
    const clientID = this.options.get('LinuxDOClientId');
    const clientSecret = this.options.get('LinuxDOClientSecret');
    const strategy = new LinuxDoStrategy(
      {
        clientID,
        clientSecret,
        callbackURL: redirectUri,
        authorizationURL: `${base}/oauth2/authorize`,
        tokenURL: `${base}/oauth2/token`,
        // LinuxDO Connect authenticates the client with HTTP Basic at the token endpoint; the profile
        // read sends the Bearer token instead (node-oauth lets a call's own header win).
        customHeaders: { Authorization: `Basic ${Buffer.from(`${clientID}:${clientSecret}`).toString('base64')}` },
      },
      `${base}/api/user`,
    );
    return guardStrategy(strategy, this.outbound);
  }
}
