import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { TOKEN_NEVER_EXPIRES, TOKEN_STATUS, USER_STATUS_ENABLED } from '@gw/shared';
import { PoolDb } from '../database/pool-db';
import { RefreshingCache } from '../common/refreshing-cache';
import { hashToken } from '../auth/hash-token';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { MSG_CONSOLE_TOKEN_DISABLED } from '../tokens/console-token';
import { TokenEvents } from '../tokens/token-events';
import { TokensService } from '../tokens/tokens.service';
import { UserEvents } from '../users/user-events';
import type { RelayCaller } from './relay-context';
import { RelayError } from './relay-error';
import { headerOf } from './relay-request';

interface TokenRow {
  id: number;
  name: string;
  status: number;
  remain_quota: string;
  unlimited_quota: boolean;
  expired_time: string;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
  rate_limit_enabled: boolean;
  rate_per_minute: number;
  user_id: number;
  username: string;
  user_status: number;
  user_group: string;
  user_deleted: boolean;
  subscribed_until: string;
}

/**
 * A token row is reused for 5 s without asking the database, then served for at most 5 s more
 * while one reload runs (common/refreshing-cache.ts). Changes made through the console reach
 * every instance at once (TokenEvents for the token, UserEvents for its owner's status and
 * group); the time bounds anything else (a ban by SQL): 5 s and a query, 10 s while the database
 * does not answer.
 * Quota is not trusted from here: the reservation checks it in the database.
 */
const CACHE_LIMITS = { freshMs: 5_000, staleMs: 5_000, max: 50_000 };

const TOKEN_QUERY = `SELECT t.id, t.name, t.status, t.remain_quota, t.unlimited_quota, t.expired_time, t.model_limits_enabled,
         t.model_limits, t.allow_ips, t."group", t.rate_limit_enabled, t.rate_per_minute,
         u.id AS user_id, u.username, u.status AS user_status, u."group" AS user_group, u.deleted_at IS NOT NULL AS user_deleted,
         u.subscribed_until
    FROM tokens t JOIN users u ON u.id = t.user_id`;

export interface AuthorizedToken {
  caller: RelayCaller;
  modelLimits?: ReadonlySet<string>;
  ratePerMinute: number;
}

/** The sk- key from `Authorization: Bearer`, `x-api-key` or `x-goog-api-key` (DESIGN.md §5.1). */
export function keyFromHeaders(headers: IncomingHttpHeaders): string | undefined {
  const bearer = headerOf(headers, 'authorization')?.replace(/^Bearer\s+/i, '').trim();
  const key = bearer || headerOf(headers, 'x-api-key')?.trim() || headerOf(headers, 'x-goog-api-key')?.trim();
  return key ? key.replace(/^sk-/, '') : undefined;
}

function ipAllowed(allowIps: string, ip: string): boolean {
  const rules = allowIps.split('\n').map((line) => line.trim()).filter(Boolean);
  if (rules.length === 0) return true;
  const address = ip.replace(/^::ffff:/, '');
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const list = new BlockList();
  for (const rule of rules) {
    const [base, prefix] = rule.split('/');
    const ruleFamily = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(base, ruleFamily);
    else list.addSubnet(base, Number(prefix), ruleFamily);
  }
  return list.check(address, family);
}

/**
 * Checks the caller's token (DESIGN.md §5.1): status, expiry, remaining quota, allowed IPs and
 * group, with one indexed query joining the owner. Expired and exhausted tokens get their status
 * written, so the console shows it.
 */
@Injectable()
export class TokenAuthService implements OnModuleInit {
  /** Token rows by key hash. */
  private readonly cache = new RefreshingCache<string, TokenRow>(
    async (hash) => (await this.db.query<TokenRow>(`${TOKEN_QUERY} WHERE t.key_hash = $1`, [hash]))[0],
    CACHE_LIMITS,
  );
  /** Each console user's enabled tokens, oldest first (authorizeUser), kept like `cache`. */
  private readonly userTokens = new RefreshingCache<number, TokenRow[]>(
    (userId) => this.db.query<TokenRow>(`${TOKEN_QUERY} WHERE t.user_id = $1 AND t.status = $2 ORDER BY t.id`, [userId, TOKEN_STATUS.ENABLED]),
    CACHE_LIMITS,
  );

  constructor(
    private readonly db: PoolDb,
    private readonly options: OptionsService,
    private readonly events: TokenEvents,
    private readonly userEvents: UserEvents,
    private readonly tokens: TokensService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.events.onChange((tokenId) => {
      this.cache.forget((row) => row.id === tokenId);
      // A created token changes its owner's list without being in it; token edits are rare enough
      // for every list to be read again.
      this.userTokens.clear();
    });
    this.events.onMissed(() => {
      this.cache.clear();
      this.userTokens.clear();
    });
    await this.userEvents.onChange((userId) => {
      this.cache.forget((row) => row.user_id === userId);
      this.userTokens.delete(userId);
    });
  }

