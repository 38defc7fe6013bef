import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** A redemption code (spec 2 §3 Redemption). The code itself is kept only as a hash and sealed, like a token key. */
@Entity('redemptions')
export class RedemptionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The administrator who created it. */
  @Column({ type: 'integer' })
  creator_id: number;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  /** SHA-256 (hex) of the code: how a redemption finds it. */
  @Column({ type: 'varchar', length: 64 })
  key_hash: string;

  /** The code sealed with SecretBox, opened only to show it to administrators. */
  @Column({ type: 'text' })
  key_sealed: string;

  /** REDEMPTION_STATUS: 1 unused, 2 disabled, 3 used. */
  @Column({ type: 'smallint' })
  status: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  quota: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_time: number;

  /** Unix seconds; 0 while unused. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  redeemed_time: number;

  /** 0 while unused. */
  @Column({ type: 'integer' })
  used_user_id: number;

  /** Unix seconds; 0 for never. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  expired_time: number;
}
