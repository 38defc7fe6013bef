import type { MultiKeyMode } from '@gw/shared';
import { ChannelEvents } from '../src/channels/channel-events';
import { maskKey } from '../src/channels/key-mask';
import { SecretBox } from '../src/crypto/secret-box';
import type { RelayFixture } from './relay-fixture';
import type { SecondInstance } from './test-app';

/** An instance that answers relay calls: the fixture's or a second one. */
export type Instance = Pick<SecondInstance, 'app' | 'http'>;

/**
 * A multi-key channel made as the console would store it, without its routes: a channel created
 * through the API, then turned multi-key in the database (key_sealed '' and its keys in
 * channel_keys, sealed with the application's SecretBox), and every instance told of the change.
 */
export async function multiKeyChannel(
  f: RelayFixture,
  instances: readonly Instance[],
  fields: Record<string, unknown>,
  mode: MultiKeyMode,
  keys: readonly string[],
): Promise<{ id: number; keyIds: number[] }> {
  const id = await f.channel(fields);
  const secrets = f.t.app.get(SecretBox);
  await f.t.db.query(`UPDATE channels SET multi_key_mode = $2, key_sealed = '' WHERE id = $1`, [id, mode]);
  const keyIds: number[] = [];
  for (const key of keys) {
    const [row] = await f.t.db.query('INSERT INTO channel_keys (channel_id, key_sealed, key_hash, masked, created_time) VALUES ($1, $2, $3, $4, 1) RETURNING id', [
      id,
      secrets.seal(key),
      secrets.fingerprint(key),
      maskKey(key),
    ]);
    keyIds.push(row.id);
  }
  // Each instance hears its own notice at once (cluster-bus.ts): no wait for Redis to relay it.
  for (const instance of instances) await instance.app.get(ChannelEvents).changed();
  return { id, keyIds };
}
