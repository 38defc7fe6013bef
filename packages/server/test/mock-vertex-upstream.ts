import { generateKeyPairSync, type KeyObject, verify } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';
import { MockAnthropicUpstream } from './mock-anthropic-upstream';
import { MockGeminiUpstream } from './mock-gemini-upstream';

/** The audience Google's token endpoint requires of a service account's assertion. */
const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
const CLOUD_PLATFORM = 'https://www.googleapis.com/auth/cloud-platform';
const ROUTE = /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(anthropic|google)\/models\/([^/:]+):(rawPredict|streamRawPredict|generateContent|streamGenerateContent)$/;
const INNER_KEY = 'vertex-inner-key';

export interface SeenVertexRequest {
  /** Path and query, e.g. /v1/projects/p/locations/us-central1/publishers/google/models/gemini-x:streamGenerateContent?alt=sse */
  path: string;
  project: string;
  region: string;
  publisher: string;
  model: string;
  method: string;
  authorization: string;
  beta: string;
  body: Record<string, any>;
}

interface Account {
  publicKey: KeyObject;
  project: string;
  /** Tokens issued to it are refused by the API (a key whose service account was deleted). */
  revoked: boolean;
}

const base64url = (value: string): Buffer => Buffer.from(value, 'base64url');

/**
 * Google Vertex AI on 127.0.0.1 for relay tests, with Google's OAuth token endpoint at /token.
 * The token endpoint takes a JWT-bearer grant (RFC 7523), checks the RS256 signature with the
 * public key of the service account the test registered, its audience, scope and lifetime, and
 * issues `ya29.mock-<n>` tokens living `tokenLifetime` seconds. The API checks the Bearer token
 * (401 UNAUTHENTICATED when unknown, expired or revoked), the project of the token's account
 * (403 PERMISSION_DENIED) and, for the models listed in `modelRegions`, the region (404 as Vertex
 * answers a model not offered there). Claude (rawPredict, streamRawPredict, the count-tokens
 * model) requires `anthropic_version: vertex-2023-10-16` and no model in the body, and is then
 * answered by a MockAnthropicUpstream; Gemini (generateContent, streamGenerateContent with
 * alt=sse) by a MockGeminiUpstream, so replies and streams are exactly theirs.
 */
export class MockVertexUpstream extends LocalHttpServer {
  readonly seen: SeenVertexRequest[] = [];
  /** Grants received by the token endpoint, valid or not. */
  tokenRequests = 0;
  tokenLifetime = 3600;
  /** model → the only region serving it. */
  readonly modelRegions = new Map<string, string>();
  private readonly accounts = new Map<string, Account>();
  private readonly tokens = new Map<string, { email: string; expiresAt: number }>();
  private readonly anthropic = new MockAnthropicUpstream();
  private readonly gemini = new MockGeminiUpstream(INNER_KEY);

  override async start(): Promise<this> {
    await Promise.all([this.anthropic.start(), this.gemini.start()]);
    return super.start();
  }

  override async stop(): Promise<void> {
    await Promise.all([super.stop(), this.anthropic.stop(), this.gemini.stop()]);
  }

  /** A new service account of `project` (a throwaway RSA key pair) and its JSON key, pointing at this mock's token endpoint. */
  serviceAccount(email: string, project: string, options: { revoked?: boolean } = {}): string {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.accounts.set(email, { publicKey, project, revoked: options.revoked ?? false });
    return JSON.stringify({
      type: 'service_account',
      project_id: project,
      private_key_id: `kid-${email}`,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: email,
      client_id: '100000000000000000001',
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: `${this.url}/token`,
      universe_domain: 'googleapis.com',
    });
  }

  /** Tokens issued so far are refused from now on, as after their expiry. */
  expireTokens(): void {
    for (const token of this.tokens.values()) token.expiresAt = 0;
  }

  private json(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  }

