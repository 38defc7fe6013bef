import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { renderQuota, TOKEN_BATCH_SUFFIX_LENGTH, TOKEN_NEVER_EXPIRES, TOKEN_STATUS } from '@gw/shared';
import { EntityManager, Repository } from 'typeorm';
import { hashToken } from '../auth/hash-token';
import { BusinessError } from '../common/business.error';
import { containsPattern } from '../common/contains-pattern';
import { nowSeconds } from '../common/time';
import { SecretBox } from '../crypto/secret-box';
import { OptionsService } from '../options/options.service';
import type { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { CONSOLE_TOKEN_LOCK_CLASS, CONSOLE_TOKEN_NAME } from './console-token';
import type { CreateTokenDto } from './dto/create-token.dto';
import type { ListTokensQuery } from './dto/list-tokens.query';
import { TOKEN_PAGE_SIZE_DEFAULT } from './dto/list-tokens.query';
import type { SearchTokensQuery } from './dto/search-tokens.query';
import type { TokenFieldsDto } from './dto/token-fields.dto';
import { MSG_TOKEN_NOT_FOUND } from './dto/token-id.rules';
import type { UpdateTokenStatusDto } from './dto/update-token-status.dto';
import type { UpdateTokenDto } from './dto/update-token.dto';
import { limitsViolation } from './token-fields';
import { normaliseTokenKey, randomAlphanumerics, withFreshKey } from './token-key';
import { effectiveStatus } from './token-status';
import { TokenEntity } from './token.entity';
import { TokenEvents } from './token-events';
import { TokenPage, TokenSearchResult, TokenView, toTokenView } from './token.view';

const EDITABLE_FIELDS = [
  'name',
  'remain_quota',
  'unlimited_quota',
  'expired_time',
  'model_limits_enabled',
  'model_limits',
  'allow_ips',
  'group',
  'rate_limit_enabled',
  'rate_per_minute',
] as const;
type TokenFields = Pick<TokenEntity, (typeof EDITABLE_FIELDS)[number]>;

const DEFAULT_FIELDS: Omit<TokenFields, 'name'> = {
  remain_quota: 0,
  unlimited_quota: false,
  expired_time: TOKEN_NEVER_EXPIRES,
  model_limits_enabled: false,
  model_limits: '',
  allow_ips: '',
  group: '',
  rate_limit_enabled: false,
  rate_per_minute: 0,
};

const MSG_EXPIRY_PAST = '过期时间不能早于当前时间';
const MSG_GROUP_UNUSABLE = '分组不存在或无权使用';
const MSG_ENABLE_EXPIRED = '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期';
const MSG_ENABLE_EXHAUSTED = '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度';

/** The fields a DTO actually carries (absent and null ones are left out). */
const givenFields = (dto: TokenFieldsDto): Partial<TokenFields> =>
  Object.fromEntries(EDITABLE_FIELDS.filter((field) => dto[field] !== undefined && dto[field] !== null).map((field) => [field, dto[field]]));

const storedFields = (token: TokenEntity): TokenFields =>
  Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, token[field]])) as TokenFields;

/**
 * Users' API tokens (spec 2 §3–§5, docs/console-api.md "Tokens"). Every query is limited to the
 * calling user's own rows, so another user's token is simply "not found". Keys are stored as a
 * SHA-256 hash (for lookups) and sealed (to show them to their owner), never in clear.
 */
@Injectable()
export class TokensService {
  private readonly logger = new Logger(TokensService.name);

  constructor(
    @InjectRepository(TokenEntity) private readonly tokens: Repository<TokenEntity>,
    private readonly secrets: SecretBox,
    private readonly users: UsersService,
    private readonly options: OptionsService,
    private readonly events: TokenEvents,
  ) {}

  async list(userId: number, query: ListTokensQuery): Promise<TokenPage> {
    const page = query.p ?? 0;
    const size = query.size ?? TOKEN_PAGE_SIZE_DEFAULT;
    const [rows, total] = await this.tokens.findAndCount({ where: { user_id: userId }, order: { id: 'DESC' }, skip: page * size, take: size });
    const now = nowSeconds();
    return { items: rows.map((row) => this.view(row, now)), total, page, page_size: size };
  }

