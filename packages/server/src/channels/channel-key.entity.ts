import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/**
 * One key of a multi-key channel (migration 1795810000000): sealed at rest, never returned; the
 * console sees `masked`. `status` uses CHANNEL_KEY_STATUS (enabled, disabled by hand, disabled by
 * the gateway with `status_reason` and `status_time`).
 */
@Entity('channel_keys')
export class ChannelKeyEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  channel_id: number;

  @Column({ type: 'text', select: false })
  key_sealed: string;

  /** SecretBox.fingerprint of the key: deduplication without opening. */
  @Column({ type: 'varchar', length: 64, select: false })
  key_hash: string;

  @Column({ type: 'varchar', length: 64 })
  masked: string;

  @Column({ type: 'integer' })
  status: number;

  @Column({ type: 'text' })
  status_reason: string;

  /** Unix seconds of the last status change made by the gateway or by hand. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  status_time: number;

  /** The last upstream error this key got, key masked. */
  @Column({ type: 'text' })
  last_error: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  request_count: number;

  /** Prompt plus completion tokens of the requests it served. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  token_count: number;

  /** Unix seconds of the last request it served. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  used_time: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_time: number;
}
