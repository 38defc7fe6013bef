import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CHANNEL_KEY_STATUS } from '@gw/shared';
import { EntityManager, Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { SecretBox } from '../crypto/secret-box';
import { ChannelKeyEntity } from './channel-key.entity';
import type { KeyCounts } from './channel.view';
import { maskKey } from './key-mask';

export const MSG_KEY_UNREADABLE = '渠道密钥无法解密，请重新填写密钥';

/** One key of a channel as the channel's users read it: sealed, to be opened by the caller. */
export interface PickedKey {
  id: number;
  key_sealed: string;
  status: number;
}

/**
 * The rows of channel_keys as channel changes write them: every key sealed, fingerprinted
 * (SecretBox.fingerprint, for deduplication without opening) and masked once, in the caller's
 * transaction. Status changes are ChannelKeysService's and key-auto-disable.ts's.
 */
@Injectable()
export class ChannelKeyStore {
  constructor(
    @InjectRepository(ChannelKeyEntity) private readonly keys: Repository<ChannelKeyEntity>,
    private readonly secrets: SecretBox,
  ) {}

  /** Adds the keys the channel does not hold yet (same fingerprint: skipped); returns how many were added. */
  async add(manager: EntityManager, channelId: number, keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const added: unknown[] = await manager.query(
      `INSERT INTO channel_keys (channel_id, key_sealed, key_hash, masked, created_time)
       SELECT $1, sealed, hash, masked, $5 FROM unnest($2::text[], $3::varchar[], $4::varchar[]) WITH ORDINALITY AS k(sealed, hash, masked, n) ORDER BY n
       ON CONFLICT (channel_id, key_hash) DO NOTHING RETURNING id`,
      [channelId, keys.map((key) => this.secrets.seal(key)), keys.map((key) => this.secrets.fingerprint(key)), keys.map(maskKey), nowSeconds()],
    );
    return added.length;
  }

  /**
   * Makes the channel's keys exactly `keys`: the others go with their counters and statuses, the
   * ones it already held keep theirs.
   */
  async replace(manager: EntityManager, channelId: number, keys: readonly string[]): Promise<void> {
    await manager.query('DELETE FROM channel_keys WHERE channel_id = $1 AND NOT (key_hash = ANY($2::varchar[]))', [channelId, keys.map((key) => this.secrets.fingerprint(key))]);
    await this.add(manager, channelId, keys);
  }

  /** A single-key channel's key becomes its first channel_keys row; the channel's own key column is emptied. */
  async convert(manager: EntityManager, channelId: number): Promise<void> {
    const [{ key_sealed: sealed }] = await manager.query('SELECT key_sealed FROM channels WHERE id = $1', [channelId]);
    let key: string;
    try {
      key = this.secrets.open(sealed);
    } catch {
      throw new BusinessError(MSG_KEY_UNREADABLE);
    }
    await this.add(manager, channelId, [key]);
    await manager.query(`UPDATE channels SET key_sealed = '' WHERE id = $1`, [channelId]);
  }

  /** Another channel's keys, as new enabled keys of `toId` (sealed values copied as they are). */
  async copy(manager: EntityManager, fromId: number, toId: number): Promise<void> {
    await manager.query(
      `INSERT INTO channel_keys (channel_id, key_sealed, key_hash, masked, created_time)
       SELECT $2, key_sealed, key_hash, masked, $3 FROM channel_keys WHERE channel_id = $1 ORDER BY id`,
      [fromId, toId, nowSeconds()],
    );
  }

  /** Keys by status of each of the channels, in one grouped query. */
  async countsOf(channelIds: readonly number[], manager: EntityManager = this.keys.manager): Promise<Map<number, KeyCounts>> {
    const counts = new Map<number, KeyCounts>();
    if (channelIds.length === 0) return counts;
    const rows: Array<{ channel_id: number; status: number; count: number }> = await manager.query(
      'SELECT channel_id, status, count(*)::int AS count FROM channel_keys WHERE channel_id = ANY($1::int[]) GROUP BY channel_id, status',
      [channelIds],
    );
    for (const row of rows) {
      const entry = counts.get(row.channel_id) ?? { enabled: 0, manualDisabled: 0, autoDisabled: 0 };
      if (row.status === CHANNEL_KEY_STATUS.ENABLED) entry.enabled += row.count;
      else if (row.status === CHANNEL_KEY_STATUS.MANUALLY_DISABLED) entry.manualDisabled += row.count;
      else entry.autoDisabled += row.count;
      counts.set(row.channel_id, entry);
    }
    return counts;
  }

  /**
   * The key of a multi-key channel that a test, a model list or a balance uses: `keyId` when given
   * (undefined when the channel has no such key), else its first enabled key, else its first key.
   */
  async pick(channelId: number, keyId?: number): Promise<PickedKey | undefined> {
    const [row]: PickedKey[] =
      keyId === undefined
        ? await this.keys.query('SELECT id, key_sealed, status FROM channel_keys WHERE channel_id = $1 ORDER BY (status = $2) DESC, id LIMIT 1', [channelId, CHANNEL_KEY_STATUS.ENABLED])
        : await this.keys.query('SELECT id, key_sealed, status FROM channel_keys WHERE channel_id = $1 AND id = $2', [channelId, keyId]);
    return row;
  }
}
