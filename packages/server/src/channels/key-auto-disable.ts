import { CHANNEL_KEY_STATUS, CHANNEL_STATUS } from '@gw/shared';
import { DataSource, type EntityManager } from 'typeorm';
import { nowSeconds } from '../common/time';

/**
 * The channel status rule of multi-key channels (issue 29): the gateway disabling its last enabled
 * key disables the channel with this reason, and a key enabled again brings back a channel that
 * was disabled for it. Plain functions of a DataSource or EntityManager, without Nest, so that the
 * relay can call them without a module cycle.
 */
export const ALL_KEYS_DISABLED = '所有密钥均已被禁用';

export interface KeyDisableResult {
  /** The key was enabled and is now auto-disabled (false: already disabled, or no such key of the channel). */
  keyDisabled: boolean;
  /** It was the channel's last enabled key, and the enabled channel is now auto-disabled. */
  channelDisabled: boolean;
}

type Db = DataSource | EntityManager;

/** A manager of its own, or the caller's transaction (nested transactions become savepoints). */
const managerOf = (db: Db): EntityManager => (db instanceof DataSource ? db.manager : db);

/**
 * Moves a channel from `from` to `to` with its abilities, in one statement, as
 * AutoDisableService.moveStatus does; true when it moved.
 */
async function moveChannel(manager: EntityManager, channelId: number, from: number, to: number, otherInfo: string): Promise<boolean> {
  const [{ moved }]: Array<{ moved: number }> = await manager.query(
    `WITH moved AS (UPDATE channels SET status = $3, other_info = $4 WHERE id = $1 AND status = $2 RETURNING id),
          abilities_moved AS (UPDATE abilities SET enabled = $5 WHERE channel_id IN (SELECT id FROM moved))
     SELECT count(*)::int AS moved FROM moved`,
    [channelId, from, to, otherInfo, to === CHANNEL_STATUS.ENABLED],
  );
  return moved > 0;
}

/**
 * Locks the channel row for the rest of the transaction: key status changes of one channel then
 * run one after another, so two keys disabled at once cannot each see the other still enabled
 * and leave the channel enabled with none.
 */
export async function lockChannel(manager: EntityManager, channelId: number): Promise<{ status: number; other_info: string; multi_key_mode: string } | undefined> {
  const [row] = await manager.query('SELECT status, other_info, multi_key_mode FROM channels WHERE id = $1 FOR UPDATE', [channelId]);
  return row;
}

/**
 * The gateway disables one key of a channel (status 3 with the reason, which is also its last
 * error); when no enabled key is left, the enabled channel becomes auto-disabled with reason
 * ALL_KEYS_DISABLED and its abilities off. Only an enabled key moves: a key disabled by hand, or
 * already disabled by another request, is left as it is. The caller announces the change
 * (ChannelEvents.changed) when keyDisabled, and may alert when channelDisabled.
 */
export function autoDisableKey(db: Db, channelId: number, keyId: number, reason: string): Promise<KeyDisableResult> {
  return managerOf(db).transaction(async (manager) => {
    if (!(await lockChannel(manager, channelId))) return { keyDisabled: false, channelDisabled: false };
    const now = nowSeconds();
    // TypeORM answers an UPDATE as [rows, count].
    const [, disabled]: [unknown[], number] = await manager.query(
      `UPDATE channel_keys SET status = $3, status_reason = $4, status_time = $5, last_error = $4
        WHERE id = $1 AND channel_id = $2 AND status = $6`,
      [keyId, channelId, CHANNEL_KEY_STATUS.AUTO_DISABLED, reason, now, CHANNEL_KEY_STATUS.ENABLED],
    );
    if (disabled === 0) return { keyDisabled: false, channelDisabled: false };
    return { keyDisabled: true, channelDisabled: await disableChannelWithoutKeys(manager, channelId, now) };
  });
}

/** Moves the enabled channel 1 → 3 when none of its keys is enabled; true when it moved. */
async function disableChannelWithoutKeys(manager: EntityManager, channelId: number, now: number): Promise<boolean> {
  const [{ enabled }] = await manager.query('SELECT count(*)::int AS enabled FROM channel_keys WHERE channel_id = $1 AND status = $2', [channelId, CHANNEL_KEY_STATUS.ENABLED]);
  if (enabled > 0) return false;
  const otherInfo = JSON.stringify({ status_reason: ALL_KEYS_DISABLED, status_time: now });
  return moveChannel(manager, channelId, CHANNEL_STATUS.ENABLED, CHANNEL_STATUS.AUTO_DISABLED, otherInfo);
}

/** Whether a channel's other_info says the gateway disabled it because no key was left. */
export function disabledForKeys(channel: { status: number; other_info: string }): boolean {
  if (channel.status !== CHANNEL_STATUS.AUTO_DISABLED) return false;
  try {
    return (JSON.parse(channel.other_info) as { status_reason?: unknown })?.status_reason === ALL_KEYS_DISABLED;
  } catch {
    return false;
  }
}

/**
 * Enables again a channel the gateway disabled for want of keys, once one of its keys is enabled
 * (by hand, by a retest, or a new key); a channel disabled by hand or for another reason stays as
 * it is. Runs in the caller's transaction, after it locked the channel (lockChannel); true when it moved.
 */
export async function enableChannelWithKeys(manager: EntityManager, channelId: number): Promise<boolean> {
  const [channel] = await manager.query('SELECT status, other_info FROM channels WHERE id = $1', [channelId]);
  if (!channel || !disabledForKeys(channel)) return false;
  const [{ enabled }] = await manager.query('SELECT count(*)::int AS enabled FROM channel_keys WHERE channel_id = $1 AND status = $2', [channelId, CHANNEL_KEY_STATUS.ENABLED]);
  if (enabled === 0) return false;
  return moveChannel(manager, channelId, CHANNEL_STATUS.AUTO_DISABLED, CHANNEL_STATUS.ENABLED, '');
}
