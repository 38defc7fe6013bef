import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CHANNEL_KEY_STATUS } from '@gw/shared';
import { EntityManager, Repository } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor';
import { AuditLog } from '../audit/audit-log.service';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { ChannelEvents } from './channel-events';
import { ChannelKeyEntity } from './channel-key.entity';
import { MSG_CHANNEL_NOT_FOUND } from './channel-rules';
import type { ManageKeysDto } from './dto/manage-keys.dto';
import { autoDisableKey, enableChannelWithKeys, type KeyDisableResult, lockChannel } from './key-auto-disable';
import { isMultiKey, MSG_KEEP_ONE_KEY, MSG_KEY_ID, MSG_KEY_NOT_FOUND, MSG_NOT_MULTI_KEY } from './multi-key-rules';

/** A key as the console lists it: never the key itself. */
export type KeyRow = Omit<ChannelKeyEntity, 'channel_id' | 'key_sealed' | 'key_hash'>;

export interface KeyStatusPage {
  items: KeyRow[];
  total: number;
  page: number;
  page_size: number;
  enabled: number;
  auto_disabled: number;
  manual_disabled: number;
}

const KEY_PAGE_SIZE_DEFAULT = 50;

/** The actions that change keys (retest_disabled_keys is a channel test: channel-ops/key-retest.service.ts). */
type KeyChange = Exclude<ManageKeysDto['action'], 'get_key_status' | 'retest_disabled_keys'>;

/**
 * The keys of a multi-key channel as administrators manage them (POST /api/channel/multi_key/manage)
 * and as tests change them. Every change runs with the channel row locked (lockChannel), keeps the
 * channel's status in step with its keys (key-auto-disable.ts) and tells the relay caches.
 */
@Injectable()
export class ChannelKeysService {
  constructor(
    @InjectRepository(ChannelKeyEntity) private readonly keys: Repository<ChannelKeyEntity>,
    private readonly events: ChannelEvents,
    private readonly audit: AuditLog,
  ) {}

  /** A channel that is multi-key, else the message saying why not. */
  private async checkMultiKey(manager: EntityManager, channelId: number, lock: boolean): Promise<void> {
    const channel = lock ? await lockChannel(manager, channelId) : (await manager.query('SELECT multi_key_mode FROM channels WHERE id = $1', [channelId]))[0];
    if (!channel) throw new BusinessError(MSG_CHANNEL_NOT_FOUND);
    if (!isMultiKey(channel.multi_key_mode)) throw new BusinessError(MSG_NOT_MULTI_KEY);
  }

