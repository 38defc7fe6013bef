import type { ServerResponse } from 'node:http';
import { BadRequestException, Inject, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import { Authenticator, checkClaim, checkEnabled, checkRole } from '../auth/authenticator';
import { assertJsonBody } from '../auth/json-body.guard';
import { type CookieRequest, SameOriginGuard } from '../auth/same-origin.guard';
import { SESSION_COOKIE } from '../auth/sessions.service';
import { failureOf, isUnforeseen, relayFailureOf } from '../common/exception.filter';
import { inputProblem } from '../common/input-rules';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE_UNAVAILABLE, DatabaseHealth } from '../database/database-health';
import { RelayError } from '../relay/relay-error';
import { headerOf, readJsonBody, type RelayRequest, sendJson } from '../relay/relay-request';
import { type ChatCaller, ChatLookup, type ChatLookupResult } from './chat-lookup';
import { CompareChatService } from './compare-chat.service';
import { type CompareChatDto, readCompareChat } from './dto/compare-chat.dto';

/** A call let through to its answer. */
interface Admitted {
  caller: ChatCaller;
  conversation: ChatLookupResult['conversation'];
  dto: CompareChatDto;
}

/**
 * The compare chat's answers, POST /v1/chat/completions with the console's session cookie and the
 * New-Api-User header and no key (relay-front-door.ts isConsoleChat), served from the relay's front
 * door rather than through Express and Nest: the chat is the relay's hot path too, and the Nest
 * pipeline cost more than the answer itself (docs/performance.md, compare chat). The checks are the
 * console's own, in the same code: the signed session cookie (cookie-parser), the cross-site rule
 * and the JSON body rule (SameOriginGuard, JsonBodyGuard), the Authenticator's checks with the
 * 'user' rule, the input guard's rules, and the call's own rules (readCompareChat).
 * Every refusal is OpenAI's error shape with the console's message, as the exception filter gives.
 */
@Injectable()
export class ConsoleChatDoor {
  private readonly logger = new Logger('CompareChat');
  private readonly parseCookies: (request: CookieRequest) => void;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly lookup: ChatLookup,
    private readonly chat: CompareChatService,
    private readonly database: DatabaseHealth,
    private readonly sameOrigin: SameOriginGuard,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const middleware = cookieParser(config.sessionSecret);
    // cookie-parser only reads the Cookie header and sets fields; it calls back at once.
    this.parseCookies = (request) => middleware(request as Request, {} as Response, () => undefined);
  }

  /** Never rejects: whatever goes wrong before the answer streams is answered here (refuse). */
  async serve(request: CookieRequest, response: ServerResponse, relayRequest: RelayRequest): Promise<void> {
    try {
      this.parseCookies(request);
      this.sameOrigin.check(request);
      assertJsonBody(request);
      const body = await readJsonBody(request);
      const { caller, conversation, dto } = await this.admit(request, body);
      await this.chat.chat(caller, conversation, dto, relayRequest, response);
    } catch (error) {
      await this.refuse(response, error);
    }
  }

  /** The call checked, its caller signed in and allowed, its conversation read. */
  private async admit(request: CookieRequest, body: Record<string, unknown>): Promise<Admitted> {
    const credentials = { claimedId: headerOf(request.headers, 'new-api-user'), sessionId: request.signedCookies?.[SESSION_COOKIE], authorization: undefined };
    let dto: CompareChatDto | undefined;
    let invalid: unknown;
    try {
      const problem = inputProblem(body);
      if (problem) throw new BadRequestException(problem);
      dto = readCompareChat(body);
    } catch (error) {
      invalid = error;
    }
    // The session and the conversation in one query (ChatLookup); without a live session (or
    // with a bad call) the Authenticator says why, so a stranger never learns what is invalid.
    const { sessionId } = credentials;
    const found: ChatLookupResult = dto && typeof sessionId === 'string' && sessionId ? await this.lookup.find(sessionId, dto.conversation_id, dto.talking_id) : {};
    if (!dto || !found.caller) {
      await this.authenticator.authenticate(credentials);
      if (invalid !== undefined) throw invalid;
      // A session that went live between the two reads: the browser simply tries again.
      throw new UnauthorizedException('未登录或登录已过期，请重新登录');
    }
    const { caller } = found;
    // The Authenticator's checks after the session named its user.
    checkClaim(credentials.claimedId, caller.id, false);
    checkEnabled(caller);
    checkRole('user', caller);
    return { caller, conversation: found.conversation, dto };
  }

  private async refuse(response: ServerResponse, error: unknown): Promise<void> {
    if (response.headersSent) {
      this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      if (!response.writableEnded) response.end();
      return;
    }
    if (error instanceof RelayError) {
      sendJson(response, error.status, error.toBody());
      return;
    }
    // A failure nobody foresaw while the database is unreachable is an outage (503), as on the relay.
    const { status, message } =
      isUnforeseen(error) && !(await this.database.reachable()) ? { status: 503, message: DATABASE_UNAVAILABLE } : failureOf(error, this.logger);
    const failure = relayFailureOf(status, message);
    sendJson(response, failure.status, failure.body);
  }
}
