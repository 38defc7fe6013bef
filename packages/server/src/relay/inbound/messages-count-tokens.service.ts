import type { ServerResponse } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { createAdaptorRegistry } from '../adaptors';
import { ChannelCacheService } from '../channel-cache.service';
import { withoutChannelKey } from '../channel-key-redaction';
import { chooseChannel } from '../channel-selector';
import { AutoDisableService } from '../auto-disable.service';
import type { Json } from '../json';
import { KeyOutcomes } from '../key-outcomes';
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
 * counts with its tokenizer (messages-tokens.ts). A request the channel refuses is refused. A
 * multi-key channel counts with a key chosen as for a relayed request, its dead keys disabled alike.
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
    private readonly keyOutcomes: KeyOutcomes,
  ) {}

  async serve(request: RelayRequest, response: ServerResponse): Promise<void> {
    try {
      const authorized = await this.auth.authorize(request);
      const body = checkCountTokensBody(await readJsonBody(request.stream));
      const { model, candidates } = await admitModel(authorized, body, this.limiter, this.channels);
      const channel = chooseChannel(candidates, new Set())!.channel;
      const counted = await this.countOn(channel, channel.modelMapping[model] || model, ANTHROPIC_INBOUND.nativeHeaders(request.headers), body);
      if (counted) sendWhole(response, 200, 'application/json', counted);
      else sendJson(response, 200, { input_tokens: countMessagesTokens(body) });
    } catch (error) {
      if (!(error instanceof RelayError)) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      const reply = ANTHROPIC_INBOUND.errorReply(error instanceof RelayError ? error : new RelayError(500, '服务器内部错误', 'server_error'));
      if (!response.headersSent) sendJson(response, reply.status, reply.body);
    }
  }

  /**
   * The channel's own count (its reply as it is), or undefined when the channel has none or fails.
   * A multi-key channel's key is chosen as the relay chooses it; a key that answers as a dead key
   * is disabled as the relay disables it (KeyOutcomes), and the next key counts at once.
   */
  private async countOn(channel: RelayChannel, model: string, forwarded: Record<string, string>, body: Json): Promise<string | undefined> {
    if (!this.registry.forType(channel.type).messages?.countTokensRequest) return undefined;
    const tried = new Set<number>();
    for (;;) {
      const picked = await this.keyOutcomes.pick(channel, tried);
      if (!picked) return undefined;
      if (picked.key) tried.add(picked.key.id);
      const answer = await this.countAt(picked.channel, model, forwarded, body);
      if (answer.ok) {
        this.keyOutcomes.served(picked.key, 0);
        return answer.raw;
      }
      if (!picked.key || answer.status === undefined) return undefined;
      const reason = answer.status > 0 ? `HTTP ${answer.status}: ${answer.message}` : (answer.message ?? '');
      if ((await this.keyOutcomes.failed(channel, picked.key, answer.status, answer.text ?? '', reason)) !== 'dead') return undefined;
    }
  }

  /**
   * One count at the channel (with the key it carries). A refusal of the request itself is thrown
   * for the client; any other failure is returned with the upstream's words (key masked), or
   * without a status when the channel type makes no such call.
   */
  private async countAt(channel: RelayChannel, model: string, forwarded: Record<string, string>, body: Json): Promise<CountAnswer> {
    const messages = this.registry.forType(channel.type).messages;
    const call = messages?.countTokensRequest?.(channel, model, forwarded, body);
    if (!messages || !call) return { ok: false };
    const timeout = channel.modelTimeouts[model] ?? DEFAULT_TIMEOUT_SECONDS;
    let status: number;
    let raw: string;
    try {
      const reply = await this.upstream.send(call, timeout, new AbortController().signal);
      status = reply.statusCode;
      raw = await reply.body.text();
    } catch (error) {
      return { ok: false, status: 0, message: withoutChannelKey(`上游连接失败：${error instanceof Error ? error.message : String(error)}`, channel.key), text: '' };
    }
    if (status < 400) return { ok: true, raw };
    const message = withoutChannelKey(messages.errorMessage(raw), channel.key);
    const text = `${message} ${withoutChannelKey(errorCodesOf(raw), channel.key)}`.trim();
    if (classifyFailure(status, text, this.autoDisable.keywords()) === 'request') {
      throw new RelayError(mapStatus(channel.statusCodeMapping, status), message);
    }
    return { ok: false, status, message, text };
  }
}

/** A count at a channel: its reply, or why there is none (`status` 0: no answer; absent: no such call). */
type CountAnswer = { ok: true; raw: string } | { ok: false; status?: number; message?: string; text?: string };
