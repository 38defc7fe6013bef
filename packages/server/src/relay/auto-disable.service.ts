import { Injectable, Logger } from '@nestjs/common';
import { CHANNEL_STATUS } from '@gw/shared';
import { DataSource } from 'typeorm';
import { ChannelEvents } from '../channels/channel-events';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import type { RelayChannel } from './relay-context';

/** Phrases that mean the key or the account is dead, whatever the option adds. */
const DEAD_KEY_PHRASES = ['invalid api key', 'incorrect api key', 'invalid_api_key', 'insufficient_quota', 'account_deactivated', 'billing_not_active'];

/**
 * DESIGN.md §5.8: an upstream error that means a dead key or account disables the channel
 * (status 3, reason and time in other_info) when the channel's auto_ban and the
 * AutomaticDisableChannelEnabled option are on.
 */
@Injectable()
export class AutoDisableService {
  private readonly logger = new Logger(AutoDisableService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: OptionsService,
    private readonly events: ChannelEvents,
  ) {}

  meansDeadKey(status: number, message: string): boolean {
    if (status === 401) return true;
    const text = message.toLowerCase();
    const keywords = this.options
      .get('AutomaticDisableKeywords')
      .split('\n')
      .map((keyword) => keyword.trim().toLowerCase())
      .filter(Boolean);
    return [...DEAD_KEY_PHRASES, ...keywords].some((phrase) => text.includes(phrase));
  }

  async consider(channel: RelayChannel, status: number, message: string): Promise<boolean> {
    if (!channel.autoBan || !this.options.getBoolean('AutomaticDisableChannelEnabled') || !this.meansDeadKey(status, message)) return false;
    const otherInfo = JSON.stringify({ status_reason: `HTTP ${status}: ${message.slice(0, 300)}`, status_time: nowSeconds() });
    await this.dataSource.query(`UPDATE channels SET status = $2, other_info = $3 WHERE id = $1 AND status = $4`, [
      channel.id,
      CHANNEL_STATUS.AUTO_DISABLED,
      otherInfo,
      CHANNEL_STATUS.ENABLED,
    ]);
    await this.dataSource.query(`UPDATE abilities SET enabled = false WHERE channel_id = $1`, [channel.id]);
    await this.events.changed();
    this.logger.warn(`Channel ${channel.id} (${channel.name}) disabled: HTTP ${status}: ${message.slice(0, 200)}`);
    return true;
  }
}
