import { createPrivateKey, generateKeyPairSync, randomBytes, sign, type JsonWebKey } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** The claims an account of the test provider has (its ID token and userinfo carry the scoped ones). */
export interface OidcAccount {
  sub: string;
  preferred_username?: string;
  name?: string;
  email?: string;
  [claim: string]: unknown;
}

/** Changes made to the ID token of the next token responses, re-signed with the provider's own key. */
export type IdTokenTamper = (claims: Record<string, unknown>) => Record<string, unknown>;

/**
 * A real OpenID Connect provider (panva's oidc-provider, v8) on 127.0.0.1 for the OIDC tests: one
 * confidential client with the gateway's callback address, PKCE (S256) required, our own RSA key
 * (so a test can also mint tokens with it), accounts with fixed claims. The login and consent
 * interaction is answered by this server itself for the account named by `signInAs`: the browser
 * (the test, with a cookie jar) follows the provider's redirects as a person would.
 */
export class LocalOidcProvider {
  readonly clientId = 'gateway-client';
  readonly clientSecret = `secret-${randomBytes(8).toString('hex')}`;
  /** The token endpoint's refusals (`grant.error`): what the provider said to the gateway. */
  readonly grantErrors: { error: string; detail: string }[] = [];
  /** Set to change the ID token of the token responses (re-signed with the provider's key). */
  tamper: IdTokenTamper | undefined;
  /** Set to sign the ID token of the token responses with another key under the provider's key id. */
  signWithForeignKey = false;
  private readonly accounts = new Map<string, OidcAccount>();
  private next: OidcAccount | undefined;
  private readonly privateJwk: JsonWebKey & { kid: string };
  private server: Server | undefined;
  private provider: Provider | undefined;
  url = '';

  constructor(private readonly redirectUri: string) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateJwk = { ...privateKey.export({ format: 'jwk' }), kid: `test-${randomBytes(4).toString('hex')}`, alg: 'RS256', use: 'sig' } as JsonWebKey & { kid: string };
  }

  /** The account the next authorization signs in as. */
  signInAs(account: OidcAccount): void {
    this.accounts.set(account.sub, account);
    this.next = account;
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => this.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const configuration: Configuration = {
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: [this.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [this.privateJwk as never] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email'] },
      pkce: { required: () => true },
      ttl: { AccessToken: 3600, AuthorizationCode: 600, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => {
        const account = this.accounts.get(sub);
        return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
      },
    };
    const provider = new Provider(this.url, configuration);
    provider.on('grant.error', (_ctx: KoaContextWithOIDC, error: { error?: string; error_description?: string; error_detail?: string }) => {
      this.grantErrors.push({ error: error.error ?? '', detail: error.error_detail ?? error.error_description ?? '' });
    });
    // The tamper hook: the provider's own token response, its ID token changed and signed again with the provider's key.
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path === '/token' && (this.tamper || this.signWithForeignKey) && body?.id_token) {
        const claims = JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
        ctx.body = { ...body, id_token: this.mint(this.tamper ? this.tamper(claims) : claims, this.signWithForeignKey) };
      }
    });
    this.provider = provider;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A JWT signed with the provider's key (RS256) as its ID tokens are, or with a foreign key under the same key id. */
  mint(claims: Record<string, unknown>, foreignKey = false): string {
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: this.privateJwk.kid })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const key = foreignKey ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : createPrivateKey({ key: this.privateJwk, format: 'jwk' });
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key);
    return `${header}.${payload}.${signature.toString('base64url')}`;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const provider = this.provider!;
    if (request.url?.startsWith('/interaction/')) {
      void this.interact(request, response).catch((error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      });
      return;
    }
    provider.callback()(request, response);
  }

  /** Login and consent at once, for the account of `signInAs`. */
  private async interact(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const provider = this.provider!;
    const details = await provider.interactionDetails(request, response);
    const account = this.next;
    if (!account) throw new Error('signInAs was not called');
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }
}

/**
 * A browser's walk through the provider: follows the redirects from `url` (the provider's authorize
 * page, the interaction, the resume) with a cookie jar, and stops at the first redirect that leaves
 * the provider. Returns that address (the gateway's callback with code, state and iss).
 */
export async function followProvider(provider: LocalOidcProvider, url: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(url);
  for (let hop = 0; hop < 10; hop++) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const reply = await fetch(next, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of reply.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) jar.set(pair.slice(0, at), value);
      else jar.delete(pair.slice(0, at));
    }
    const location = reply.headers.get('location');
    if (!location) throw new Error(`the provider answered ${reply.status} at ${next.pathname}: ${(await reply.text()).slice(0, 300)}`);
    next = new URL(location, next);
    if (next.origin !== provider.url) return next;
  }
  throw new Error('too many redirects at the provider');
}
