import { randomBytes } from 'node:crypto';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ClusterBus } from '../../cluster/cluster-bus';
import { BusinessError } from '../../common/business.error';
import { nowSeconds } from '../../common/time';
import { PoolDb } from '../../database/pool-db';
import { InstanceLiveness } from './instance-liveness.service';
import { HOLDS_RELEASED_TOPIC, RELEASE_HOLDS_TOPIC } from './quota-ledger.service';

/** How long an administrator's change waits for every instance to give back the user's holds. */
const RELEASE_WAIT_MS = 3000;

export const MSG_USER_NOT_FOUND = '用户不存在';
export const MSG_QUOTA_HELD = '该用户有进行中的请求占用额度，新额度不能低于占用的部分，请稍后再试';

interface Waiting {
  missing: Set<string>;
  done: () => void;
}

/**
 * The one way an administrator changes a user's balance (issue 11). First every instance gives
 * back the free part of its quota holds for that user and writes back what was spent, so the
 * balance the change starts from is exact; then one locked statement sets the balance (never below
 * what requests in flight still hold, so a hold can never take it below zero) and writes the admin
 * log row with the balance before and after.
 */
@Injectable()
export class UserQuotaService implements OnModuleInit {
  private readonly logger = new Logger(UserQuotaService.name);
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly db: PoolDb,
    private readonly bus: ClusterBus,
    private readonly liveness: InstanceLiveness,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribe(HOLDS_RELEASED_TOPIC, (message) => {
      const colon = message.indexOf(':');
      const waiting = this.waiting.get(message.slice(0, colon));
      if (!waiting) return;
      waiting.missing.delete(message.slice(colon + 1));
      if (waiting.missing.size === 0) waiting.done();
    });
  }

  async setQuota(userId: number, quota: number, note: { adminId: number; adminName: string }): Promise<{ before: number; after: number }> {
    await this.releaseHolds(userId);
    const [row]: Array<{ outcome: string; before: string; held: string }> = await this.db.query('SELECT * FROM gw_set_user_quota($1, $2, $3, $4)', [
      userId,
      quota,
      `${note.adminName}（#${note.adminId}）`,
      nowSeconds(),
    ]);
    if (row.outcome === 'missing') throw new BusinessError(MSG_USER_NOT_FOUND);
    if (row.outcome === 'held') throw new BusinessError(`${MSG_QUOTA_HELD}（占用 ${row.held}）`);
    return { before: Number(row.before), after: quota };
  }

  /**
   * Asks every live instance to give back the user's holds and waits for their answers (at most
   * RELEASE_WAIT_MS: an instance that does not answer keeps its hold, which the database then
   * counts as held).
   */
  private async releaseHolds(userId: number): Promise<void> {
    await this.liveness.sweep(); // a dead instance would never answer: recovered first
    const live: Array<{ instance_id: string }> = await this.db.query('SELECT instance_id FROM gateway_instances', []);
    if (live.length === 0) return;
    const nonce = randomBytes(8).toString('hex');
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<boolean>((resolve) => {
      this.waiting.set(nonce, { missing: new Set(live.map((row) => row.instance_id)), done: () => resolve(true) });
      timer = setTimeout(() => resolve(false), RELEASE_WAIT_MS);
    });
    try {
      await this.bus.publish(RELEASE_HOLDS_TOPIC, `${nonce}:${userId}`);
      if (!(await answered)) this.logger.warn(`Not every instance gave back the holds of user ${userId} in time; the balance check counts them as held`);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(nonce);
    }
  }
}
