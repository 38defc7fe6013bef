import { Injectable } from '@nestjs/common';
import { DEFAULT_QUOTA_PER_UNIT, ROOT_USER_ID } from '@gw/shared';
import { hashToken } from '../auth/hash-token';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { PoolDb } from '../database/pool-db';
import { OptionsService } from '../options/options.service';
import { MSG_INVALID_CODE } from './dto/redeem.dto';
import { normaliseRedemptionCode } from './redemption-code';
import { RedeemAttempts } from './redeem-attempts';

export const MSG_TOO_MANY_ATTEMPTS = '兑换码尝试次数过多，请稍后再试';
export const MSG_OWN_CODE = '不能兑换自己创建的兑换码';
export const MSG_CODE_USED = '该兑换码已被使用';
const MSG_USER_UNAVAILABLE = '用户不存在或已被封禁';
const MSG_BALANCE_FULL = '账户余额已达上限，无法继续充值';

/** What gw_redeem_code answers (migrations/src/1795807454148-redeemed-codes.ts). */
type Outcome = 'ok' | 'user' | 'unknown' | 'used' | 'invalid' | 'overflow';

/**
 * A user tops up with a redemption code (spec 2 §7 Wallet). The claim, the credit and the top-up
 * log row are one database function, so a code is redeemed exactly once however many users try it
 * at the same moment (DESIGN.md §8). A used code says so (those who lost the race for a shared
 * code learn why); a disabled, expired or unknown code gets one answer that does not tell them
 * apart. Neither changes anything.
 */
@Injectable()
export class RedeemService {
  constructor(
    private readonly db: PoolDb,
    private readonly options: OptionsService,
    private readonly attempts: RedeemAttempts,
  ) {}

  /** Credits the code's quota to the user and answers it. */
  async redeem(userId: number, typed: string): Promise<number> {
    if (!(await this.attempts.take(userId))) throw new BusinessError(MSG_TOO_MANY_ATTEMPTS);
    const code = normaliseRedemptionCode(typed);
    // No one but root raises their own balance (docs/security.md "User management"): an
    // administrator's codes are for others. A real code, so no guess: the attempt is given back.
    if (code && userId !== ROOT_USER_ID && (await this.creatorOf(code)) === userId) {
      await this.attempts.giveBack(userId);
      throw new BusinessError(MSG_OWN_CODE);
    }
    const { outcome, credited } = code ? await this.claim(userId, code) : { outcome: 'unknown' as const, credited: 0 };
    // The limit is against guessing: only a key that names no code counts as a failure. A real
    // code that is used, disabled or expired is no guess (the users who lost the race for a shared
    // code must not be locked out).
    if (outcome !== 'unknown') await this.attempts.giveBack(userId);
    switch (outcome) {
      case 'ok':
        return credited;
      case 'user':
        throw new BusinessError(MSG_USER_UNAVAILABLE);
      case 'overflow':
        throw new BusinessError(MSG_BALANCE_FULL);
      case 'used':
        throw new BusinessError(MSG_CODE_USED);
      default:
        throw new BusinessError(MSG_INVALID_CODE);
    }
  }

  /** Who made the code (a code's creator never changes, so this holds when it is claimed just after). */
  private async creatorOf(code: string): Promise<number | undefined> {
    const [row] = await this.db.query<{ creator_id: number }>('SELECT creator_id FROM redemptions WHERE key_hash = $1', [hashToken(code)]);
    return row?.creator_id;
  }

  private async claim(userId: number, code: string): Promise<{ outcome: Outcome; credited: number }> {
    const perUnit = this.options.getNumber('QuotaPerUnit');
    const [row]: Array<{ outcome: Outcome; credited: string }> = await this.db.query('SELECT outcome, credited FROM gw_redeem_code($1, $2, $3, $4)', [
      userId,
      hashToken(code),
      nowSeconds(),
      perUnit > 0 ? perUnit : DEFAULT_QUOTA_PER_UNIT,
    ]);
    return { outcome: row.outcome, credited: Number(row.credited) };
  }
}
