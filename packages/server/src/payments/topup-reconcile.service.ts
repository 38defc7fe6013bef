import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { readEpayConfig } from './epay-config';
import { EpayClient } from './epay.client';
import { TopupOrderEntity } from './topup-order.entity';
import { TopupOrdersService } from './topup-orders.service';

/** An order pending this long has had its chance of a notify: Epay is asked about it. */
export const RECONCILE_AFTER_S = 5 * 60;
/** An order still unpaid after this long expires (a later payment Epay confirms is still credited). */
export const EXPIRE_AFTER_S = 24 * 3600;
/** Orders asked about in one run, oldest first; the next run takes the rest. */
const BATCH = 100;

export interface ReconcileSummary {
  checked: number;
  credited: number;
  expired: number;
  failed: number;
}

/**
 * Reconciliation with Epay's order query (issue 12): a notify that never arrived is not money lost
 * for the user. Orders pending for more than RECONCILE_AFTER_S are looked up; a paid one is
 * credited through the same exactly-once path as the notify (a notify arriving meanwhile finds it
 * paid, or the other way round); one pending for over EXPIRE_AFTER_S and not paid expires.
 * Idempotent: run it as often as you like, on as many workers as you like.
 */
@Injectable()
export class TopupReconcileService {
  private readonly logger = new Logger(TopupReconcileService.name);

  constructor(
    @InjectRepository(TopupOrderEntity) private readonly orders: Repository<TopupOrderEntity>,
    private readonly options: OptionsService,
    private readonly epay: EpayClient,
    private readonly completion: TopupOrdersService,
  ) {}

  async run(): Promise<ReconcileSummary> {
    const summary: ReconcileSummary = { checked: 0, credited: 0, expired: 0, failed: 0 };
    const now = nowSeconds();
    const config = readEpayConfig(this.options);
    if (config) {
      const due = await this.orders.find({ where: { status: 'pending', created_at: LessThan(now - RECONCILE_AFTER_S) }, order: { created_at: 'ASC' }, take: BATCH });
      for (const order of due) {
        summary.checked += 1;
        try {
          const state = await this.epay.queryOrder(config, order.trade_no);
          if (!state.found || !state.paid) continue;
          if (state.moneyCents === undefined || state.method === undefined) {
            this.logger.warn(`Epay reports order ${order.trade_no} paid with unreadable money or type; not credited`);
            continue;
          }
          const outcome = await this.completion.complete(order.trade_no, {
            via: 'reconcile',
            upstreamTradeNo: state.upstreamTradeNo,
            moneyCents: state.moneyCents,
            method: state.method,
          });
          if (outcome === 'ok') summary.credited += 1;
          if (outcome === 'mismatch') this.logger.warn(`Epay reports order ${order.trade_no} paid with another money or payment method; not credited`);
        } catch (error) {
          summary.failed += 1;
          // EpayQueryError says why without the URL, which carries the merchant key.
          this.logger.warn(`Top-up order ${order.trade_no} not reconciled: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    summary.expired = await this.expire(now);
    if (summary.credited > 0 || summary.expired > 0 || summary.failed > 0) {
      this.logger.log(`Top-up reconciliation: ${summary.checked} checked, ${summary.credited} credited, ${summary.expired} expired, ${summary.failed} failed`);
    }
    return summary;
  }

  /**
   * Orders pending for over a day expire; conditional on still pending, so an order paid meanwhile
   * stays paid. An order that Epay could not be asked about this run expires too: a payment it
   * confirms later (notify, or root by hand) is still credited.
   */
  private async expire(now: number): Promise<number> {
    const result = await this.orders.update({ status: 'pending', created_at: LessThan(now - EXPIRE_AFTER_S) }, { status: 'expired' });
    return result.affected ?? 0;
  }
}