  /** One page of the own tokens whose name contains `keyword` and/or whose key is `token`; a malformed key matches none. */
  async search(userId: number, query: SearchTokensQuery): Promise<TokenSearchResult> {
    const builder = this.tokens.createQueryBuilder('token').where('token.user_id = :userId', { userId }).orderBy('token.id', 'DESC');
    const keyword = query.keyword?.trim();
    if (keyword) builder.andWhere('token.name ILIKE :pattern', { pattern: containsPattern(keyword) });
    const page = query.p ?? 0;
    const size = query.size ?? TOKEN_PAGE_SIZE_DEFAULT;
    const typedKey = query.token?.trim();
    if (typedKey) {
      const key = normaliseTokenKey(typedKey);
      if (!key) return { items: [], total: 0, page, page_size: size };
      builder.andWhere('token.key_hash = :hash', { hash: hashToken(key) });
    }
    const [rows, total] = await builder.skip(page * size).take(size).getManyAndCount();
    const now = nowSeconds();
    return { items: rows.map((row) => this.view(row, now)), total, page, page_size: size };
  }

  async get(userId: number, id: number): Promise<TokenView> {
    const token = await this.tokens.findOneBy({ id, user_id: userId });
    if (!token) throw new BusinessError(MSG_TOKEN_NOT_FOUND);
    return this.view(token, nowSeconds());
  }

  /** Creates `count` tokens in one transaction: all of them, or none when a rule is broken. */
  async create(user: UserEntity, dto: CreateTokenDto): Promise<TokenView[]> {
    const now = nowSeconds();
    const fields = this.checked(user, { ...DEFAULT_FIELDS, ...givenFields(dto), name: dto.name }, undefined, now);
    const count = dto.count ?? 1;
    if (!fields.unlimited_quota) this.checkBalance(user, fields.remain_quota * count);
    const status = effectiveStatus({ ...fields, status: TOKEN_STATUS.ENABLED }, now);
    const names = Array.from({ length: count }, (_, index) => (index === 0 ? fields.name : fields.name + randomAlphanumerics(TOKEN_BATCH_SUFFIX_LENGTH)));
    const created = await this.tokens.manager.transaction(async (manager) => {
      const rows: Array<{ token: TokenEntity; key: string }> = [];
      for (const name of names) {
        rows.push(await this.insert(manager, { ...fields, name, user_id: user.id, status, used_quota: 0, created_time: now, accessed_time: 0, console: false }));
      }
      return rows;
    });
    // The relay's list of the user's tokens (the playground's and compare chat's billing) must see the new ones.
    if (created.length > 0) await this.events.changed(created[0].token.id);
    return created.map(({ token, key }) => toTokenView(token, key, token.status));
  }

  /**
   * Saves the fields sent (the others keep their value). A disabled token stays disabled; any other
   * takes the status its new fields give it, so an expired or exhausted token whose expiry or quota
   * was raised is enabled again.
   */
  async update(user: UserEntity, dto: UpdateTokenDto): Promise<TokenView> {
    const now = nowSeconds();
    const view = await this.tokens.manager.transaction(async (manager) => {
      const token = await this.lockOwn(manager, user.id, dto.id);
      const fields = this.checked(user, { ...storedFields(token), ...givenFields(dto) }, token, now);
      const raisesQuota = !fields.unlimited_quota && (token.unlimited_quota || fields.remain_quota > token.remain_quota);
      if (raisesQuota) this.checkBalance(user, fields.remain_quota);
      const saved: TokenEntity = { ...token, ...fields };
      saved.status = effectiveStatus(saved, now);
      await manager.update(TokenEntity, { id: token.id }, { ...fields, status: saved.status });
      return this.view(saved, now);
    });
    await this.events.changed(dto.id);
    return view;
  }

  /** Enables or disables a token; an expired or exhausted one cannot be enabled before it is edited. */
  async updateStatus(userId: number, dto: UpdateTokenStatusDto): Promise<TokenView> {
    const now = nowSeconds();
    const view = await this.tokens.manager.transaction(async (manager) => {
      const token = await this.lockOwn(manager, userId, dto.id);
      if (dto.status === TOKEN_STATUS.ENABLED) {
        const status = effectiveStatus({ ...token, status: TOKEN_STATUS.ENABLED }, now);
        if (status === TOKEN_STATUS.EXPIRED) throw new BusinessError(MSG_ENABLE_EXPIRED);
        if (status === TOKEN_STATUS.EXHAUSTED) throw new BusinessError(MSG_ENABLE_EXHAUSTED);
      }
      await manager.update(TokenEntity, { id: token.id }, { status: dto.status });
      return this.view({ ...token, status: dto.status }, now);
    });
    await this.events.changed(dto.id);
    return view;
  }

  async remove(userId: number, id: number): Promise<void> {
    const result = await this.tokens.delete({ id, user_id: userId });
    if (!result.affected) throw new BusinessError(MSG_TOKEN_NOT_FOUND);
    await this.events.changed(id);
  }

