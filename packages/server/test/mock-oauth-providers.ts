import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

/** An account at a stand-in provider. */
export interface ProviderUser {
  id: number;
  username: string;
  name: string;
  /** LinuxDO only. */
  trust_level?: number;
  active?: boolean;
  silenced?: boolean;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  const pieces: Buffer[] = [];
  for await (const piece of request) pieces.push(piece as Buffer);
  return Buffer.concat(pieces).toString('utf8');
};

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
};

/**
 * The authorization-code flow both stand-ins speak: the authorize page "signs in" whoever the test
 * named with `signInAs` and redirects back with a single-use code; the token endpoint trades the
 * code (with the client's credentials and the same redirect_uri) for an access token; the user
 * endpoint answers for that token.
 */
abstract class CodeFlowProvider extends LocalHttpServer {
  clientId = 'test-client-id';
  clientSecret = 'test-client-secret';
  /** Every token exchange, as received. */
  readonly tokenRequests: { headers: IncomingMessage['headers']; form: URLSearchParams }[] = [];
  private next?: ProviderUser;
  private readonly codes = new Map<string, { user: ProviderUser; redirectUri: string }>();
  private readonly tokens = new Map<string, ProviderUser>();

  protected abstract readonly paths: { authorize: string; token: string; user: string };

  /** The account the next visit to the authorize page signs in as. */
  signInAs(user: ProviderUser): void {
    this.next = user;
  }

  protected abstract clientFrom(request: IncomingMessage, form: URLSearchParams): { id?: string; secret?: string };
  protected abstract tokenReply(response: ServerResponse, request: IncomingMessage, token: string | undefined): void;
  protected abstract userReply(user: ProviderUser): unknown;

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    if (request.method === 'GET' && url.pathname === this.paths.authorize) return this.authorize(url, response);
    if (request.method === 'POST' && url.pathname === this.paths.token) return this.token(request, response);
    if (request.method === 'GET' && url.pathname === this.paths.user) {
      const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const user = token ? this.tokens.get(token) : undefined;
      return user ? json(response, 200, this.userReply(user)) : json(response, 401, { message: 'Bad credentials' });
    }
    json(response, 404, { message: 'Not Found' });
  }

  private authorize(url: URL, response: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== this.clientId || !redirectUri || !this.next) return json(response, 400, { error: 'invalid_request' });
    const code = randomBytes(8).toString('hex');
    this.codes.set(code, { user: this.next, redirectUri });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    response.writeHead(302, { Location: back.toString() }).end();
  }

  private async token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    this.tokenRequests.push({ headers: request.headers, form });
    const client = this.clientFrom(request, form);
    const grant = this.codes.get(form.get('code') ?? '');
    this.codes.delete(form.get('code') ?? '');
    const valid = client.id === this.clientId && client.secret === this.clientSecret && grant && grant.redirectUri === form.get('redirect_uri');
    if (!valid) return this.tokenReply(response, request, undefined);
    const token = randomBytes(12).toString('hex');
    this.tokens.set(token, grant.user);
    this.tokenReply(response, request, token);
  }
}

/** GitHub: /login/oauth/*, the API's /user; a bad code is HTTP 200 with `error`, as GitHub does. */
export class MockGitHub extends CodeFlowProvider {
  protected readonly paths = { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token', user: '/user' };

  protected clientFrom(_request: IncomingMessage, form: URLSearchParams) {
    return { id: form.get('client_id') ?? undefined, secret: form.get('client_secret') ?? undefined };
  }

  protected tokenReply(response: ServerResponse, request: IncomingMessage, token: string | undefined): void {
    const body: Record<string, string> = token ? { access_token: token, token_type: 'bearer', scope: 'read:user' } : { error: 'bad_verification_code' };
    if ((request.headers.accept ?? '').includes('application/json')) return json(response, 200, body);
    response.writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded' }).end(new URLSearchParams(body).toString());
  }

  protected userReply(user: ProviderUser) {
    return { id: user.id, login: user.username, name: user.name, email: null };
  }
}

/** LinuxDO Connect: /oauth2/authorize, /oauth2/token (client authenticated with HTTP Basic), /api/user. */
export class MockLinuxDo extends CodeFlowProvider {
  protected readonly paths = { authorize: '/oauth2/authorize', token: '/oauth2/token', user: '/api/user' };

  protected clientFrom(request: IncomingMessage) {
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    return { id, secret };
  }

  protected tokenReply(response: ServerResponse, _request: IncomingMessage, token: string | undefined): void {
    if (!token) return json(response, 400, { error: 'invalid_grant' });
    json(response, 200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
  }

  protected userReply(user: ProviderUser) {
    return { id: user.id, username: user.username, name: user.name, active: user.active ?? true, silenced: user.silenced ?? false, trust_level: user.trust_level ?? 0 };
  }
}

/**
 * A WeChat login server (one-api / new-api's wechat-server): GET /api/wechat/user?code=… with the
 * server token in Authorization answers `{success, message, data: openid}`; a code works once.
 */
export class MockWeChatServer extends LocalHttpServer {
  token = 'wechat-server-token';
  private readonly codes = new Map<string, string>();

  /** A code as the official account would send it to the WeChat user `openId`. */
  codeFor(openId: string): string {
    const code = String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000));
    this.codes.set(code, openId);
    return code;
  }

  protected handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', this.url);
    if (request.method !== 'GET' || url.pathname !== '/api/wechat/user') return json(response, 404, { success: false, message: 'not found' });
    if (request.headers.authorization !== this.token) return json(response, 200, { success: false, message: '无权进行此操作，token 无效' });
    const code = url.searchParams.get('code') ?? '';
    const openId = this.codes.get(code);
    this.codes.delete(code);
    if (!openId) return json(response, 200, { success: false, message: '验证码错误或已过期' });
    json(response, 200, { success: true, message: '', data: openId });
  }
}