  /** The caller of a relay request, from the sk- key it carries. */
  async authorize(request: { headers: IncomingHttpHeaders; ip: string }): Promise<AuthorizedToken> {
    const key = keyFromHeaders(request.headers);
    if (!key) throw new RelayError(401, '未提供令牌（Authorization: Bearer sk-…）', 'invalid_request_error', 'missing_api_key');
    return this.check(await this.cache.get(hashToken(`sk-${key}`)), request.ip);
  }

  /**
   * The caller of a console call (the playground, the compare chat, workflow runs: signed in, no
   * key): the user's first enabled token that passes every check, so that the console is billed and
   * limited like any client; when none does, their console token (tokens/console-token.ts).
   */
  async authorizeUser(userId: number, ip: string): Promise<AuthorizedToken> {
    for (const row of (await this.userTokens.get(userId)) ?? []) {
      try {
        return await this.check(row, ip);
      } catch {
        // The next token, then the console token: a console call needs no token made by hand.
      }
    }
    return this.authorizeConsoleToken(userId, ip);
  }

  /**
   * The user's console token, created by the first call that needs it; one the user disabled is
   * refused (they opted out), one they edited answers its checks like any token. Off the common
   * path: only a user without a usable token of their own gets here.
   */
  private async authorizeConsoleToken(userId: number, ip: string): Promise<AuthorizedToken> {
    let row = await this.consoleTokenOf(userId);
    if (!row) {
      await this.tokens.ensureConsoleToken(userId);
      row = await this.consoleTokenOf(userId);
    }
    if (row?.status === TOKEN_STATUS.DISABLED) throw new RelayError(403, MSG_CONSOLE_TOKEN_DISABLED, 'invalid_request_error', 'console_token_disabled');
    return this.check(row, ip);
  }

  private async consoleTokenOf(userId: number): Promise<TokenRow | undefined> {
    const rows = await this.db.query<TokenRow>(`${TOKEN_QUERY} WHERE t.user_id = $1 AND t.console`, [userId]);
    return rows[0];
  }

  private async check(token: TokenRow | undefined, ip: string): Promise<AuthorizedToken> {
    if (!token || token.user_deleted) throw new RelayError(401, '无效的令牌', 'invalid_request_error', 'invalid_api_key');
    if (token.user_status !== USER_STATUS_ENABLED) throw new RelayError(403, '用户已被封禁', 'invalid_request_error', 'user_banned');
    if (token.status === TOKEN_STATUS.DISABLED) throw new RelayError(401, '该令牌状态不可用', 'invalid_request_error', 'token_disabled');
    const expired = Number(token.expired_time) !== TOKEN_NEVER_EXPIRES && Number(token.expired_time) <= nowSeconds();
    if (token.status === TOKEN_STATUS.EXPIRED || expired) {
      await this.markStatus(token.id, TOKEN_STATUS.EXPIRED);
      throw new RelayError(401, '该令牌已过期', 'invalid_request_error', 'token_expired');
    }
    if (token.status === TOKEN_STATUS.EXHAUSTED || (!token.unlimited_quota && Number(token.remain_quota) <= 0)) {
      await this.markStatus(token.id, TOKEN_STATUS.EXHAUSTED);
      throw new RelayError(429, '该令牌额度已用尽', 'insufficient_quota', 'insufficient_quota');
    }
    if (!ipAllowed(token.allow_ips, ip)) throw new RelayError(403, '您的 IP 不在令牌允许访问的列表中', 'invalid_request_error', 'ip_not_allowed');

    const group = token.group || token.user_group;
    const usable = this.options.getJson<Record<string, string>>('UserUsableGroups');
    const ratios = this.options.getJson<Record<string, number>>('GroupRatio');
    if (group !== token.user_group && !Object.hasOwn(usable, group)) throw new RelayError(403, `无权使用分组 ${group}`, 'invalid_request_error', 'group_not_allowed');
    if (!Object.hasOwn(ratios, group)) throw new RelayError(403, `分组 ${group} 未设置倍率，请联系管理员`, 'invalid_request_error', 'group_not_allowed');

    return {
      caller: {
        tokenId: token.id,
        tokenName: token.name,
        userId: token.user_id,
        username: token.username,
        group,
        unlimitedQuota: token.unlimited_quota,
        subscribedUntil: Number(token.subscribed_until),
      },
      modelLimits: token.model_limits_enabled ? new Set(token.model_limits.split(',').map((model) => model.trim()).filter(Boolean)) : undefined,
      ratePerMinute: token.rate_limit_enabled ? token.rate_per_minute : 0,
    };
  }

  private async markStatus(tokenId: number, status: number): Promise<void> {
    await this.db.query('UPDATE tokens SET status = $2 WHERE id = $1 AND status = $3', [tokenId, status, TOKEN_STATUS.ENABLED]);
    await this.events.changed(tokenId);
  }
}
