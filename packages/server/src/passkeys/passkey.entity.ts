import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** One WebAuthn credential of a user (migration 1795828000000). */
@Entity('passkeys')
export class PasskeyEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  /** The credential id as base64url, as browsers send it back. */
  @Column({ type: 'text' })
  credential_id: string;

  /** The COSE public key the authenticator gave at registration. */
  @Column({ type: 'bytea' })
  public_key: Buffer;

  /** The last signature counter seen; 0 for authenticators that do not count. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  counter: number;

  /** JSON array of the transports the browser reported ("internal", "hybrid", "usb"…). */
  @Column({ type: 'text' })
  transports: string;

  @Column({ type: 'varchar', length: 32 })
  device_type: string;

  @Column({ type: 'boolean' })
  backed_up: boolean;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  last_used_at: number | null;
}
