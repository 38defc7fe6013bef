import type { OrderPaymentMethod, TopupOrderView } from '@gw/shared';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FindOptionsWhere, Repository } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor';
import { AuditLog } from '../audit/audit-log.service';
import { BusinessError } from '../common/business.error';
import { requestedPage } from '../common/paging';
import { nowSeconds } from '../common/time';
import type { UserEntity } from '../users/user.entity';
import { UserEvents } from '../users/user-events';
import { MSG_ORDER_NOT_FOUND, TRADE_NO_PATTERN } from './dto/complete-topup-order.dto';
import type { ListTopupOrdersQuery } from './dto/list-topup-orders.query';
import { TopupOrderEntity } from './topup-order.entity';
import { type TopupOrderPage, toTopupOrderView } from './topup-order.view';

export type CompletionOutcome = 'ok' | 'already_paid' | 'unknown' | 'mismatch';

/**
 * Who pays an order. Epay's word (notify, reconciliation) always comes with what it says was paid
 * and how, checked against the order; only root's manual completion goes without.
 */
export type Completion =
  | { via: 'notify' | 'reconcile' | 'renewal'; upstreamTradeNo: string; moneyCents: number; method: OrderPaymentMethod }
  | { via: 'admin'; by: { id: number; name: string } };

export const MSG_ORDER_ALREADY_PAID = '该订单已支付，无需重复完成';

/**
 * Top-up orders after they are made: the one way an order is paid (gw_complete_topup_order, shared
 * by the notify, reconciliation and root), one order of a user, and every order for administrators
 * (the user's own history, codes included, is TopupHistoryService).
 */
@Injectable()
export class TopupOrdersService {
  private readonly logger = new Logger(TopupOrdersService.name);

  constructor(
    @InjectRepository(TopupOrderEntity) private readonly orders: Repository<TopupOrderEntity>,
    private readonly audit: AuditLog,
    private readonly userEvents: UserEvents,
  ) {}

  /** Marks the order paid and credits its quota with a top-up log row, exactly once whoever calls. */
  async complete(tradeNo: string, completion: Completion): Promise<CompletionOutcome> {
    const fromEpay = completion.via !== 'admin';
    const [row]: Array<{ outcome: CompletionOutcome; order_id: number | null }> = await this.orders.query('SELECT outcome, order_id FROM gw_complete_topup_order($1, $2, $3, $4, $5, $6, $7, $8)', [
      tradeNo,
      fromEpay ? completion.upstreamTradeNo : '',
      fromEpay ? completion.moneyCents : null,
      fromEpay ? completion.method : null,
      completion.via,
      fromEpay ? 0 : completion.by.id,
      fromEpay ? '' : `${completion.by.name}（#${completion.by.id}）`,
      nowSeconds(),
    ]);
    if (row.outcome === 'ok') {
      this.logger.log(`Top-up order ${tradeNo} paid (${completion.via})`);
      await this.announcePlan(row.order_id);
    }
    return row.outcome;
  }

  /**
   * A plan's order made its buyer a subscriber and may have moved them to the plan's group: every
   * instance's relay forgets what it cached of them, so the next call draws from the plan. After
   * the commit; a lost message costs at most the token cache's few seconds.
   */
  private async announcePlan(orderId: number | null): Promise<void> {
    const order = orderId === null ? null : await this.orders.findOne({ where: { id: orderId }, select: { user_id: true, plan_id: true } });
    if (!order || order.plan_id === 0) return;
    await this.userEvents.changed(order.user_id).catch((error: unknown) => {
      this.logger.warn(`Could not announce the subscription of user ${order.user_id}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** The caller's own order; another user's is as unknown as one that does not exist. */
  async getOwn(userId: number, tradeNo: string): Promise<TopupOrderView> {
    const order = TRADE_NO_PATTERN.test(tradeNo) ? await this.orders.findOneBy({ trade_no: tradeNo, user_id: userId }) : null;
    if (!order) throw new BusinessError(MSG_ORDER_NOT_FOUND);
    return toTopupOrderView(order, undefined, (await this.planNames([order])).get(order.plan_id));
  }

  /** Every order (administrators), newest first, with the owner's username. */
  async list(query: ListTopupOrdersQuery): Promise<TopupOrderPage> {
    const wanted = requestedPage(query);
    const where: FindOptionsWhere<TopupOrderEntity> = {};
    if (query.user_id !== undefined) where.user_id = query.user_id;
    if (query.status !== undefined) where.status = query.status;
    const [rows, total] = await this.orders.findAndCount({ where, order: { id: 'DESC' }, skip: wanted.skip, take: wanted.take });
    return { items: await this.withUsernames(rows), total, page: wanted.page, page_size: wanted.size };
  }

  /** Root pays a pending or expired order by hand (a payment seen in Epay's back office); logged with root's name. */
  async completeByAdmin(admin: UserEntity, tradeNo: string, auditor?: AuditActor): Promise<TopupOrderView> {
    const before = await this.orders.findOneBy({ trade_no: tradeNo });
    const outcome = await this.complete(tradeNo, { via: 'admin', by: { id: admin.id, name: admin.username } });
    if (outcome === 'already_paid') throw new BusinessError(MSG_ORDER_ALREADY_PAID);
    // 'mismatch' needs a money or method to compare, which a manual completion never gives.
    if (outcome !== 'ok') throw new BusinessError(MSG_ORDER_NOT_FOUND);
    this.logger.warn(`Top-up order ${tradeNo} completed by hand by ${admin.username} (#${admin.id})`);
    const [view] = await this.withUsernames([await this.orders.findOneByOrFail({ trade_no: tradeNo })]);
    // After the completion, which is one database function of its own: a failed audit write is logged in full and answers an error.
    if (auditor && before) await this.audit.record(auditor, 'topup.complete', { type: 'topup', id: tradeNo }, toTopupOrderView(before, view.username), view);
    return view;
  }

  private async withUsernames(orders: TopupOrderEntity[]): Promise<TopupOrderView[]> {
    const ids = [...new Set(orders.map((order) => order.user_id))];
    const users: Array<{ id: number; username: string }> = ids.length > 0 ? await this.orders.query('SELECT id, username FROM users WHERE id = ANY($1)', [ids]) : [];
    const names = new Map(users.map((user) => [user.id, user.username]));
    const plans = await this.planNames(orders);
    return orders.map((order) => toTopupOrderView(order, names.get(order.user_id) ?? '', plans.get(order.plan_id)));
  }

  /** The names of the plans these orders buy (deleted plans included: the order still names them). */
  private async planNames(orders: TopupOrderEntity[]): Promise<Map<number, string>> {
    const ids = [...new Set(orders.map((order) => order.plan_id).filter((id) => id > 0))];
    if (ids.length === 0) return new Map();
    const plans: Array<{ id: number; name: string }> = await this.orders.query('SELECT id, name FROM subscription_plans WHERE id = ANY($1)', [ids]);
    return new Map(plans.map((plan) => [plan.id, plan.name]));
  }
}
