import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ABILITY_STATUS, CHANNEL_STATUS } from '@gw/shared';
import { EntityManager, Repository } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor';
import { AuditLog } from '../audit/audit-log.service';
import { BusinessError } from '../common/business.error';
import { AbilityEntity } from './ability.entity';
import { ChannelEvents } from './channel-events';
import { ChannelEntity } from './channel.entity';
import { splitList } from './comma-list';

type ChannelShape = Pick<ChannelEntity, 'id' | 'group' | 'models' | 'status' | 'priority' | 'weight' | 'tag'>;

/** Keeps the abilities index equal to what the channels say (DESIGN.md §5.3). */
@Injectable()
export class AbilitiesService {
  constructor(
    @InjectRepository(AbilityEntity) private readonly abilities: Repository<AbilityEntity>,
    private readonly events: ChannelEvents,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Makes the channel's rows exactly group × model, in the caller's transaction: rows no longer
   * wanted go, the others are inserted or updated (keeping their capability flags and the model's
   * status). A new row (a group added) takes the status its model already has on the channel, so
   * that an edit never re-enables a model the gateway or an administrator disabled; a model
   * removed from the list and added again starts enabled. The abilities trigger keeps `enabled`
   * false while the model's status is not 1.
   */
  async sync(manager: EntityManager, channel: ChannelShape): Promise<void> {
    const disabled: Array<{ model: string; status: number; status_reason: string; status_time: string }> = await manager.query(
      `SELECT DISTINCT ON (model) model, status, status_reason, status_time FROM abilities
        WHERE channel_id = $1 AND status <> $2 ORDER BY model, status DESC`,
      [channel.id, ABILITY_STATUS.ENABLED],
    );
    const states = new Map(disabled.map((row) => [row.model, row]));
    const groups: string[] = [];
    const models: string[] = [];
    for (const group of splitList(channel.group)) {
      for (const model of splitList(channel.models)) {
        groups.push(group);
        models.push(model);
      }
    }
    await manager.query(
      `DELETE FROM abilities WHERE channel_id = $1
         AND ("group", model) NOT IN (SELECT * FROM unnest($2::varchar[], $3::varchar[]))`,
      [channel.id, groups, models],
    );
    if (groups.length === 0) return;
    const state = (model: string) => states.get(model) ?? { status: ABILITY_STATUS.ENABLED, status_reason: '', status_time: '0' };
    await manager.query(
      `INSERT INTO abilities ("group", model, channel_id, enabled, priority, weight, tag, status, status_reason, status_time)
       SELECT g, m, $3, $4, $5, $6, $7, s, r, t
         FROM unnest($1::varchar[], $2::varchar[], $8::smallint[], $9::text[], $10::bigint[]) AS pairs(g, m, s, r, t)
       ON CONFLICT ("group", model, channel_id)
       DO UPDATE SET enabled = EXCLUDED.enabled, priority = EXCLUDED.priority, weight = EXCLUDED.weight, tag = EXCLUDED.tag`,
      [
        groups,
        models,
        channel.id,
        channel.status === CHANNEL_STATUS.ENABLED,
        channel.priority,
        channel.weight,
        channel.tag,
        models.map((model) => state(model).status),
        models.map((model) => state(model).status_reason),
        models.map((model) => state(model).status_time),
      ],
    );
  }

  /** Rebuilds every channel's rows (POST /api/channel/fix); returns how many channels were synced. */
  async rebuildAll(): Promise<number> {
    const count = await this.abilities.manager.transaction(async (manager) => {
      const channels = await manager.find(ChannelEntity);
      await manager.query('DELETE FROM abilities WHERE channel_id NOT IN (SELECT id FROM channels)');
      for (const channel of channels) await this.sync(manager, channel);
      return channels.length;
    });
    await this.events.changed();
    return count;
  }

  /** Model names enabled for a group, for the user's model list. */
  async modelsForGroup(group: string): Promise<string[]> {
    const rows: Array<{ model: string }> = await this.abilities.query(
      `SELECT DISTINCT model FROM abilities WHERE "group" = $1 AND enabled ORDER BY model`,
      [group],
    );
    return rows.map((row) => row.model);
  }

  /** With an actor, recorded as `model.update` of `channel:group:model` in the same transaction. */
  async setFlags(key: { channel_id: number; group: string; model: string }, flags: { is_deep_seek?: boolean; is_viewable?: boolean }, auditor?: AuditActor): Promise<void> {
    if (flags.is_deep_seek === undefined && flags.is_viewable === undefined) throw new BusinessError('没有任何修改');
    await this.abilities.manager.transaction(async (manager) => {
      const current = await manager.findOne(AbilityEntity, { where: key, lock: { mode: 'pessimistic_write' } });
      if (!current) throw new BusinessError('该渠道能力不存在');
      await manager.update(AbilityEntity, key, flags);
      if (auditor) {
        const before = { is_deep_seek: current.is_deep_seek, is_viewable: current.is_viewable };
        const after = { is_deep_seek: flags.is_deep_seek ?? current.is_deep_seek, is_viewable: flags.is_viewable ?? current.is_viewable };
        await this.audit.record(auditor, 'model.update', { type: 'model', id: `${key.channel_id}:${key.group}:${key.model}` }, before, after, { manager });
      }
    });
    await this.events.changed();
  }
}
