import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OptionsService } from '../../options/options.service';

/**
 * The address a Midjourney upstream calls when one of its tasks changes:
 * `{ServerAddress}/mj/notify/{channel id}/{signature}`. The signature (an HMAC of the channel id
 * with the session secret) tells the gateway's own links from forged ones; even so, a notice
 * only makes the gateway ask the upstream about the task, never sets its state from the notice's
 * body. Without ServerAddress the upstream is not told any address and the poller alone follows
 * the tasks.
 */
@Injectable()
export class MjNotifyLinks {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly options: OptionsService,
  ) {}

  upstreamHook(channelId: number): string | undefined {
    const address = this.options.get('ServerAddress').trim().replace(/\/+$/, '');
    if (!/^https?:\/\//i.test(address)) return undefined;
    return `${address}/mj/notify/${channelId}/${this.signature(channelId)}`;
  }

  verify(channelId: number, signature: string): boolean {
    const expected = Buffer.from(this.signature(channelId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(channelId: number): string {
    return createHmac('sha256', this.config.sessionSecret).update(`mj-notify:${channelId}`).digest('hex').slice(0, 32);
  }
}