  private googleError(response: ServerResponse, code: number, status: string, message: string): void {
    this.json(response, code, { error: { code, message, status } });
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const piece of request) raw += piece;
    const url = new URL(request.url ?? '/', 'http://mock');
    if (url.pathname === '/token' && request.method === 'POST') return this.token(raw, String(request.headers['content-type'] ?? ''), response);
    const route = ROUTE.exec(url.pathname);
    if (request.method !== 'POST' || !route) return this.googleError(response, 404, 'NOT_FOUND', `The requested URL ${url.pathname} was not found on this server.`);
    const [, project, region, publisher, model, method] = route;
    let body: Record<string, any>;
    try {
      body = JSON.parse(raw);
    } catch {
      return this.googleError(response, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const authorization = String(request.headers.authorization ?? '');
    this.seen.push({ path: `${url.pathname}${url.search}`, project, region, publisher, model, method, authorization, beta: String(request.headers['anthropic-beta'] ?? ''), body });

    const token = this.tokens.get(authorization.replace(/^Bearer /, ''));
    const account = token && this.accounts.get(token.email);
    if (!authorization.startsWith('Bearer ') || !token || !account || token.expiresAt < Date.now() || account.revoked) {
      return this.googleError(response, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.');
    }
    if (account.project !== project) return this.googleError(response, 403, 'PERMISSION_DENIED', `Permission 'aiplatform.endpoints.predict' denied on resource '//aiplatform.googleapis.com/projects/${project}/locations/${region}/publishers/${publisher}/models/${model}' (or it may not exist).`);
    const only = this.modelRegions.get(model === 'count-tokens' ? body.model : model);
    if (only && only !== region) return this.googleError(response, 404, 'NOT_FOUND', `Publisher Model \`projects/${project}/locations/${region}/publishers/${publisher}/models/${model}\` not found.`);

    if (publisher === 'google') {
      if (method === 'rawPredict' || method === 'streamRawPredict') return this.googleError(response, 400, 'FAILED_PRECONDITION', 'rawPredict is for partner models');
      return this.forward(response, `${this.gemini.url}/v1beta/models/${model}:${method}${url.search}`, { 'x-goog-api-key': INNER_KEY }, body);
    }
    if (method !== 'rawPredict' && method !== 'streamRawPredict') return this.googleError(response, 400, 'FAILED_PRECONDITION', `${method} is not supported for Anthropic models; use rawPredict`);
    const { anthropic_version: version, ...messages } = body;
    if (version !== 'vertex-2023-10-16') return this.json(response, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'anthropic_version: Input should be \'vertex-2023-10-16\'' } });
    const headers: Record<string, string> = { 'x-api-key': INNER_KEY, 'anthropic-version': '2023-06-01' };
    if (request.headers['anthropic-beta']) headers['anthropic-beta'] = String(request.headers['anthropic-beta']);
    if (model === 'count-tokens') return this.forward(response, `${this.anthropic.url}/v1/messages/count_tokens`, headers, messages);
    if ('model' in messages) return this.json(response, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'model: Extra inputs are not permitted' } });
    if (Boolean(messages.stream) !== (method === 'streamRawPredict')) return this.json(response, 400, { type: 'error', error: { type: 'invalid_request_error', message: `stream must be ${method === 'streamRawPredict'} for ${method}` } });
    return this.forward(response, `${this.anthropic.url}/v1/messages`, headers, { ...messages, model });
  }

  /** The JWT-bearer grant, checked as Google checks it; errors in OAuth 2.0's shape. */
  private token(raw: string, contentType: string, response: ServerResponse): void {
    this.tokenRequests++;
    const refuse = (description: string) => this.json(response, 400, { error: 'invalid_grant', error_description: description });
    if (!contentType.startsWith('application/x-www-form-urlencoded')) return this.json(response, 400, { error: 'invalid_request', error_description: 'Bad Request' });
    const form = new URLSearchParams(raw);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return this.json(response, 400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' });
    const [header, payload, signature] = (form.get('assertion') ?? '').split('.');
    if (!header || !payload || !signature) return refuse('Invalid JWT: Token must be a short-lived token and in a reasonable timeframe');
    let claims: Record<string, any>;
    try {
      if (JSON.parse(base64url(header).toString()).alg !== 'RS256') return refuse('Invalid JWT Signature.');
      claims = JSON.parse(base64url(payload).toString());
    } catch {
      return refuse('Invalid JWT Signature.');
    }
    const account = this.accounts.get(claims.iss);
    if (!account) return refuse('Invalid grant: account not found');
    if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), account.publicKey, base64url(signature))) return refuse('Invalid JWT Signature.');
    const now = Math.floor(Date.now() / 1000);
    if (claims.aud !== GOOGLE_TOKEN_AUDIENCE) return refuse('Invalid JWT: audience');
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number' || claims.exp - claims.iat > 3600 || claims.exp < now) return refuse('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.');
    if (!String(claims.scope ?? '').split(' ').includes(CLOUD_PLATFORM)) return this.json(response, 400, { error: 'invalid_scope', error_description: 'Invalid OAuth scope or ID token audience provided.' });
    const accessToken = `ya29.mock-${this.tokenRequests}`;
    this.tokens.set(accessToken, { email: claims.iss, expiresAt: Date.now() + this.tokenLifetime * 1000 });
    this.json(response, 200, { access_token: accessToken, expires_in: this.tokenLifetime, token_type: 'Bearer' });
  }

  /** The publisher's answer relayed as it comes, streams chunk by chunk. */
  private async forward(response: ServerResponse, url: string, headers: Record<string, string>, body: unknown): Promise<void> {
    const reply = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    response.writeHead(reply.status, { 'content-type': reply.headers.get('content-type') ?? 'application/json' });
    if (reply.body) for await (const chunk of reply.body) response.write(chunk);
    response.end();
  }
}
