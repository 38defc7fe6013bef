import { createHash, createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  MSG_OIDC_AUTHORIZATION_FAILED,
  MSG_OIDC_AUTHORIZE_ENDPOINT_INVALID,
  MSG_OIDC_CODE_REFUSED,
  MSG_OIDC_DISABLED,
  MSG_OIDC_DISCOVERY_FAILED,
  MSG_OIDC_DISCOVERY_REFUSED,
  MSG_OIDC_ID_TOKEN_REFUSED,
  MSG_OIDC_ISS_MISMATCH,
  MSG_OIDC_ISS_MISSING,
  MSG_OIDC_ISSUER_INVALID,
  MSG_OIDC_ISSUER_NOT_HTTPS,
  MSG_OIDC_NOT_CONFIGURED,
  MSG_OIDC_UNREACHABLE,
  OIDC_DEFAULT_NAME,
  USERNAME_MAX_LENGTH,
} from '@gw/shared';
import * as client from 'openid-client';
import { BusinessError } from '../common/business.error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OptionsService } from '../options/options.service';
import { OutboundAddressRefusedError } from '../outbound/address-policy';
import { OutboundPolicy } from '../outbound/outbound-policy.service';
import type { CodeFlowProvider, ProviderAccount, ProviderCallback } from './code-flow';
import { PROVIDER_TIMEOUT_MS } from './provider-http';

/** How long a discovered configuration is reused: an administrator's change of the options shows within this. */
export const OIDC_DISCOVERY_TTL_MS = 5 * 60 * 1000;

/** The ID token checks of openid-client (oauth4webapi) that end in "refused": signature, iss, aud, exp, iat, nonce, azp. */
const ID_TOKEN_FAILURES = new Set([
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
  'OAUTH_INVALID_RESPONSE',
  'OAUTH_JWT_USERINFO_EXPECTED',
]);

const logger = new Logger('OIDC');

/** 127.0.0.0/8, ::1 and localhost: the only hosts a plain-http issuer may be on. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1';
  return false;
}

/** https anywhere; plain http only on a loopback address (tests, a provider beside the gateway). */
function allowedUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

interface CachedConfiguration {
  key: string;
  expires: number;
  configuration: Promise<client.Configuration>;
}

/**
 * Generic OpenID Connect sign-in (issue 31) through openid-client: the authorization code flow
 * with PKCE (S256) and a nonce, the ID token verified by the library (signature against the
 * issuer's JWKS, enabled by enableNonRepudiationChecks; iss, aud, exp, iat, nonce, azp). The
 * account is the ID token's `sub`.
 *
 * The PKCE verifier and the nonce are derived from the state with an HMAC keyed by SESSION_SECRET:
 * nothing new is stored, and only the holder of the state (the browser that asked for it, which
 * gives it back once) and the server know them. The state itself is checked and used up by
 * OAuthStateService before the code is exchanged.
 */
