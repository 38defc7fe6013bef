import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import proxyAddr from 'proxy-addr';
import { requestIdOf } from '../common/request-id';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type ProxyTrust, proxyTrust } from '../config/proxy-trust';
import { ANTHROPIC_INBOUND } from './inbound/anthropic-inbound';
import { geminiInbound, geminiRoute, withQueryKey } from './inbound/gemini-inbound';
import { MessagesCountTokensService } from './inbound/messages-count-tokens.service';
import { RESPONSES_INBOUND } from './inbound/responses-inbound';
import type { RelayMode } from './relay-context';
import type { RelayRequest } from './relay-request';
import { RelayService } from './relay.service';

/** OpenAI's POST endpoints (DESIGN.md §5). GET /v1/models and /v1/models/lists stay with Nest. */
export const RELAY_ROUTES = new Map<string, RelayMode>([
  ['/v1/chat/completions', 'chat'],
  ['/v1/completions', 'completions'],
  ['/v1/embeddings', 'embeddings'],
  ['/v1/images/generations', 'images'],
  ['/v1/moderations', 'moderations'],
  ['/v1/rerank', 'rerank'],
  ['/v1/audio/speech', 'speech'],
  ['/v1/audio/transcriptions', 'transcriptions'],
  ['/v1/audio/translations', 'translations'],
  ['/v1/images/edits', 'image-edits'],
]);

/** Anthropic's Messages API (DESIGN.md §5.0), in front of the same pipeline. */
export const MESSAGES_PATH = '/v1/messages';
export const COUNT_TOKENS_PATH = '/v1/messages/count_tokens';
/** OpenAI's Responses API (DESIGN.md §5.0), in front of the same pipeline. */
export const RESPONSES_PATH = '/v1/responses';

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

const CONSOLE_CHAT_PATH = '/v1/chat/completions';

/**
 * The console's compare chat calls POST /v1/chat/completions with its session cookie and the
 * New-Api-User header, and no key: that call is the compare chat's (talkings/console-chat-door.ts,
 * which checks the session). A call with any API key header is the relay's, as always.
 */
export function isConsoleChat(request: IncomingMessage, path: string): boolean {
  const headers = request.headers;
  return path === CONSOLE_CHAT_PATH && headers['new-api-user'] !== undefined && !headers.authorization && !headers['x-api-key'] && !headers['x-goog-api-key'];
}

/** Who serves the console's compare chat calls (isConsoleChat); the talkings module's ConsoleChatDoor. */
export interface ConsoleChatHandler {
  serve(request: IncomingMessage, response: ServerResponse, relayRequest: RelayRequest): Promise<void>;
}

/**
 * The relay's own front door, ahead of Express and Nest on the same HTTP server. Relay calls are
 * the product's hot path and need none of the console's machinery (cookies, sessions, guards,
 * interceptors, the envelope, throttling by IP): the sk- token is checked inside the relay. The
 * NestJS pipeline costs several times the relay's own work per request (docs/performance.md),
 * so these calls go straight from node:http to RelayService; every other path goes to Express.
 */
@Injectable()
export class RelayFrontDoor {
  private readonly trust: ProxyTrust;

  constructor(
    private readonly relay: RelayService,
    private readonly countTokens: MessagesCountTokensService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.trust = proxyTrust(config);
  }

  /**
   * Puts the front door before the HTTP server's existing request listener (Express). The compare
   * chat's calls go to `consoleChat` when given, to Express otherwise.
   */
  install(server: Server, consoleChat?: ConsoleChatHandler): void {
    const [express] = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const path = request.method === 'POST' ? pathOf(request.url ?? '') : '';
      const consoleCall = isConsoleChat(request, path);
      const mode = consoleCall ? undefined : RELAY_ROUTES.get(path);
      if (consoleCall && consoleChat) void consoleChat.serve(request, response, this.relayRequest(request, path));
      else if (mode) void this.relay.handle(mode, this.relayRequest(request, path), response);
      else if (path === MESSAGES_PATH) void this.relay.handle('chat', this.relayRequest(request, path), response, { format: ANTHROPIC_INBOUND });
      else if (path === RESPONSES_PATH) void this.relay.handle('chat', this.relayRequest(request, path), response, { format: RESPONSES_INBOUND });
      else if (path === COUNT_TOKENS_PATH) void this.countTokens.serve(this.relayRequest(request, path), response);
      else if (!this.serveGemini(request, path, response)) express(request, response);
    });
  }

  /** Gemini's generateContent calls (DESIGN.md §5.0): the model and the streaming are in the path, the key perhaps in the query. */
  private serveGemini(request: IncomingMessage, path: string, response: ServerResponse): boolean {
    if (!path.includes(':')) return false;
    const query = new URLSearchParams((request.url ?? '').slice(path.length + 1));
    const route = geminiRoute(path, query);
    if (!route) return false;
    const relayRequest = { ...this.relayRequest(request, path), headers: withQueryKey(request.headers, query) };
    void this.relay.handle('chat', relayRequest, response, { format: geminiInbound(route) });
    return true;
  }

  private relayRequest(request: IncomingMessage, path: string): RelayRequest {
    return { headers: request.headers, ip: proxyAddr(request, this.trust), path, stream: request, requestId: requestIdOf(request) };
  }
}
