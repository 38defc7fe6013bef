import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { USER_STATUS_ENABLED } from '@gw/shared';
import { IsNull, Repository } from 'typeorm';
import { randomToken } from '../auth/hash-token';
import { BusinessError } from '../common/business.error';
import { hashPassword } from '../users/password';
import { UserEntity } from '../users/user.entity';
import { isUniqueViolation, UsersService } from '../users/users.service';
import type { ProviderAccount } from './code-flow';

export type ProviderKind = 'github' | 'linuxdo' | 'wechat' | 'telegram';

const PROVIDERS: Record<ProviderKind, { column: 'github_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id'; label: string }> = {
  github: { column: 'github_id', label: 'GitHub' },
  linuxdo: { column: 'linux_do_id', label: 'LinuxDO' },
  wechat: { column: 'wechat_id', label: '微信' },
  telegram: { column: 'telegram_id', label: 'Telegram' },
};

/** Tries before giving up on a free generated username (8 random hex digits: a clash is rare). */
const USERNAME_ATTEMPTS = 3;

export const alreadyBound = (kind: ProviderKind) => `该 ${PROVIDERS[kind].label} 账户已被绑定到其他用户`;

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

  /** The user bound to the account, or a new one created with it (`aff`: the invitation code). */
  async signIn(kind: ProviderKind, account: ProviderAccount, aff: string | undefined): Promise<UserEntity> {
    const existing = await this.boundUser(kind, account.id);
    if (existing) {
      if (existing.status !== USER_STATUS_ENABLED) throw new BusinessError('用户已被封禁');
      return existing;
    }
    // No password is known; a random one keeps the password login closed until the user sets one.
    const passwordHash = await hashPassword(randomToken());
    for (let attempt = 1; ; attempt++) {
      try {
        const username = `${kind}_${randomBytes(4).toString('hex')}`;
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
        if (isUniqueViolation(error)) throw new BusinessError(alreadyBound(kind));
        if (error instanceof BusinessError && error.message === '用户名已存在' && attempt < USERNAME_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /** Binds the provider account to `user`; refused when another live user holds it. */
  async bind(kind: ProviderKind, user: UserEntity, accountId: string): Promise<void> {
    const holder = await this.boundUser(kind, accountId);
    if (holder && holder.id !== user.id) throw new BusinessError(alreadyBound(kind));
    try {
      await this.users.update({ id: user.id, deleted_at: IsNull() }, { [PROVIDERS[kind].column]: accountId });
    } catch (error) {
      if (isUniqueViolation(error)) throw new BusinessError(alreadyBound(kind));
      throw error;
    }
  }

  private boundUser(kind: ProviderKind, accountId: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ [PROVIDERS[kind].column]: accountId, deleted_at: IsNull() });
  }
}