@Injectable()
export class OidcProvider implements CodeFlowProvider {
  private cached: CachedConfiguration | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly options: OptionsService,
    private readonly outbound: OutboundPolicy,
  ) {}

  /** The administrator's name for the provider (OidcDisplayName), 'OIDC' by default. */
  get label(): string {
    return this.options.get('OidcDisplayName').trim() || OIDC_DEFAULT_NAME;
  }

  assertEnabled(): void {
    if (!this.options.getBoolean('OidcEnabled')) throw new BusinessError(MSG_OIDC_DISABLED(this.label));
  }

  async authorizeUrl(state: string, redirectUri: string): Promise<string> {
    const configuration = await this.configuration();
    const authorizationEndpoint = configuration.serverMetadata().authorization_endpoint;
    if (!authorizationEndpoint || !allowedUrl(new URL(authorizationEndpoint))) throw new BusinessError(MSG_OIDC_AUTHORIZE_ENDPOINT_INVALID(this.label));
    return client
      .buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: this.scopes(),
        state,
        nonce: this.derive('nonce', state),
        code_challenge: await client.calculatePKCECodeChallenge(this.derive('pkce', state)),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  async identify(code: string, redirectUri: string, callback: ProviderCallback): Promise<ProviderAccount> {
    const configuration = await this.configuration();
    // RFC 9207: a provider that names itself in its redirects must have named itself, this one (mix-up defence).
    const metadata = configuration.serverMetadata();
    if (metadata.authorization_response_iss_parameter_supported && !callback.iss) throw new BusinessError(MSG_OIDC_ISS_MISSING(this.label));
    if (callback.iss && callback.iss !== metadata.issuer) throw new BusinessError(MSG_OIDC_ISS_MISMATCH(this.label));
    const currentUrl = new URL(redirectUri);
    currentUrl.searchParams.set('code', code);
    currentUrl.searchParams.set('state', callback.state);
    if (callback.iss) currentUrl.searchParams.set('iss', callback.iss);
    let claims: client.IDToken | undefined;
    let accessToken = '';
    try {
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: this.derive('pkce', callback.state),
        expectedState: callback.state,
        expectedNonce: this.derive('nonce', callback.state),
        idTokenExpected: true,
      });
      claims = tokens.claims();
      accessToken = tokens.access_token;
    } catch (error) {
      throw this.exchangeFailure(error);
    }
    if (!claims || typeof claims.sub !== 'string' || !claims.sub) throw new BusinessError(MSG_OIDC_ID_TOKEN_REFUSED(this.label));
    const name = this.usernameClaim(claims) ?? (await this.usernameFromUserInfo(configuration, accessToken, claims.sub));
    return { id: claims.sub, displayName: name ?? '', username: name && isUsableUsername(name) ? name : undefined };
  }

  /** The value of the OidcUsernameClaim claim, when present as a string. */
  private usernameClaim(claims: Record<string, unknown>): string | undefined {
    const claim = this.options.get('OidcUsernameClaim').trim() || 'preferred_username';
    const value = claims[claim];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  }

  /**
   * Conformant providers put the profile claims in the userinfo answer, not in the ID token, when
   * an access token is issued (OpenID Connect Core §5.4). The answer's `sub` must be the ID token's
   * (the library checks it); a failure only loses the name (a generated username follows).
   */
  private async usernameFromUserInfo(configuration: client.Configuration, accessToken: string, sub: string): Promise<string | undefined> {
    if (!accessToken || !configuration.serverMetadata().userinfo_endpoint) return undefined;
    try {
      return this.usernameClaim(await client.fetchUserInfo(configuration, accessToken, sub));
    } catch (error) {
      logger.warn(`${this.label} userinfo read failed: ${describe(error)}`);
      return undefined;
    }
  }

  private scopes(): string {
    const scopes = this.options.get('OidcScopes').split(/[\s,]+/).filter(Boolean);
    if (!scopes.includes('openid')) scopes.unshift('openid');
    return scopes.join(' ');
  }

  /** The PKCE verifier or the nonce of a state (43 base64url characters: RFC 7636's length for 32 bytes). */
  private derive(purpose: 'pkce' | 'nonce', state: string): string {
    return createHmac('sha256', this.config.sessionSecret).update(`oidc-${purpose}\n${state}`).digest('base64url');
  }

  /**
   * The issuer's configuration, discovered at <issuer>/.well-known/openid-configuration and kept for
   * a few minutes per issuer, client id and secret; a failed discovery is not kept.
   */
  private async configuration(): Promise<client.Configuration> {
    const issuer = this.options.get('OidcIssuer').trim();
    const clientId = this.options.get('OidcClientId').trim();
    const secret = this.options.get('OidcClientSecret');
    if (!issuer || !clientId) throw new BusinessError(MSG_OIDC_NOT_CONFIGURED(this.label));
    let issuerUrl: URL;
    try {
      issuerUrl = new URL(issuer);
    } catch {
      throw new BusinessError(MSG_OIDC_ISSUER_INVALID(this.label));
    }
    if (!allowedUrl(issuerUrl)) throw new BusinessError(MSG_OIDC_ISSUER_NOT_HTTPS(this.label));
    const key = [issuerUrl.href, clientId, createHash('sha256').update(secret).digest('hex')].join('\n');
    const now = Date.now();
    if (this.cached && this.cached.key === key && this.cached.expires > now) return this.cached.configuration;
    const configuration = this.discover(issuerUrl, clientId, secret);
    const entry: CachedConfiguration = { key, expires: now + OIDC_DISCOVERY_TTL_MS, configuration };
    this.cached = entry;
    configuration.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return configuration;
  }

  private async discover(issuer: URL, clientId: string, secret: string): Promise<client.Configuration> {
    const fetchThroughPolicy: client.CustomFetch = async (url, init) => {
      // Every request (discovery, token, JWKS) passes the https rule and the outbound-address policy.
      if (!allowedUrl(new URL(url))) throw new OutboundAddressRefusedError(new URL(url).origin, 'OIDC 请求必须使用 https（仅本机回环地址允许 http）');
      return (await this.outbound.fetch('oauth', url, {
        method: init.method,
        headers: init.headers as Record<string, string>,
        body: init.body as string | undefined,
        redirect: 'manual',
        signal: init.signal ?? AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      })) as unknown as Response;
    };
    try {
      return await client.discovery(issuer, clientId, secret || undefined, undefined, {
        [client.customFetch]: fetchThroughPolicy,
        timeout: PROVIDER_TIMEOUT_MS / 1000,
        // The ID token's signature is checked against the issuer's JWKS too: openid-client alone would
        // trust the token endpoint's TLS for it (OpenID Connect Core §3.1.3.7), and a loopback issuer has none.
        // Plain http is allowed to the library only for a loopback issuer; fetchThroughPolicy still refuses http elsewhere.
        execute: issuer.protocol === 'http:' ? [client.enableNonRepudiationChecks, client.allowInsecureRequests] : [client.enableNonRepudiationChecks],
      });
    } catch (error) {
      const refused = refusalIn(error);
      if (refused) throw new BusinessError(MSG_OIDC_DISCOVERY_REFUSED(this.label, refused.message.slice(0, 100)));
      logger.warn(`OIDC discovery at ${issuer.origin} failed: ${describe(error)}`);
      throw new BusinessError(MSG_OIDC_DISCOVERY_FAILED(this.label));
    }
  }

  /**
   * What the person signing in is told: the provider's refusal of the code, our refusal of the ID
   * token, or that the provider could not be reached. Never the tokens or the secret; the log gets
   * the library's reason (its messages name claims, not values of tokens).
   */
  private exchangeFailure(error: unknown): BusinessError {
    const label = this.label;
    if (error instanceof client.ResponseBodyError) {
      logger.warn(`${label} code exchange refused: ${error.error}`);
      return new BusinessError(MSG_OIDC_CODE_REFUSED(label, error.error.slice(0, 100)));
    }
    if (error instanceof client.AuthorizationResponseError) {
      return new BusinessError(MSG_OIDC_AUTHORIZATION_FAILED(label, error.error.slice(0, 100)));
    }
    const refused = refusalIn(error);
    if (refused) return new BusinessError(MSG_OIDC_AUTHORIZATION_FAILED(label, refused.message.slice(0, 100)));
    const code = (error as { code?: unknown }).code;
    if (error instanceof client.ClientError && typeof code === 'string' && ID_TOKEN_FAILURES.has(code)) {
      logger.warn(`${label} ID token refused: ${describe(error)}`);
      return new BusinessError(MSG_OIDC_ID_TOKEN_REFUSED(label));
    }
    logger.warn(`${label} code exchange failed: ${describe(error)}`);
    return new BusinessError(MSG_OIDC_UNREACHABLE(label));
  }
}

/** The outbound policy's refusal, which openid-client wraps as the cause of its own error. */
function refusalIn(error: unknown): OutboundAddressRefusedError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    if (current instanceof OutboundAddressRefusedError) return current;
  }
  return undefined;
}

/** The library's message and code, and its cause's message: no token values. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  const causeMessage = cause instanceof Error ? ` (${cause.message})` : '';
  return `${error.message}${typeof code === 'string' ? ` [${code}]` : ''}${causeMessage}`;
}

/** A username as the registration form accepts one (username.rules.ts). */
function isUsableUsername(name: string): boolean {
  return name.length <= USERNAME_MAX_LENGTH && /^[^\s<>"'&]+$/.test(name);
}
