import { Inject, Injectable, Logger } from '@nestjs/common';
import { hashToken } from '../auth/hash-token';
import { BusinessError } from '../common/business.error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OptionsService } from '../options/options.service';
import { OutboundPolicy } from '../outbound/outbound-policy.service';
import { RedisService } from '../redis/redis.service';

export const MSG_TURNSTILE_MISSING = 'Turnstile token 为空';
export const MSG_TURNSTILE_FAILED = 'Turnstile 校验失败，请刷新重试！';

/** How long Cloudflare honours a token; a token that passed here is honoured again for as long. */
const PASSED_TTL_SECONDS = 300;
/** Cloudflare's documented maximum token length. */
const MAX_TOKEN_LENGTH = 2048;
const VERIFY_TIMEOUT_MS = 10_000;

/**
 * Cloudflare Turnstile (human verification), when TurnstileCheckEnabled is on: the token from the
 * widget is checked with siteverify using TurnstileSecretKey.
 *
 * Cloudflare accepts a token once, but one page may need it twice (the register page sends a code,
 * then registers; the reset page may ask again after its countdown). A token that passed is
 * therefore remembered, as its hash together with the client's IP, for its 5-minute validity:
 * the same token from the same client passes again without a second siteverify call.
 */
@Injectable()
export class TurnstileService {
  private readonly logger = new Logger(TurnstileService.name);
  /** Passed tokens without Redis: hash → expiry (ms). */
  private readonly passedLocally = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly options: OptionsService,
    private readonly outbound: OutboundPolicy,
    private readonly redis: RedisService,
  ) {}

  /** Resolves when the check is off or the token passes; a BusinessError otherwise. */
  async check(token: string | undefined, clientIp: string): Promise<void> {
    if (!this.options.getBoolean('TurnstileCheckEnabled')) return;
    if (!token) throw new BusinessError(MSG_TURNSTILE_MISSING);
    if (token.length > MAX_TOKEN_LENGTH) throw new BusinessError(MSG_TURNSTILE_FAILED);
    const key = hashToken(`${token}\n${clientIp}`);
    if (await this.passedBefore(key)) return;
    if (!(await this.siteverify(token, clientIp))) throw new BusinessError(MSG_TURNSTILE_FAILED);
    await this.remember(key);
  }

  private async siteverify(token: string, clientIp: string): Promise<boolean> {
    const body = new URLSearchParams({ secret: this.options.get('TurnstileSecretKey'), response: token, remoteip: clientIp });
    try {
      const response = await this.outbound.fetch('turnstile', this.config.turnstileVerifyUrl, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      const reply = (await response.json()) as { success?: unknown; 'error-codes'?: unknown };
      if (reply.success === true) return true;
      this.logger.warn(`Turnstile refused a token: ${JSON.stringify(reply['error-codes'] ?? [])}`);
      return false;
    } catch (error) {
      // Unreachable or unreadable: refused, never waved through.
      this.logger.error(`Turnstile verification failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  private async passedBefore(key: string): Promise<boolean> {
    if (this.redis.enabled) return (await this.redis.client.exists(this.redisKey(key))) === 1;
    const expires = this.passedLocally.get(key);
    return expires !== undefined && expires > Date.now();
  }

  private async remember(key: string): Promise<void> {
    if (this.redis.enabled) {
      await this.redis.client.set(this.redisKey(key), '1', 'EX', PASSED_TTL_SECONDS);
      return;
    }
    const now = Date.now();
    for (const [stored, expires] of this.passedLocally) if (expires <= now) this.passedLocally.delete(stored);
    this.passedLocally.set(key, now + PASSED_TTL_SECONDS * 1000);
  }

  private redisKey(key: string): string {
    return `${this.redis.prefix}:turnstile:${key}`;
  }
}
