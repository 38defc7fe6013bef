import { Injectable } from '@nestjs/common';
import { MSG_2FA_PENDING_MISSING, ROLE_ADMIN, type TwoFactorChallenge } from '@gw/shared';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { IsNull, Repository } from 'typeorm';
import { AuditLog } from '../audit/audit-log.service';
import { checkEnabled } from '../auth/authenticator';
import { SessionCookies } from '../auth/session-cookies';
import { BusinessError } from '../common/business.error';
import { UserEntity } from '../users/user.entity';
import { toUserView, type UserView } from '../users/user.view';
import { PendingSignIns } from './pending-sign-ins';
import { TwoFactorService } from './two-factor.service';

/**
 * The end of every sign-in (password, OAuth): a session at once for a user without 2FA; for one
 * with 2FA, no session but a pending sign-in in this browser and `{ require_2fa: true }`, which
 * POST /api/user/login/2fa completes with a code. An administrator's sign-in is audited (`admin.login`).
 */
@Injectable()
export class TwoFactorSignIn {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly pending: PendingSignIns,
    private readonly cookies: SessionCookies,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly audit: AuditLog,
  ) {}

  /** Whether a user may answer the 2FA step with a passkey (set by PasskeysModule, which depends on this one). */
  private hasPasskey: (userId: number) => Promise<boolean> = async () => false;

  offerPasskeys(hasPasskey: (userId: number) => Promise<boolean>): void {
    this.hasPasskey = hasPasskey;
  }

  async begin(user: UserEntity, request: Request, response: Response): Promise<UserView | TwoFactorChallenge> {
    if (await this.twoFactor.isEnabled(user.id)) {
      await this.pending.begin(request, response, user.id);
      // `passkey: true` lets the login page offer POST /api/user/login/2fa/passkey/* besides the code.
      return (await this.hasPasskey(user.id)) ? { require_2fa: true, passkey: true } : { require_2fa: true };
    }
    await this.cookies.startSession(request, response, user.id);
    await this.auditSignIn(user, request, { two_factor: false });
    return toUserView(user);
  }

  /**
   * A discoverable passkey sign-in, verified with user verification: already two factors (the
   * device and its PIN or biometrics), so no code step even with 2FA on.
   */
  async withPasskey(user: UserEntity, request: Request, response: Response): Promise<UserView> {
    checkEnabled(user);
    await this.cookies.startSession(request, response, user.id);
    await this.auditSignIn(user, request, { method: 'passkey' });
    return toUserView(user);
  }

  /** The user whose sign-in waits in this browser for its second factor. */
  async pendingUser(request: Request): Promise<UserEntity> {
    const userId = await this.pending.userOf(request);
    const user = userId === undefined ? null : await this.users.findOneBy({ id: userId, deleted_at: IsNull() });
    if (!user) throw new BusinessError(MSG_2FA_PENDING_MISSING);
    return user;
  }

  /** The second factor given with a passkey of the pending user (verified by PasskeysService): as `complete`. */
  async completeWithPasskey(user: UserEntity, request: Request, response: Response): Promise<UserView> {
    if ((await this.pending.userOf(request)) !== user.id || !(await this.pending.consume(request, response))) throw new BusinessError(MSG_2FA_PENDING_MISSING);
    checkEnabled(user);
    await this.cookies.startSession(request, response, user.id);
    await this.auditSignIn(user, request, { two_factor: true, method: 'passkey' });
    return toUserView(user);
  }

  /** The code step: the same session and reply as the password login. The marker is used once. */
  async complete(code: string, request: Request, response: Response): Promise<UserView> {
    const userId = await this.pending.userOf(request);
    if (userId === undefined) throw new BusinessError(MSG_2FA_PENDING_MISSING);
    const user = await this.users.findOneBy({ id: userId, deleted_at: IsNull() });
    if (!user) throw new BusinessError(MSG_2FA_PENDING_MISSING);
    await this.twoFactor.verifySignIn(user, code, request);
    if (!(await this.pending.consume(request, response))) throw new BusinessError(MSG_2FA_PENDING_MISSING);
    checkEnabled(user);
    await this.cookies.startSession(request, response, user.id);
    await this.auditSignIn(user, request, { two_factor: true });
    return toUserView(user);
  }

  private async auditSignIn(user: UserEntity, request: Request, detail: Record<string, unknown>): Promise<void> {
    if (user.role >= ROLE_ADMIN) await this.audit.recordEvent(user, request, 'admin.login', { type: 'user', id: user.id }, detail);
  }
}
