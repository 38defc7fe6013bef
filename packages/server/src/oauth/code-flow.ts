import { Logger } from '@nestjs/common';
import type OAuth2Strategy from 'passport-oauth2';
import { BusinessError } from '../common/business.error';
import { OutboundAddressRefusedError } from '../outbound/address-policy';
import type { OutboundPolicy } from '../outbound/outbound-policy.service';
import { sendThroughPolicy } from './provider-http';

/** Who the provider says signed in: its stable account id and a name to show. */
export interface ProviderAccount {
  id: string;
  displayName: string;
  /** The username a new account gets when free and valid (OIDC's OidcUsernameClaim); else `<kind>_<random>`. */
  username?: string;
}

/** The provider's redirect as the console passes it on: the state (already checked) and RFC 9207's `iss`. */
export interface ProviderCallback {
  state: string;
  iss?: string;
}

/** An OAuth 2 authorization-code provider (GitHub, LinuxDO, OIDC), as the controller sees it. */
export interface CodeFlowProvider {
  /** The label in messages: '该 GitHub 账户已被绑定'. */
  readonly label: string;
  /** Throws the provider's "not enabled" message when the administrator has not turned it on. */
  assertEnabled(): void;
  authorizeUrl(state: string, redirectUri: string): string | Promise<string>;
  /** Exchanges the code and reads the account; refuses accounts the site's rules exclude. */
  identify(code: string, redirectUri: string, callback: ProviderCallback): Promise<ProviderAccount>;
}

/** The parts of node-oauth's client (a strategy's `_oauth2`) this feature uses. */
interface NodeOAuth2Client {
  getAuthorizeUrl(params: Record<string, string>): string;
  getOAuthAccessToken(
    code: string,
    params: Record<string, string>,
    callback: (error: unknown, accessToken?: string, refreshToken?: string, results?: Record<string, unknown>) => void,
  ): void;
}

const logger = new Logger('OAuth');

const clientOf = (strategy: OAuth2Strategy): NodeOAuth2Client => (strategy as unknown as { _oauth2: NodeOAuth2Client })._oauth2;

/** The strategy's OAuth client, its requests sent through the outbound-address policy. */
export function guardStrategy<S extends OAuth2Strategy>(strategy: S, outbound: OutboundPolicy): S {
  sendThroughPolicy(clientOf(strategy), outbound);
  return strategy;
}

export function authorizeUrlOf(strategy: OAuth2Strategy, params: Record<string, string>): string {
  return clientOf(strategy).getAuthorizeUrl({ response_type: 'code', ...params });
}

/**
 * The code exchange and profile read of a passport strategy, without passport's Express session
 * plumbing: the state was already checked against our own store (oauth-state.service.ts).
 */
export async function exchangeAndLoadProfile<P>(strategy: OAuth2Strategy, label: string, code: string, redirectUri: string): Promise<P> {
  const accessToken = await new Promise<string>((resolve, reject) => {
    clientOf(strategy).getOAuthAccessToken(code, { grant_type: 'authorization_code', redirect_uri: redirectUri }, (error, token, _refresh, results) => {
      // GitHub answers a bad code with HTTP 200 and `error=bad_verification_code` instead of a token.
      if (error || !token) reject(new BusinessError(`${label} 授权失败：${exchangeFailure(label, error ?? results?.error)}`));
      else resolve(token);
    });
  });
  return new Promise<P>((resolve, reject) => {
    strategy.userProfile(accessToken, (error, profile) => {
      if (error || !profile) reject(new BusinessError(`无法从 ${label} 获取用户信息，请稍后重试`));
      else resolve(profile as P);
    });
  });
}

/**
 * Why the code exchange failed, for the person signing in: the provider's own error code, or the
 * address policy's refusal, are theirs to read; a network error's words (addresses, "fetch
 * failed") are the operator's, in the log.
 */
function exchangeFailure(label: string, error: unknown): string {
  const expired = '授权码无效或已过期，请重新登录';
  if (typeof error === 'string') return `${expired}（${error.slice(0, 100)}）`;
  if (error instanceof OutboundAddressRefusedError) return `${expired}（${error.message.slice(0, 100)}）`;
  if (!(error instanceof Error)) return expired;
  logger.warn(`${label} code exchange failed: ${error.message}`);
  return `无法连接 ${label}，请稍后重试`;
}
