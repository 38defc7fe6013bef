import { ForbiddenException, Injectable } from '@nestjs/common';
import { AccessRule, MSG_ADMIN_2FA_REQUIRED, ROLE_ADMIN } from '@gw/shared';
import { OptionsService } from '../options/options.service';
import type { UserEntity } from '../users/user.entity';
import { TwoFactorService } from './two-factor.service';

/** The rules of administrators' routes. */
const ADMIN_RULES: ReadonlySet<AccessRule> = new Set(['admin', 'root', 'root-user']);

/**
 * TwoFactorRequiredForAdmins, checked by the AuthGuard on every route: while it is on, an
 * administrator without 2FA is refused on every administrators' route, and keeps their own
 * account's routes (those of rule 'user', the 2FA calls among them) to turn it on.
 */
@Injectable()
export class AdminTwoFactorGate {
  constructor(
    private readonly options: OptionsService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async check(rule: AccessRule, user: Pick<UserEntity, 'id' | 'role'>): Promise<void> {
    if (!ADMIN_RULES.has(rule) || user.role < ROLE_ADMIN || !this.options.getBoolean('TwoFactorRequiredForAdmins')) return;
    if (!(await this.twoFactor.isEnabled(user.id))) throw new ForbiddenException(MSG_ADMIN_2FA_REQUIRED);
  }
}
