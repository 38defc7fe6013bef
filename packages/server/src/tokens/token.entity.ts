import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** A user's API token (spec 2 §3 Token). The key itself is kept only as a hash and sealed. */
@Entity('tokens')
export class TokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  /** SHA-256 (hex) of the full `sk-…` key: how the relay and the key search find the token. */
  @Column({ type: 'varchar', length: 64 })
  key_hash: string;

  /** The full key sealed with SecretBox, opened only to show it to its owner. */
  @Column({ type: 'text' })
  key_sealed: string;

  @Column({ type: 'integer' })
  status: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  remain_quota: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  used_quota: number;

  @Column({ type: 'boolean' })
  unlimited_quota: boolean;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_time: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  accessed_time: number;

  /** Unix seconds, or -1 for never. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  expired_time: number;

  @Column({ type: 'boolean' })
  model_limits_enabled: boolean;

  /** Comma-joined model names. */
  @Column({ type: 'text' })
  model_limits: string;

  /** One IP or CIDR range per line. */
  @Column({ type: 'text' })
  allow_ips: string;

  @Column({ type: 'varchar', length: 64 })
  group: string;

  @Column({ type: 'boolean' })
  rate_limit_enabled: boolean;

  @Column({ type: 'integer' })
  rate_per_minute: number;

  /** The user's console token (console-token.ts): created by the console's own calls, one per user. */
  @Column({ type: 'boolean' })
  console: boolean;
}
