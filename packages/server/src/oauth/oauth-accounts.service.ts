import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MSG_OIDC_NOT_BOUND, MSG_UNBIND_LAST_METHOD, USER_STATUS_ENABLED } from '@gw/shared';
import { IsNull, Repository } from 'typeorm';
import { randomToken } from '../auth/hash-token';
import { BusinessError } from '../common/business.error';
import { hashPassword } from '../users/password';
import { UserEntity } from '../users/user.entity';
import { isUniqueViolation, UsersService } from '../users/users.service';
import type { ProviderAccount } from './code-flow';

export type ProviderKind = 'github' | 'linuxdo' | 'wechat' | 'telegram' | 'oidc';

type BindingColumn = 'github_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id' | 'oidc_id';

const PROVIDERS: Record<ProviderKind, { column: BindingColumn; label: string }> = {
  github: { column: 'github_id', label: 'GitHub' },
  linuxdo: { column: 'linux_do_id', label: 'LinuxDO' },
  wechat: { column: 'wechat_id', label: '微信' },
  telegram: { column: 'telegram_id', label: 'Telegram' },
  // The administrator names it (OidcDisplayName): callers pass that name.
  oidc: { column: 'oidc_id', label: 'OIDC' },
};

/** Every third-party binding column: an account keeps a way in while one of them, or its e-mail, is set. */
const BINDING_COLUMNS: readonly BindingColumn[] = Object.values(PROVIDERS).map((provider) => provider.column);

/** Tries before giving up on a free generated username (8 random hex digits: a clash is rare). */
const USERNAME_ATTEMPTS = 3;

export const alreadyBound = (kind: ProviderKind, label = PROVIDERS[kind].label) => `该 ${label} 账户已被绑定到其他用户`;

/**
 * Accounts behind third-party sign-in: find the user bound to a provider account, create one (through
 * UsersService.createUser: the registration switch and the invitation rule), or bind a provider
 * account to the signed-in user. One provider account belongs to at most one live user (unique
 * indexes of the oauth-bindings migration); a second binding is refused, never moved.
 */
@Injectable()
export class OAuthAccountsService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly usersService: UsersService,
  ) {}

  /**
   * The user bound to the account, or a new one created with it (`aff`: the invitation code). The
   * new username is the provider's (`account.username`) when it is free, else `<kind>_<random>`.
   */
  async signIn(kind: ProviderKind, account: ProviderAccount, aff: string | undefined, label = PROVIDERS[kind].label): Promise<UserEntity> {
    const existing = await this.boundUser(kind, account.id);
    if (existing) {
      if (existing.status !== USER_STATUS_ENABLED) throw new BusinessError('用户已被封禁');
      return existing;
    }
    // No password is known; a random one keeps the password login closed until the user sets one.
    const passwordHash = await hashPassword(randomToken());
    let wanted = account.username && !(await this.users.existsBy({ username: account.username })) ? account.username : undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        const username = wanted ?? `${kind}_${randomBytes(4).toString('hex')}`;
        return await this.usersService.createUser(
          {
            username,
            password_hash: passwordHash,
            display_name: account.displayName.slice(0, 64) || username,
            [PROVIDERS[kind].column]: account.id,
          },
          aff || undefined,
        );
      } catch (error) {
        // The same provider account signing up twice at once: the unique index lets one win.
        if (isUniqueViolation(error)) throw new BusinessError(alreadyBound(kind, label));
        if (error instanceof BusinessError && error.message === '用户名已存在' && wanted) {
          // The provider's name was taken meanwhile: a generated one, as for providers without names.
          wanted = undefined;
          continue;
        }
        if (error instanceof BusinessError && error.message === '用户名已存在' && attempt < USERNAME_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /** Binds the provider account to `user`; refused when another live user holds it. */
  async bind(kind: ProviderKind, user: UserEntity, accountId: string, label = PROVIDERS[kind].label): Promise<void> {
    const holder = await this.boundUser(kind, accountId);
    if (holder && holder.id !== user.id) throw new BusinessError(alreadyBound(kind, label));
    try {
      await this.users.update({ id: user.id, deleted_at: IsNull() }, { [PROVIDERS[kind].column]: accountId });
    } catch (error) {
      if (isUniqueViolation(error)) throw new BusinessError(alreadyBound(kind, label));
      throw error;
    }
  }

  /**
   * Clears the user's binding to the provider; refused when the account would be left with no
   * e-mail and no other third-party binding (its password may be an unknown random one: locked out).
   */
  async unbind(kind: ProviderKind, userId: number, label = PROVIDERS[kind].label): Promise<void> {
    const column = PROVIDERS[kind].column;
    const user = await this.users.findOneBy({ id: userId, deleted_at: IsNull() });
    if (!user || !user[column]) throw new BusinessError(MSG_OIDC_NOT_BOUND(label));
    const otherWayIn = !!user.email || BINDING_COLUMNS.some((other) => other !== column && !!user[other]);
    if (!otherWayIn) throw new BusinessError(MSG_UNBIND_LAST_METHOD);
    // The rule again in the update itself: two unbindings at once cannot both leave the other's.
    const others = BINDING_COLUMNS.filter((other) => other !== column).map((other) => `"${other}" <> ''`);
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({ [column]: '' })
      .where('id = :id AND deleted_at IS NULL', { id: user.id })
      .andWhere(`(email <> '' OR ${others.join(' OR ')})`)
      .execute();
    if (result.affected === 0) throw new BusinessError(MSG_UNBIND_LAST_METHOD);
  }

  private boundUser(kind: ProviderKind, accountId: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ [PROVIDERS[kind].column]: accountId, deleted_at: IsNull() });
  }
}