  async keyStatus(dto: ManageKeysDto): Promise<KeyStatusPage> {
    const manager = this.keys.manager;
    await this.checkMultiKey(manager, dto.channel_id, false);
    const page = dto.page ?? 1;
    const pageSize = dto.page_size ?? KEY_PAGE_SIZE_DEFAULT;
    const [items, total] = await this.keys.findAndCount({
      where: { channel_id: dto.channel_id, ...(dto.status === undefined ? {} : { status: dto.status }) },
      order: { id: 'ASC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    const counts: Array<{ status: number; count: number }> = await manager.query('SELECT status, count(*)::int AS count FROM channel_keys WHERE channel_id = $1 GROUP BY status', [dto.channel_id]);
    const count = (status: number) => counts.find((row) => row.status === status)?.count ?? 0;
    return {
      items: items.map(({ channel_id: _channel, ...row }) => row),
      total,
      page,
      page_size: pageSize,
      enabled: count(CHANNEL_KEY_STATUS.ENABLED),
      auto_disabled: count(CHANNEL_KEY_STATUS.AUTO_DISABLED),
      manual_disabled: count(CHANNEL_KEY_STATUS.MANUALLY_DISABLED),
    };
  }

  /**
   * enable_key, disable_key, delete_key (null) and the actions on all keys ({ affected }). With an
   * actor, recorded in the audit log in the same transaction as `channel.key`: the action, the key's
   * id (never the key) and how many keys it touched.
   */
  async change(dto: ManageKeysDto & { action: KeyChange }, actor?: AuditActor): Promise<{ affected: number } | null> {
    const result = await this.keys.manager.transaction(async (manager) => {
      await this.checkMultiKey(manager, dto.channel_id, true);
      const affected = await this.apply(manager, dto);
      await enableChannelWithKeys(manager, dto.channel_id);
      if (actor) {
        const after = { key_action: dto.action, ...(affected ? { affected: affected.affected } : { key_id: dto.key_id }) };
        await this.audit.record(actor, 'channel.key', { type: 'channel', id: dto.channel_id }, {}, after, { manager });
      }
      return affected;
    });
    await this.events.changed();
    return result;
  }

  private async apply(manager: EntityManager, { action, channel_id: channelId, key_id: keyId }: ManageKeysDto & { action: KeyChange }): Promise<{ affected: number } | null> {
    const now = nowSeconds();
    // TypeORM answers an UPDATE or a DELETE as [rows, count].
    const setStatus = (status: number, where: string, params: unknown[]): Promise<[unknown[], number]> =>
      manager.query(`UPDATE channel_keys SET status = $2, status_reason = '', status_time = $3 WHERE channel_id = $1 AND ${where}`, [channelId, status, now, ...params]);
    switch (action) {
      case 'enable_all_keys':
        return { affected: (await setStatus(CHANNEL_KEY_STATUS.ENABLED, 'status <> $4', [CHANNEL_KEY_STATUS.ENABLED]))[1] };
      case 'disable_all_keys':
        return { affected: (await setStatus(CHANNEL_KEY_STATUS.MANUALLY_DISABLED, 'status = $4', [CHANNEL_KEY_STATUS.ENABLED]))[1] };
      case 'delete_disabled_keys':
        return { affected: await this.deleteKeys(manager, channelId, 'status = $2', [CHANNEL_KEY_STATUS.AUTO_DISABLED]) };
    }
    if (keyId === undefined) throw new BusinessError(MSG_KEY_ID);
    const [key]: Array<{ status: number }> = await manager.query('SELECT status FROM channel_keys WHERE id = $1 AND channel_id = $2', [keyId, channelId]);
    if (!key) throw new BusinessError(MSG_KEY_NOT_FOUND);
    if (action === 'delete_key') await this.deleteKeys(manager, channelId, 'id = $2', [keyId]);
    else {
      const status = action === 'enable_key' ? CHANNEL_KEY_STATUS.ENABLED : CHANNEL_KEY_STATUS.MANUALLY_DISABLED;
      if (key.status !== status) await setStatus(status, 'id = $4', [keyId]);
    }
    return null;
  }

  /** Deletes the channel's keys matching `where`, refusing to leave it without any key. */
  private async deleteKeys(manager: EntityManager, channelId: number, where: string, params: unknown[]): Promise<number> {
    const [{ kept }] = await manager.query(`SELECT count(*)::int AS kept FROM channel_keys WHERE channel_id = $1 AND NOT (${where})`, [channelId, ...params]);
    if (kept === 0) throw new BusinessError(MSG_KEEP_ONE_KEY);
    const [, affected]: [unknown[], number] = await manager.query(`DELETE FROM channel_keys WHERE channel_id = $1 AND ${where}`, [channelId, ...params]);
    return affected;
  }

  /** The gateway disables a key (autoDisableKey), and the relay caches hear of it. */
  async autoDisableKey(channelId: number, keyId: number, reason: string): Promise<KeyDisableResult> {
    const result = await autoDisableKey(this.keys.manager, channelId, keyId, reason);
    if (result.keyDisabled) await this.events.changed();
    return result;
  }

  /**
   * An auto-disabled key that answered a retest is enabled again (status 3 only: a key disabled by
   * hand meanwhile stays so), and with it its channel if it was disabled for want of keys.
   */
  async enableRetested(channelId: number, keyId: number): Promise<boolean> {
    const moved = await this.keys.manager.transaction(async (manager) => {
      if (!(await lockChannel(manager, channelId))) return false;
      const [, enabled]: [unknown[], number] = await manager.query(
        `UPDATE channel_keys SET status = $3, status_reason = '', status_time = $4 WHERE id = $1 AND channel_id = $2 AND status = $5`,
        [keyId, channelId, CHANNEL_KEY_STATUS.ENABLED, nowSeconds(), CHANNEL_KEY_STATUS.AUTO_DISABLED],
      );
      if (enabled === 0) return false;
      await enableChannelWithKeys(manager, channelId);
      return true;
    });
    if (moved) await this.events.changed();
    return moved;
  }

  /** A test's failure, key masked by the caller. */
  async recordError(keyId: number, error: string): Promise<void> {
    await this.keys.update({ id: keyId }, { last_error: error });
  }

  /** The auto-disabled keys of each multi-key channel that has any (of `channelId` only when given), oldest first. */
  async autoDisabled(channelId?: number): Promise<Array<{ channelId: number; keyIds: number[] }>> {
    const rows: Array<{ channel_id: number; ids: number[] }> = await this.keys.query(
      `SELECT k.channel_id, array_agg(k.id ORDER BY k.id) AS ids
         FROM channel_keys k JOIN channels c ON c.id = k.channel_id
        WHERE k.status = $1 AND c.multi_key_mode <> '' AND ($2::int IS NULL OR k.channel_id = $2)
        GROUP BY k.channel_id ORDER BY k.channel_id`,
      [CHANNEL_KEY_STATUS.AUTO_DISABLED, channelId ?? null],
    );
    return rows.map((row) => ({ channelId: row.channel_id, keyIds: row.ids }));
  }

  /** Throws the console's message unless the channel exists and is multi-key. */
  async requireMultiKey(channelId: number): Promise<void> {
    await this.checkMultiKey(this.keys.manager, channelId, false);
  }
}
