import { Injectable, Logger } from '@nestjs/common';
import { ABILITY_STATUS, CHANNEL_STATUS } from '@gw/shared';
import { DataSource } from 'typeorm';
import { AlertService } from '../channel-ops/alert.service';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { ChannelEvents } from './channel-events';
import { MSG_CHANNEL_NOT_FOUND } from './channel-rules';
import { splitList } from './comma-list';
import { meansModelGone } from './model-failure';

/** A model of a channel as the console shows it: its status there, why and since when. */
export interface ModelState {
  model: string;
  /** ABILITY_STATUS: 1 enabled, 2 disabled by an administrator, 3 disabled by the gateway. */
  status: number;
  status_reason: string;
  /** Unix seconds of the last change; 0 when it never changed. */
  status_time: number;
}

interface ChannelRef {
  id: number;
  name: string;
}

/** What the relay knows of the channel that failed (RelayChannel's fields). */
interface FailedChannel extends ChannelRef {
  autoBan: boolean;
  modelMapping: Readonly<Record<string, string>>;
}

export const msgNoSuchModel = (model: string) => `该渠道没有模型 ${model}`;

/** The names an upstream may give the model in its error: the one asked for and the one sent (model_mapping). */
const namesOf = (channel: Pick<FailedChannel, 'modelMapping'>, model: string) => [model, channel.modelMapping[model] || model];

/**
 * Model-level health (DESIGN.md §5.8, issue 29): a model the upstream says it does not have is
 * disabled on that channel alone (every group's ability row of the channel × model, status 3 with
 * reason and time), when the channel's auto_ban and AutomaticDisableChannelEnabled are on, as for
 * a channel. The channel, its other models and its keys are untouched. A model the gateway
 * disabled comes back when a test of it answers and AutomaticEnableChannelEnabled is on; an
 * administrator enables or disables a model on a channel by hand (status 1 or 2).
 *
 * The rows' `enabled` (what the relay routes on) follows through the abilities trigger: it is false
 * while the model's status is not 1, and the channel's status otherwise. Every change is announced
 * (ChannelEvents.changed) so that relay caches reload.
 */
@Injectable()
export class ModelStatusService {
  private readonly logger = new Logger(ModelStatusService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: OptionsService,
    private readonly events: ChannelEvents,
    private readonly alerts: AlertService,
  ) {}

  /** The channel's auto_ban and the AutomaticDisableChannelEnabled option are both on (AutoDisableService.mayDisable's rule). */
  mayDisable(channel: { autoBan: boolean }): boolean {
    return channel.autoBan && this.options.getBoolean('AutomaticDisableChannelEnabled');
  }

  /** The upstream's error says the model is not there (model-failure.ts), under either of its names. */
  meansModelGone(channel: Pick<FailedChannel, 'modelMapping'>, model: string, status: number, text: string): boolean {
    return model !== '' && meansModelGone(status, text, namesOf(channel, model));
  }

  /**
   * A relayed request failed on the channel. Answers whether the failure is about the model (the
   * caller then leaves the channel's cooldown, status and key alone) and disables the model on
   * the channel when allowed. A failure to record it is logged, never the request's failure.
   */
  async failed(channel: FailedChannel, model: string, status: number, text: string): Promise<boolean> {
    if (!this.meansModelGone(channel, model, status, text)) return false;
    if (!this.mayDisable(channel)) return true;
    try {
      await this.disable(channel, model, `HTTP ${status}: ${text.slice(0, 300)}`);
    } catch (error) {
      this.logger.warn(`Model ${model} of channel ${channel.id} could not be disabled: ${error instanceof Error ? error.message : String(error)}`);
    }
    return true;
  }

  /**
   * Enabled → disabled by the gateway, in every group. False when the model was not enabled there:
   * another request or instance got there first, or an administrator disabled it (never overwritten).
   */
  async disable(channel: ChannelRef, model: string, reason: string): Promise<boolean> {
    const moved = await this.move(channel.id, model, ABILITY_STATUS.ENABLED, ABILITY_STATUS.AUTO_DISABLED, reason);
    if (!moved) return false;
    this.logger.warn(`Model ${model} of channel ${channel.id} (${channel.name}) disabled: ${reason.slice(0, 200)}`);
    // Not awaited: the webhook may take seconds and the caller may be a client's request.
    void this.alerts.send(`渠道「${channel.name}」（#${channel.id}）的模型 ${model} 已被自动禁用`, `原因：${reason}`);
    return true;
  }