  /**
   * Creates the user's console token (console-token.ts) unless they have one, enabled or not.
   * Concurrent first calls wait for each other on a lock per user, so one token is created (the
   * unique index would refuse a second).
   */
  async ensureConsoleToken(userId: number): Promise<void> {
    const created = await this.tokens.manager.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [CONSOLE_TOKEN_LOCK_CLASS, userId]);
      if (await manager.exists(TokenEntity, { where: { user_id: userId, console: true } })) return undefined;
      const row = { ...DEFAULT_FIELDS, name: CONSOLE_TOKEN_NAME, unlimited_quota: true, user_id: userId, status: TOKEN_STATUS.ENABLED, used_quota: 0, created_time: nowSeconds(), accessed_time: 0, console: true };
      return (await this.insert(manager, row)).token;
    });
    // Every instance's list of the user's tokens (the relay's) must see it.
    if (created) await this.events.changed(created.id);
  }

  /**
   * For the relay (DESIGN.md §5 step 1): the token with this key (`sk-…`, or without the prefix)
   * when it is enabled, not expired and not exhausted; its owner is `user_id`. Whether the owner
   * may still call (not deleted or banned), the model, IP and group checks are the relay's.
   */
  async findUsableByKey(key: string): Promise<TokenEntity | undefined> {
    const normalised = normaliseTokenKey(key);
    if (!normalised) return undefined;
    const token = await this.tokens.findOneBy({ key_hash: hashToken(normalised) });
    if (!token || effectiveStatus(token, nowSeconds()) !== TOKEN_STATUS.ENABLED) return undefined;
    return token;
  }

  /** The rules that need the user or the stored token; a rate limit turned off resets its rate to 0. */
  private checked(user: UserEntity, fields: TokenFields, previous: TokenEntity | undefined, now: number): TokenFields {
    const violation = limitsViolation(fields);
    if (violation) throw new BusinessError(violation);
    const expiryChanged = fields.expired_time !== previous?.expired_time;
    if (expiryChanged && fields.expired_time !== TOKEN_NEVER_EXPIRES && fields.expired_time <= now) throw new BusinessError(MSG_EXPIRY_PAST);
    // A group that stopped being usable does not block editing other fields; the relay refuses it.
    if (fields.group !== '' && fields.group !== previous?.group && !Object.hasOwn(this.users.usableGroups(user), fields.group)) {
      throw new BusinessError(MSG_GROUP_UNUSABLE);
    }
    return { ...fields, rate_per_minute: fields.rate_limit_enabled ? fields.rate_per_minute : 0 };
  }

  private checkBalance(user: UserEntity, needed: number): void {
    if (needed <= user.quota) return;
    const display = { displayInCurrency: this.options.getBoolean('DisplayInCurrencyEnabled'), quotaPerUnit: this.options.getNumber('QuotaPerUnit') };
    throw new BusinessError(
      `令牌额度合计（${renderQuota(needed, display)}）超过账户余额（${renderQuota(user.quota, display)}），请减少额度或数量，或设置为无限额度`,
    );
  }

  private async lockOwn(manager: EntityManager, userId: number, id: number): Promise<TokenEntity> {
    const token = await manager.findOne(TokenEntity, { where: { id, user_id: userId }, lock: { mode: 'pessimistic_write' } });
    if (!token) throw new BusinessError(MSG_TOKEN_NOT_FOUND);
    return token;
  }

  /** Inserts a token under a fresh key; a key whose hash is taken is skipped (ON CONFLICT DO NOTHING). */
  private insert(manager: EntityManager, row: Omit<TokenEntity, 'id' | 'key_hash' | 'key_sealed'>): Promise<{ token: TokenEntity; key: string }> {
    return withFreshKey(async (key) => {
      const token = manager.create(TokenEntity, { ...row, key_hash: hashToken(key), key_sealed: this.secrets.seal(key) });
      const result = await manager.createQueryBuilder().insert().into(TokenEntity).values(token).orIgnore().returning(['id']).updateEntity(false).execute();
      const inserted = result.raw as Array<{ id: number }>;
      return inserted.length > 0 ? { token: { ...token, id: inserted[0].id }, key } : undefined;
    });
  }

  private view(token: TokenEntity, now: number): TokenView {
    return toTokenView(token, this.openKey(token), effectiveStatus(token, now));
  }

  /** A key sealed under another CRYPTO_SECRET cannot be shown; the token list still loads. */
  private openKey(token: TokenEntity): string {
    try {
      return this.secrets.open(token.key_sealed);
    } catch {
      this.logger.error(`Key of token ${token.id} cannot be decrypted with the current CRYPTO_SECRET`);
      return '';
    }
  }
}
