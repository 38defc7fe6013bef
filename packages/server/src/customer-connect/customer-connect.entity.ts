import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CustomerConnectStatus } from '@gw/shared';
import { bigintToNumber } from '../common/bigint.transformer';

/** A customer contact request (spec 2 §3 Customer contact record). */
@Entity('customer_connects')
export class CustomerConnectEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'varchar', length: 11 })
  phone: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  company: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  remark: string;

  @Column({ type: 'smallint', default: 0 })
  status: CustomerConnectStatus;

  /** Submission time, unix seconds. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;
}