  /** Disabled by the gateway → enabled, after a test of the model answered, when AutomaticEnableChannelEnabled is on. */
  async enable(channel: ChannelRef, model: string): Promise<boolean> {
    if (!this.options.getBoolean('AutomaticEnableChannelEnabled')) return false;
    if (!(await this.move(channel.id, model, ABILITY_STATUS.AUTO_DISABLED, ABILITY_STATUS.ENABLED, ''))) return false;
    this.logger.log(`Model ${model} of channel ${channel.id} (${channel.name}) enabled again after a successful test`);
    void this.alerts.send(`渠道「${channel.name}」（#${channel.id}）的模型 ${model} 已被自动启用`, '测试成功，该模型已在此渠道恢复使用');
    return true;
  }

  /** An administrator enables (status 1, whatever it was) or disables (status 2) the model on the channel. */
  async setByAdmin(channelId: number, model: string, enabled: boolean): Promise<void> {
    const [, changed]: [unknown[], number] = await this.dataSource.query(
      `UPDATE abilities a SET status = $3, status_reason = '', status_time = $4, enabled = (c.status = $5)
         FROM channels c WHERE c.id = a.channel_id AND a.channel_id = $1 AND a.model = $2`,
      [channelId, model, enabled ? ABILITY_STATUS.ENABLED : ABILITY_STATUS.MANUALLY_DISABLED, nowSeconds(), CHANNEL_STATUS.ENABLED],
    );
    if (changed === 0) {
      const [channel] = await this.dataSource.query('SELECT id FROM channels WHERE id = $1', [channelId]);
      throw new BusinessError(channel ? msgNoSuchModel(model) : MSG_CHANNEL_NOT_FOUND);
    }
    await this.events.changed();
  }

  /** The channel's models in the order of its model list, each with its status there. */
  async states(channelId: number): Promise<ModelState[]> {
    const [channel]: Array<{ models: string }> = await this.dataSource.query('SELECT models FROM channels WHERE id = $1', [channelId]);
    if (!channel) throw new BusinessError(MSG_CHANNEL_NOT_FOUND);
    const rows: ModelState[] = await this.dataSource.query(
      `SELECT DISTINCT ON (model) model, status, status_reason, status_time::float8 AS status_time
         FROM abilities WHERE channel_id = $1 ORDER BY model, status DESC`,
      [channelId],
    );
    const byModel = new Map(rows.map((row) => [row.model, row]));
    return splitList(channel.models).map((model) => byModel.get(model) ?? { model, status: ABILITY_STATUS.ENABLED, status_reason: '', status_time: 0 });
  }

  /** The channel's models that are disabled there, each with its status (2 or 3). */
  async disabled(channelId: number): Promise<Map<string, number>> {
    const rows: Array<{ model: string; status: number }> = await this.dataSource.query(
      'SELECT DISTINCT ON (model) model, status FROM abilities WHERE channel_id = $1 AND status <> $2 ORDER BY model, status DESC',
      [channelId, ABILITY_STATUS.ENABLED],
    );
    return new Map(rows.map((row) => [row.model, row.status]));
  }

  /** The models the gateway disabled on the channel, by name. */
  async autoDisabled(channelId: number): Promise<string[]> {
    const disabled = await this.disabled(channelId);
    return [...disabled].filter(([, status]) => status === ABILITY_STATUS.AUTO_DISABLED).map(([model]) => model);
  }

  /** Moves every group's row of the channel × model from `from` to `to`, in one statement; true when any moved. */
  private async move(channelId: number, model: string, from: number, to: number, reason: string): Promise<boolean> {
    const [, moved]: [unknown[], number] = await this.dataSource.query(
      `UPDATE abilities a SET status = $4, status_reason = $5, status_time = $6, enabled = (c.status = $7)
         FROM channels c WHERE c.id = a.channel_id AND a.channel_id = $1 AND a.model = $2 AND a.status = $3`,
      [channelId, model, from, to, reason, nowSeconds(), CHANNEL_STATUS.ENABLED],
    );
    if (moved === 0) return false;
    await this.events.changed();
    return true;
  }
}
