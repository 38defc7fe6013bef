import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  username: string;

  @Column({ type: 'varchar', length: 255, select: false })
  password_hash: string;

  @Column({ type: 'varchar', length: 64 })
  display_name: string;

  @Column({ type: 'integer' })
  role: number;

  @Column({ type: 'integer' })
  status: number;

  @Column({ type: 'varchar', length: 255 })
  email: string;

  @Column({ type: 'varchar', length: 64 })
  github_id: string;

  @Column({ type: 'varchar', length: 64 })
  wechat_id: string;

  @Column({ type: 'varchar', length: 64 })
  telegram_id: string;

  @Column({ type: 'varchar', length: 64 })
  linux_do_id: string;

  /** The OpenID Connect provider's `sub` (issue 31), at the issuer of the OidcIssuer option; '' when not bound. */
  @Column({ type: 'varchar', length: 255 })
  oidc_id: string;

  /** SHA-256 of the system access token; the token itself is shown once, when generated. */
  @Column({ type: 'varchar', length: 64, nullable: true, select: false })
  access_token_hash: string | null;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  quota: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  used_quota: number;

  @Column({ type: 'integer' })
  request_count: number;

  @Column({ type: 'varchar', length: 64 })
  group: string;

  /** The administrators' note on the user (user management page); never shown to the user. */
  @Column({ type: 'varchar', length: 255 })
  remark: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  aff_code: string | null;

  @Column({ type: 'integer' })
  aff_count: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  aff_quota: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  aff_history_quota: number;

  @Column({ type: 'integer', nullable: true })
  inviter_id: number | null;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  deleted_at: number | null;
}
