import { Injectable, Logger } from '@nestjs/common';
import { CHANNEL_STATUS } from '@gw/shared';
import { DataSource } from 'typeorm';
import { AlertService } from '../channel-ops/alert.service';
import { ChannelEvents } from '../channels/channel-events';
import { ALL_KEYS_DISABLED, autoDisableKey } from '../channels/key-auto-disable';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { mentionsDeadKey } from './relay-attempts';
import type { RelayChannel, RelayKey } from './relay-context';

type ChannelRef = Pick<RelayChannel, 'id' | 'name'>;

/**
 * DESIGN.md §5.8: an upstream error that means a dead key or account disables the channel
 * (status 3, reason and time in other_info) when the channel's auto_ban and the
 * AutomaticDisableChannelEnabled option are on; channel tests also disable slow channels and
 * re-enable auto-disabled ones (src/channel-ops). Every change raises an alert.
 */
@Injectable()
export class AutoDisableService {
  private readonly logger = new Logger(AutoDisableService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: OptionsService,
    private readonly events: ChannelEvents,
    private readonly alerts: AlertService,
  ) {}

  meansDeadKey(status: number, message: string): boolean {
    return status === 401 || mentionsDeadKey(message, this.keywords());
  }

  /** The AutomaticDisableKeywords option: one phrase a line, each meaning a dead key or account. */
  keywords(): string[] {
    return this.options
      .get('AutomaticDisableKeywords')
      .split('\n')
      .map((keyword) => keyword.trim())
      .filter(Boolean);
  }

  /** The channel's auto_ban and the AutomaticDisableChannelEnabled option are both on. */
  mayDisable(channel: Pick<RelayChannel, 'autoBan'>): boolean {
    return channel.autoBan && this.options.getBoolean('AutomaticDisableChannelEnabled');
  }

  async consider(channel: RelayChannel, status: number, message: string): Promise<boolean> {
    if (!this.mayDisable(channel) || !this.meansDeadKey(status, message)) return false;
    return this.disable(channel, `HTTP ${status}: ${message.slice(0, 300)}`);
  }

  /**
   * Sets an enabled channel to auto-disabled. False when it was not enabled: another request or
   * instance got there first, or an administrator disabled it (that status is never overwritten).
   */
  async disable(channel: ChannelRef, reason: string): Promise<boolean> {
    const otherInfo = JSON.stringify({ status_reason: reason, status_time: nowSeconds() });
    if (!(await this.moveStatus(channel.id, CHANNEL_STATUS.ENABLED, CHANNEL_STATUS.AUTO_DISABLED, otherInfo))) return false;
    this.logger.warn(`Channel ${channel.id} (${channel.name}) disabled: ${reason.slice(0, 200)}`);
    // Not awaited: the webhook may take seconds and the caller may be a client's request.
    void this.alerts.send(`渠道「${channel.name}」（#${channel.id}）已被自动禁用`, `原因：${reason}`);
    return true;
  }

  /**
   * Disables one key of a multi-key channel (DESIGN.md §5.8: with several keys the unit is the key),
   * and the channel with it when no enabled key is left. The caller checked mayDisable. False when
   * the key was not enabled any more (another request or instance, or an administrator, got there first).
   */
  async disableKey(channel: ChannelRef, key: Pick<RelayKey, 'id' | 'masked'>, reason: string): Promise<boolean> {
    const { keyDisabled, channelDisabled } = await autoDisableKey(this.dataSource, channel.id, key.id, reason);
    if (!keyDisabled) return false;
    await this.events.changed();
    this.logger.warn(`Key ${key.id} (${key.masked}) of channel ${channel.id} (${channel.name}) disabled: ${reason.slice(0, 200)}`);
    // Not awaited: the webhook may take seconds and the caller is a client's request.
    void this.alerts.send(`渠道「${channel.name}」（#${channel.id}）的密钥 ${key.masked} 已被自动禁用`, `原因：${reason}`);
    if (channelDisabled) void this.alerts.send(`渠道「${channel.name}」（#${channel.id}）已被自动禁用`, `原因：${ALL_KEYS_DISABLED}`);
    return true;
  }

  /**
   * Re-enables a channel the gateway disabled (status 3 only: a manual disable stands) after it
   * answered a test, when the AutomaticEnableChannelEnabled option is on.
   */
  async enable(channel: ChannelRef): Promise<boolean> {
    if (!this.options.getBoolean('AutomaticEnableChannelEnabled')) return false;
    if (!(await this.moveStatus(channel.id, CHANNEL_STATUS.AUTO_DISABLED, CHANNEL_STATUS.ENABLED, ''))) return false;
    this.logger.log(`Channel ${channel.id} (${channel.name}) enabled again after a successful test`);
    void this.alerts.send(`渠道「${channel.name}」（#${channel.id}）已被自动启用`, '测试成功，渠道已恢复使用');
    return true;
  }

  /** Moves the status from `from` to `to` with its abilities, in one statement; true when it moved. */
  private async moveStatus(channelId: number, from: number, to: number, otherInfo: string): Promise<boolean> {
    const [{ moved }]: Array<{ moved: number }> = await this.dataSource.query(
      `WITH moved AS (UPDATE channels SET status = $3, other_info = $4 WHERE id = $1 AND status = $2 RETURNING id),
            abilities_moved AS (UPDATE abilities SET enabled = $5 WHERE channel_id IN (SELECT id FROM moved))
       SELECT count(*)::int AS moved FROM moved`,
      [channelId, from, to, otherInfo, to === CHANNEL_STATUS.ENABLED],
    );
    if (moved === 0) return false;
    await this.events.changed();
    return true;
  }
}
