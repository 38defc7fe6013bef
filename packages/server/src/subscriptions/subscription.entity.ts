import type { PlanPeriod, SubscriptionStatus } from '@gw/shared';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/**
 * A plan a user bought (migration 1795836000000-subscriptions): its paid time, its current period
 * and what that period has used. Written only by the database functions there (grant, advance,
 * roll, reserve, settle, refund); read here.
 */
@Entity('user_subscriptions')
export class SubscriptionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'integer' })
  plan_id: number;

  @Column({ type: 'varchar', length: 50 })
  plan_name: string;

  @Column({ type: 'varchar', length: 8 })
  provider: 'epay' | 'stripe';

  @Column({ type: 'varchar', length: 8 })
  period: PlanPeriod;

  @Column({ type: 'integer' })
  period_days: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  period_quota: number;

  @Column({ type: 'varchar', length: 64 })
  group: string;

  /** The user's group before this subscription moved them; '' when it did not. */
  @Column({ type: 'varchar', length: 64 })
  previous_group: string;

  @Column({ type: 'varchar', length: 12 })
  status: SubscriptionStatus;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  starts_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  expires_at: number;

  @Column({ type: 'integer' })
  period_index: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  period_start: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  period_end: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  period_used: number;

  @Column({ type: 'integer' })
  renewals: number;

  /** The card provider's subscription id (Stripe); '' for plans bought by Epay. */
  @Column({ type: 'varchar', length: 255 })
  external_id: string;

  /** Stripe renews it each period; false once the card subscription is cancelled, and for Epay plans. */
  @Column({ type: 'boolean' })
  auto_renew: boolean;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;
}
