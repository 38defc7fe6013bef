import type { CompletedVia, OrderCurrency, OrderPaymentMethod, RedeemedCodeView, TopupOrderStatus, TopupRecordView } from '@gw/shared';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListPage, requestedPage } from '../common/paging';
import { SecretBox } from '../crypto/secret-box';
import { maskRedemptionCode } from '../redemptions/redemption-code';
import type { ListOwnTopupOrdersQuery } from './dto/list-topup-orders.query';
import { TopupOrderEntity } from './topup-order.entity';
import { toTopupOrderView } from './topup-order.view';

/** A row of HISTORY_PAGE: the columns of its own kind are set, the other kind's are null. Bigints come as text. */
type HistoryRow =
  | {
      source: 'order';
      id: number;
      user_id: number;
      created_at: string;
      paid_at: string;
      quota: string;
      trade_no: string;
      payment_method: OrderPaymentMethod;
      amount: number;
      money_cents: string;
      currency: OrderCurrency;
      status: TopupOrderStatus;
      completed_via: CompletedVia;
      plan_id: number;
      plan_name: string | null;
    }
  | { source: 'redemption'; id: number; user_id: number; created_at: string; paid_at: string; quota: string; key_sealed: string };

/**
 * One page of a user's top-ups, newest first: their orders and the codes they redeemed (status 3,
 * used by them), a code dated by its redemption. Merged and paged in the database, so that a page
 * is the same whatever the mix. Same second: orders before codes, then the later id first.
 */
const HISTORY_PAGE = `
  SELECT 'order' AS source, o.id, o.user_id, o.created_at, o.paid_at, o.quota, o.trade_no, o.payment_method, o.amount, o.money_cents, o.currency, o.status, o.completed_via,
         o.plan_id, p.name AS plan_name, NULL AS key_sealed
    FROM topup_orders o LEFT JOIN subscription_plans p ON p.id = o.plan_id WHERE o.user_id = $1
  UNION ALL
  SELECT 'redemption', id, used_user_id, redeemed_time, redeemed_time, quota, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, key_sealed
    FROM redemptions WHERE used_user_id = $1 AND status = 3
  ORDER BY created_at DESC, source, id DESC
  LIMIT $2 OFFSET $3`;

const HISTORY_TOTAL = `
  SELECT (SELECT count(*) FROM topup_orders WHERE user_id = $1) + (SELECT count(*) FROM redemptions WHERE used_user_id = $1 AND status = 3) AS total`;

/**
 * The wallet's 充值记录 (GET /api/user/topup/self): online orders and redeemed codes in one list.
 * It reads the redemptions table, which the redemptions module owns, only here and only to list.
 */
@Injectable()
export class TopupHistoryService {
  private readonly logger = new Logger(TopupHistoryService.name);

  constructor(
    @InjectRepository(TopupOrderEntity) private readonly orders: Repository<TopupOrderEntity>,
    private readonly secrets: SecretBox,
  ) {}

  async listOwn(userId: number, query: ListOwnTopupOrdersQuery): Promise<ListPage<TopupRecordView>> {
    const wanted = requestedPage(query);
    const [rows, [{ total }]]: [HistoryRow[], Array<{ total: string }>] = await Promise.all([
      this.orders.query(HISTORY_PAGE, [userId, wanted.take, wanted.skip]),
      this.orders.query(HISTORY_TOTAL, [userId]),
    ]);
    return { items: rows.map((row) => this.view(row)), total: Number(total), page: wanted.page, page_size: wanted.size };
  }

  private view(row: HistoryRow): TopupRecordView {
    const numbers = { created_at: Number(row.created_at), paid_at: Number(row.paid_at), quota: Number(row.quota) };
    if (row.source === 'order') return toTopupOrderView({ ...row, ...numbers, money_cents: Number(row.money_cents) }, undefined, row.plan_name ?? '');
    return { source: 'redemption', id: row.id, user_id: row.user_id, code: this.maskedCode(row), ...numbers };
  }

  /** A code sealed under another CRYPTO_SECRET cannot be shown; the history still loads. */
  private maskedCode(row: { id: number; key_sealed: string }): RedeemedCodeView['code'] {
    try {
      return maskRedemptionCode(this.secrets.open(row.key_sealed));
    } catch {
      this.logger.error(`Redemption code ${row.id} cannot be decrypted with the current CRYPTO_SECRET`);
      return '';
    }
  }
}
