import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** One administrative change (issue 31). Written once, never updated; deleted only by the retention job. */
@Entity('audit_logs')
export class AuditLogEntity {
  /** bigint, read as text by the driver: the view turns it into a number. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'integer' })
  actor_id: number;

  @Column({ type: 'varchar', length: 64 })
  actor_name: string;

  @Column({ type: 'integer' })
  actor_role: number;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 32 })
  target_type: string;

  @Column({ type: 'text' })
  target_id: string;

  /** Only the fields that changed, with secrets as AUDIT_SECRET_CHANGED. */
  @Column({ type: 'jsonb' })
  before: object;

  @Column({ type: 'jsonb' })
  after: object;

  /** Unix seconds. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;
}
