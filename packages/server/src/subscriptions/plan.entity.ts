import type { PlanPeriod } from '@gw/shared';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** A subscription plan (issue 34; migration 1795834000000). Prices in cents. */
@Entity('subscription_plans')
export class PlanEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'integer', default: 0 })
  price_cny_cents: number;

  @Column({ type: 'integer', default: 0 })
  price_usd_cents: number;

  @Column({ type: 'varchar', length: 8 })
  period: PlanPeriod;

  @Column({ type: 'integer', default: 0 })
  period_days: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  quota: number;

  @Column({ type: 'varchar', length: 64, default: '' })
  group: string;

  @Column({ type: 'integer', default: 0 })
  limit_per_user: number;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @Column({ type: 'integer', default: 0 })
  sort: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;

  /** Deleted plans are kept for the subscriptions and orders that name them. */
  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  deleted_at: number | null;
}
