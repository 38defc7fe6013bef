import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DEFAULT_QUOTA_PER_UNIT } from '@gw/shared';
import { PoolDb } from '../database/pool-db';
import { OptionsService } from '../options/options.service';
import { RelayError } from './relay-error';
import { TokenAuthService } from './token-auth.service';

/** The limit new-api answers for an unlimited token: clients read it as "no limit". */
export const UNLIMITED_LIMIT = 100_000_000;

export interface BillingSubscription {
  object: 'billing_subscription';
  has_payment_method: true;
  soft_limit_usd: number;
  hard_limit_usd: number;
  system_hard_limit_usd: number;
  /** The token's expiry in unix seconds; 0 for never, or when the user's figures are shown. */
  access_until: number;
}

export interface BillingUsage {
  object: 'list';
  /** Used quota in cents (of a dollar, or of a quota unit with currency display off). */
  total_usage: number;
}

interface AccountRow {
  token_remain: string;
  token_used: string;
  unlimited_quota: boolean;
  expired_time: string;
  user_remain: string;
  user_used: string;
}

/** Whose figures an answer gives: the calling token's, or its user's. */
interface Account {
  remain: number;
  used: number;
  unlimited: boolean;
  accessUntil: number;
}

const ACCOUNT_QUERY = `SELECT t.remain_quota AS token_remain, t.used_quota AS token_used, t.unlimited_quota, t.expired_time,
         u.quota AS user_remain, u.used_quota AS user_used
    FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.id = $1`;

/**
 * OpenAI's old billing endpoints (`/v1/dashboard/billing/subscription` and `/usage`), which
 * NextChat and balance-checking tools read with an sk- token, answered as new-api answers them
 * (controller/billing.go). DisplayTokenStatEnabled on: the token's figures, its expiry, and
 * UNLIMITED_LIMIT for an unlimited token; off: the user's. The limit is what was granted
 * (remaining + used), so that a client's limit − usage is what remains. Amounts are dollars at
 * QuotaPerUnit with DisplayInCurrencyEnabled on, quota otherwise.
 */
@Injectable()
export class OpenAiBillingService {
  constructor(
    private readonly auth: TokenAuthService,
    private readonly db: PoolDb,
    private readonly options: OptionsService,
  ) {}

  async subscription(request: Request): Promise<BillingSubscription> {
    const account = await this.account(request);
    const limit = account.unlimited ? UNLIMITED_LIMIT : this.amount(account.remain + account.used);
    return {
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: limit,
      hard_limit_usd: limit,
      system_hard_limit_usd: limit,
      access_until: account.accessUntil,
    };
  }

  async usage(request: Request): Promise<BillingUsage> {
    const account = await this.account(request);
    return { object: 'list', total_usage: this.amount(account.used * 100) };
  }

  /** The caller's figures, after the relay's token checks (a disabled, expired or exhausted token is refused as the relay refuses it). */
  private async account(request: Request): Promise<Account> {
    const { caller } = await this.auth.authorize({ headers: request.headers, ip: request.ip ?? '' });
    const [row] = await this.db.query<AccountRow>(ACCOUNT_QUERY, [caller.tokenId]);
    // Deleted since the token check, which may have answered from its cache.
    if (!row) throw new RelayError(401, '无效的令牌', 'invalid_request_error', 'invalid_api_key');
    if (!this.options.getBoolean('DisplayTokenStatEnabled')) {
      return { remain: Number(row.user_remain), used: Number(row.user_used), unlimited: false, accessUntil: 0 };
    }
    return { remain: Number(row.token_remain), used: Number(row.token_used), unlimited: row.unlimited_quota, accessUntil: Math.max(0, Number(row.expired_time)) };
  }

  private amount(quota: number): number {
    if (!this.options.getBoolean('DisplayInCurrencyEnabled')) return quota;
    const perUnit = this.options.getNumber('QuotaPerUnit');
    return quota / (perUnit > 0 ? perUnit : DEFAULT_QUOTA_PER_UNIT);
  }
}
