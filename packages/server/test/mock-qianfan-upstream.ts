import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

/** The application whose API Key and Secret Key the mock's OAuth endpoint knows. */
export const QIANFAN_APP = { apiKey: 'qf-app-api-key', secretKey: 'qf-app-secret-key' };
/** What the mock reports for every answer (prompt 7, completion 4). */
export const QIANFAN_USAGE = { prompt_tokens: 7, completion_tokens: 4, total_tokens: 11 };
/** The chat endpoint that answers as if the application's QPS limit was reached (error_code 18). */
export const QIANFAN_LIMITED_ENDPOINT = 'ernie-limited';

export interface SeenQianfanChat {
  endpoint: string;
  accessToken: string;
  body: Record<string, any>;
}

const CHAT_PATH = '/rpc/2.0/ai_custom/v1/wenxinworkshop/chat/';

/**
 * A real Baidu Qianfan v1 server on 127.0.0.1 for relay tests. `POST /oauth/2.0/token` exchanges
 * the application's key (query: grant_type=client_credentials, client_id, client_secret) for a
 * 30-day access token, or answers 401 `{error, error_description}`. `POST {CHAT_PATH}{endpoint}?
 * access_token=` answers `{result, usage}` or ERNIE's data-only SSE (`is_end` on the last event),
 * and, with HTTP 200 as Baidu does, `{error_code, error_msg}`: 110 for a token it does not know,
 * 18 at QIANFAN_LIMITED_ENDPOINT.
 */
export class MockQianfanUpstream extends LocalHttpServer {
  /** Every token exchange, with the client_id asked for. */
  readonly exchanges: string[] = [];
  readonly chats: SeenQianfanChat[] = [];
  private readonly validTokens = new Set<string>();

  /** Forgets every token handed out, as when Baidu revokes them: the next chat call answers 110. */
  revokeTokens(): void {
    this.validTokens.clear();
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const pieces: Buffer[] = [];
    for await (const piece of request) pieces.push(piece as Buffer);
    const url = new URL(request.url ?? '/', 'http://mock');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST') return json(404, { error_code: 3, error_msg: 'Unsupported openapi method' });

    if (url.pathname === '/oauth/2.0/token') {
      const clientId = url.searchParams.get('client_id') ?? '';
      this.exchanges.push(clientId);
      if (url.searchParams.get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type', error_description: 'unsupported grant type' });
      if (clientId !== QIANFAN_APP.apiKey) return json(401, { error: 'invalid_client', error_description: 'unknown client id' });
      if (url.searchParams.get('client_secret') !== QIANFAN_APP.secretKey) return json(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      const token = `24.mock${this.exchanges.length}.2592000.1.282335-1`;
      this.validTokens.add(token);
      return json(200, { refresh_token: '25.mock', expires_in: 2_592_000, session_key: 'mock', access_token: token, scope: 'public ai_custom_qianfan', session_secret: 'mock' });
    }

    if (!url.pathname.startsWith(CHAT_PATH)) return json(404, { error_code: 3, error_msg: 'Unsupported openapi method' });
    const endpoint = url.pathname.slice(CHAT_PATH.length);
    const accessToken = url.searchParams.get('access_token') ?? '';
    const body = JSON.parse(Buffer.concat(pieces).toString('utf8') || '{}') as Record<string, any>;
    this.chats.push({ endpoint, accessToken, body });
    if (!this.validTokens.has(accessToken)) return json(200, { error_code: 110, error_msg: 'Access token invalid or no longer valid' });
    if (endpoint === QIANFAN_LIMITED_ENDPOINT) return json(200, { error_code: 18, error_msg: 'Open api qps request limit reached' });

    const text = `Hello from ${endpoint}`;
    const created = Math.floor(Date.now() / 1000);
    if (!body.stream) return json(200, { id: 'as-mock1', object: 'chat.completion', created, result: text, is_truncated: false, need_clear_history: false, finish_reason: 'normal', usage: QIANFAN_USAGE });
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const words = text.split(/(?= )/);
    words.forEach((word, index) => {
      const last = index === words.length - 1;
      const usage = last ? QIANFAN_USAGE : { prompt_tokens: QIANFAN_USAGE.prompt_tokens, completion_tokens: 0, total_tokens: QIANFAN_USAGE.prompt_tokens };
      response.write(`data: ${JSON.stringify({ id: 'as-mock1', object: 'chat.completion', created, sentence_id: index, is_end: last, is_truncated: false, result: word, need_clear_history: false, ...(last ? { finish_reason: 'normal' } : {}), usage })}\n\n`);
    });
    response.end();
  }
}
