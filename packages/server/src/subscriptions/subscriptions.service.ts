import type { SubscriptionView } from '@gw/shared';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { nowSeconds } from '../common/time';
import { UserEvents } from '../users/user-events';
import { SubscriptionEntity } from './subscription.entity';
import { toSubscriptionView } from './subscription.view';

/** Users advanced in one run of the job; the next run takes the rest. */
const ADVANCE_BATCH = 500;

/**
 * Subscriptions as time moves them (gw_advance_subscriptions): the ended ones expire and give the
 * user their group back, the next ones start, the running ones roll to their current period.
 * The quota itself never waits for this: a reservation rolls the period and stops at the paid
 * time's end in the same statement. What waits is the statuses and the group, at most one run of
 * the `subscription-advance` job (a minute), or until the user looks at their subscriptions.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    private readonly userEvents: UserEvents,
  ) {}

  /** The user's subscriptions, newest first, as of now. */
  async listOwn(userId: number): Promise<SubscriptionView[]> {
    await this.advance(userId, nowSeconds());
    const rows = await this.subscriptions.find({ where: { user_id: userId }, order: { id: 'DESC' } });
    return rows.map(toSubscriptionView);
  }

  /** Every user with a subscription due to start, end or roll; returns how many were advanced. */
  async advanceDue(now = nowSeconds()): Promise<number> {
    const due: Array<{ user_id: number }> = await this.subscriptions.query(
      `SELECT DISTINCT user_id FROM user_subscriptions
        WHERE status <> 'expired' AND (period_end <= $1 OR expires_at <= $1 OR (status = 'scheduled' AND starts_at <= $1))
        LIMIT $2`,
      [now, ADVANCE_BATCH],
    );
    for (const { user_id: userId } of due) await this.advance(userId, now);
    if (due.length > 0) this.logger.log(`Advanced the subscriptions of ${due.length} users`);
    return due.length;
  }

  private async advance(userId: number, now: number): Promise<void> {
    const [row]: Array<{ changed: boolean }> = await this.subscriptions.query('SELECT gw_advance_subscriptions($1, $2) AS changed', [userId, now]);
    // The user's group or paid time changed: every relay instance forgets what it cached of them.
    if (row.changed) await this.userEvents.changed(userId);
  }
}
