import type { ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { createAdaptorRegistry } from '../adaptors';
import { ChannelCacheService } from '../channel-cache.service';
import { withoutChannelKey } from '../channel-key-redaction';
import { chooseChannel } from '../channel-selector';
import { AutoDisableService } from '../auto-disable.service';
import type { Json } from '../json';
import { admitModel } from '../relay-admission';
import { classifyFailure, errorCodesOf, mapStatus } from '../relay-attempts';
import { RelayError } from '../relay-error';
import { readJsonBody, type RelayRequest, sendJson, sendWhole } from '../relay-request';
import type { RelayChannel } from '../relay-context';
import { TokenAuthService } from '../token-auth.service';
import { TokenRateLimiter } from '../token-rate-limiter';
import { DEFAULT_TIMEOUT_SECONDS, UpstreamClient } from '../upstream.client';
import { ANTHROPIC_INBOUND, checkCountTokensBody } from './anthropic-inbound';
import { countMessagesTokens } from './messages-tokens';

/**
 * POST /v1/messages/count_tokens: the prompt tokens of a Messages request, free of charge and not
 * logged, as Anthropic's own endpoint is. The token, its model limits and its rate apply as for any
 * relay call. The channel that would serve the model answers when it speaks the Messages API
 * (Anthropic counts with its own tokenizer); otherwise, or when that channel fails, the relay
 * counts with its tokenizer (messages-tokens.ts). A request the channel refuses is refused.
 */
@Injectable()
export class MessagesCountTokensService {
  private readonly logger = new Logger(MessagesCountTokensService.name);
  private readonly registry = createAdaptorRegistry();

  constructor(
    private readonly auth: TokenAuthService,
    private readonly limiter: TokenRateLimiter,
    private readonly channels: ChannelCacheService,
    private readonly upstream: UpstreamClient,
    private readonly autoDisable: AutoDisableService,
  ) {}

  async serve(request: RelayRequest, response: ServerResponse): Promise<void> {
    try {
      const authorized = await this.auth.authorize(request);
      const body = checkCountTokensBody(await readJsonBody(request.stream));
      const { model, candidates } = await admitModel(authorized, body, this.limiter, this.channels);
      const channel = chooseChannel(candidates, new Set())!.channel;
      const counted = await this.countAt(channel, channel.modelMapping[model] || model, ANTHROPIC_INBOUND.nativeHeaders(request.headers), body);
      if (counted) sendWhole(response, 200, 'application/json', counted);
      else sendJson(response, 200, { input_tokens: countMessagesTokens(body) });
    } catch (error) {
      if (!(error instanceof RelayError)) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      const reply = ANTHROPIC_INBOUND.errorReply(error instanceof RelayError ? error : new RelayError(500, '服务器内部错误', 'server_error'));
      if (!response.headersSent) sendJson(response, reply.status, reply.body);
    }
  }

  /** The channel's own count (its reply as it is), or undefined when the channel has none or fails. */
  private async countAt(channel: RelayChannel, model: string, forwarded: Record<string, string>, body: Json): Promise<string | undefined> {
    const messages = this.registry.forType(channel.type).messages;
    const call = messages?.countTokensRequest?.(channel, model, forwarded, body);
    if (!messages || !call) return undefined;
    const timeout = channel.modelTimeouts[model] ?? DEFAULT_TIMEOUT_SECONDS;
    let status: number;
    let raw: string;
    try {
      const reply = await this.upstream.send(call, timeout, new AbortController().signal);
      status = reply.statusCode;
      raw = await reply.body.text();
    } catch {
      return undefined;
    }
    if (status < 400) return raw;
    const message = withoutChannelKey(messages.errorMessage(raw), channel.key);
    if (classifyFailure(status, `${message} ${errorCodesOf(raw)}`, this.autoDisable.keywords()) === 'request') {
      throw new RelayError(mapStatus(channel.statusCodeMapping, status), message);
    }
    return undefined;
  }
}
