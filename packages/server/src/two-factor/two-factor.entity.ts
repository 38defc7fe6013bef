import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** A user's TOTP two-factor sign-in (migration 1795822000000). */
@Entity('two_factor')
export class TwoFactorEntity {
  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  /** The base32 secret sealed with SecretBox; never returned after setup. */
  @Column({ type: 'text', select: false })
  secret_sealed: string;

  /** False between setup and the first confirmed code. */
  @Column({ type: 'boolean' })
  enabled: boolean;

  /** The last accepted 30-second step: a code of this step or an earlier one is refused (no replay). */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  last_used_step: number;

  /** Unix seconds until which 2FA codes are refused after too many wrong ones; 0 when never locked. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  locked_until: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;
}

/** One backup code of a user: its SHA-256 only, `used_at` once spent. */
@Entity('two_factor_backup_codes')
export class TwoFactorBackupCodeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 64 })
  code_hash: string;

  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  used_at: number | null;
}
