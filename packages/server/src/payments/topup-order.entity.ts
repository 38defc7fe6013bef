import type { CompletedVia, OrderCurrency, OrderPaymentMethod, TopupOrderStatus } from '@gw/shared';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** An online top-up order (migrations/src/1764820800000-topup-orders.ts). */
@Entity('topup_orders')
export class TopupOrderEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  /** Our trade number: Epay's `out_trade_no`. */
  @Column({ type: 'varchar', length: 64 })
  trade_no: string;

  /** Epay's own trade number, once paid. */
  @Column({ type: 'varchar', length: 64, default: '' })
  upstream_trade_no: string;

  @Column({ type: 'varchar', length: 8 })
  payment_method: OrderPaymentMethod;

  /** Whole dollars. */
  @Column({ type: 'integer' })
  amount: number;

  /** Quota credited once paid, fixed when the order was made. */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  quota: number;

  /** What the user pays, in hundredths of `currency` (fen, or US cents). */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  money_cents: number;

  /** CNY through Epay, USD through Stripe. */
  @Column({ type: 'varchar', length: 3, default: 'CNY' })
  currency: OrderCurrency;

  /** The Stripe Checkout Session (or renewal invoice) that pays this order; '' for Epay. */
  @Column({ type: 'varchar', length: 255, default: '' })
  external_id: string;

  /** A card plan's Stripe subscription, once its session is completed. */
  @Column({ type: 'varchar', length: 255, default: '' })
  subscription_ref: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  top_up_code: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: TopupOrderStatus;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber, default: 0 })
  paid_at: number;

  @Column({ type: 'varchar', length: 16, default: '' })
  completed_via: CompletedVia;

  /** The plan this order buys instead of wallet quota (issue 34), else 0; `quota` is then the plan's period quota. */
  @Column({ type: 'integer', default: 0 })
  plan_id: number;

  /** The administrator who completed it by hand, else 0. */
  @Column({ type: 'integer', default: 0 })
  completed_by: number;
}
