import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  BACKUP_CODE_PATTERN,
  MSG_2FA_ALREADY_ENABLED,
  MSG_2FA_CODE_WRONG,
  MSG_2FA_LOCKED,
  MSG_2FA_NOT_ENABLED,
  MSG_2FA_NOT_SET_UP,
  MSG_2FA_USER_NOT_ENABLED,
  TOTP_CODE_PATTERN,
  TWO_FACTOR_LOCK_MINUTES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@gw/shared';
import type { Request } from 'express';
import { DataSource, IsNull, Repository } from 'typeorm';
import { AuditLog } from '../audit/audit-log.service';
import { SessionsService } from '../auth/sessions.service';
import { BusinessError } from '../common/business.error';
import { SecretBox } from '../crypto/secret-box';
import { OptionsService } from '../options/options.service';
import { MSG_USER_NOT_FOUND } from '../users/dto/update-user.dto';
import { manageRefusal } from '../users/user-admin-rules';
import { UserEntity } from '../users/user.entity';
import { backupCodeHash, newBackupCodes } from './backup-codes';
import { matchingStep, newTotpSecret, totpUri } from './totp';
import { TwoFactorAttempts } from './two-factor-attempts';
import { TwoFactorClock } from './two-factor-clock';
import { TwoFactorEntity } from './two-factor.entity';

/** Which codes a call takes: the authenticator's only (enable, regenerate) or a backup code too (sign-in, disable). */
type Accepts = 'totp' | 'totp-or-backup';
/** The call a code was given to, as the audit log names it. */
type CodeUse = 'sign_in' | 'disable' | 'backup_codes';
/** Who gave a code, from where (the audit log's actor of a failed code). */
type CodeGiver = Pick<UserEntity, 'id' | 'username' | 'role'>;

const seconds = (ms: number): number => Math.floor(ms / 1000);

/**
 * Two-factor sign-in with TOTP (issue 31; docs/security.md "Two-factor sign-in"). The secret is
 * sealed at rest and shown only by setup; a code is accepted once (the last used step, moved
 * forward atomically); backup codes are stored hashed and spent atomically; wrong codes are
 * counted by TwoFactorAttempts and lock 2FA for 15 minutes of TwoFactorClock.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @InjectRepository(TwoFactorEntity) private readonly rows: Repository<TwoFactorEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly db: DataSource,
    private readonly box: SecretBox,
    private readonly options: OptionsService,
    private readonly sessions: SessionsService,
    private readonly attempts: TwoFactorAttempts,
    private readonly clock: TwoFactorClock,
    private readonly audit: AuditLog,
  ) {}

  async status(userId: number): Promise<TwoFactorStatus> {
    const row = await this.rows.findOneBy({ user_id: userId });
    const enabled = row?.enabled ?? false;
    const remaining = enabled
      ? Number((await this.db.query('SELECT count(*)::int AS n FROM two_factor_backup_codes WHERE user_id = $1 AND used_at IS NULL', [userId]))[0].n)
      : 0;
    return { enabled, locked: enabled && this.isLocked(row!), backup_codes_remaining: remaining };
  }

  async isEnabled(userId: number): Promise<boolean> {
    return this.rows.existsBy({ user_id: userId, enabled: true });
  }

  /** The users among `userIds` who have 2FA on (the user management list). */
  async enabledAmong(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows: Array<{ user_id: number }> = await this.db.query('SELECT user_id FROM two_factor WHERE enabled AND user_id = ANY($1)', [userIds]);
    return new Set(rows.map((row) => Number(row.user_id)));
  }

  /**
   * A new pending secret and backup codes, replacing any earlier pending ones; 2FA stays off until
   * enable confirms a code. Refused while 2FA is on (disable first).
   */
  async setup(user: UserEntity): Promise<TwoFactorSetup> {
    const secret = newTotpSecret();
    const codes = newBackupCodes();
    const now = seconds(this.clock.now());
    await this.db.transaction(async (manager) => {
      // Locks the user's row, if any: a concurrent enable cannot slip between the check and the write.
      const [existing]: Array<{ enabled: boolean }> = await manager.query('SELECT enabled FROM two_factor WHERE user_id = $1 FOR UPDATE', [user.id]);
      if (existing?.enabled) throw new BusinessError(MSG_2FA_ALREADY_ENABLED);
      await manager.query(
        `INSERT INTO two_factor (user_id, secret_sealed, enabled, last_used_step, locked_until, created_at, updated_at)
         VALUES ($1, $2, false, 0, 0, $3, $3)
         ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, last_used_step = 0, updated_at = EXCLUDED.updated_at`,
        [user.id, this.box.seal(secret), now],
      );
      await this.replaceBackupCodes(manager, user.id, codes);
    });
    return { secret, qr_code_data: totpUri(secret, this.options.get('SystemName'), user.username), backup_codes: codes };
  }

  /** Turns 2FA on with a code of the pending secret. */
  async enable(user: UserEntity, code: string): Promise<void> {
    const row = await this.rows.findOne({ where: { user_id: user.id }, select: { user_id: true, enabled: true, secret_sealed: true } });
    if (!row) throw new BusinessError(MSG_2FA_NOT_SET_UP);
    if (row.enabled) throw new BusinessError(MSG_2FA_ALREADY_ENABLED);
    const step = matchingStep(this.box.open(row.secret_sealed), code, this.clock.now());
    const taken =
      step !== undefined &&
      (await this.changed(
        'UPDATE two_factor SET enabled = true, last_used_step = $2, updated_at = $3 WHERE user_id = $1 AND NOT enabled AND secret_sealed = $4 RETURNING user_id',
        [user.id, step, seconds(this.clock.now()), row.secret_sealed],
      ));
    if (!taken) throw new BusinessError(MSG_2FA_CODE_WRONG);
  }

  /** Turns 2FA off with a TOTP or a backup code. */
  async disable(user: UserEntity, code: string, request: Pick<Request, 'ip'>): Promise<void> {
    await this.checkCode(user, code, 'totp-or-backup', request, 'disable');
    await this.remove(user.id);
  }

  /** Ten new backup codes for a TOTP code; the earlier ones stop working. */
  async regenerateBackupCodes(user: UserEntity, code: string, request: Pick<Request, 'ip'>): Promise<string[]> {
    await this.checkCode(user, code, 'totp', request, 'backup_codes');
    const codes = newBackupCodes();
    await this.db.transaction((manager) => this.replaceBackupCodes(manager, user.id, codes));
    return codes;
  }

  /** The code step of a sign-in: throws unless `code` is a valid TOTP or backup code of the user. */
  verifySignIn(user: CodeGiver, code: string, request: Pick<Request, 'ip'>): Promise<void> {
    return this.checkCode(user, code, 'totp-or-backup', request, 'sign_in');
  }

  /**
   * A super administrator turns a user's 2FA off (a lost phone) and signs all of that user's
   * sessions out. Only for users it outranks (user-admin-rules.ts: as for disabling the account).
   * Audited as `2fa.reset`.
   */
  async adminReset(actor: UserEntity, targetId: number, request: Pick<Request, 'ip'>): Promise<void> {
    const target = await this.users.findOneBy({ id: targetId, deleted_at: IsNull() });
    if (!target) throw new BusinessError(MSG_USER_NOT_FOUND);
    const refusal = manageRefusal(actor, target, 'disable');
    if (refusal) throw new BusinessError(refusal);
    if (!(await this.isEnabled(target.id))) throw new BusinessError(MSG_2FA_USER_NOT_ENABLED);
    await this.remove(target.id);
    await this.sessions.closeAllOf(target.id);
    await this.audit.recordEvent(actor, request, '2fa.reset', { type: 'user', id: target.id }, { username: target.username });
  }

  private isLocked(row: Pick<TwoFactorEntity, 'locked_until'>): boolean {
    return row.locked_until > seconds(this.clock.now());
  }

  /**
   * Accepts a code once or throws. The attempt is counted before it is tried (concurrent guesses
   * cannot pass the limit together) and given back when it was right; the wrong code that reaches
   * the limit locks 2FA until `locked_until`. Each wrong code is audited (`2fa.failed`).
   */
  private async checkCode(user: CodeGiver, code: string, accepts: Accepts, request: Pick<Request, 'ip'>, use: CodeUse): Promise<void> {
    const userId = user.id;
    const row = await this.rows.findOne({ where: { user_id: userId }, select: { user_id: true, enabled: true, secret_sealed: true, locked_until: true } });
    if (!row?.enabled) throw new BusinessError(MSG_2FA_NOT_ENABLED);
    if (this.isLocked(row)) throw new BusinessError(MSG_2FA_LOCKED);
    // The key names the current lock: after one ends, counting starts again from zero.
    const key = `${userId}:${row.locked_until}`;
    if (!(await this.attempts.take(key))) {
      await this.lock(userId);
      await this.auditFailure(user, request, use, true);
      throw new BusinessError(MSG_2FA_LOCKED);
    }
    if (await this.accept(row, code, accepts)) {
      await this.attempts.giveBack(key);
      return;
    }
    // Whether that failure was the last one allowed: a further take would be refused.
    if (await this.attempts.take(key)) {
      await this.attempts.giveBack(key);
      await this.auditFailure(user, request, use, false);
      throw new BusinessError(MSG_2FA_CODE_WRONG);
    }
    await this.lock(userId);
    await this.auditFailure(user, request, use, true);
    throw new BusinessError(MSG_2FA_LOCKED);
  }

  /** A wrong code in the audit log: whose, in which call, and whether it locked 2FA (never the code). */
  private auditFailure(user: CodeGiver, request: Pick<Request, 'ip'>, use: CodeUse, locked: boolean): Promise<void> {
    return this.audit.recordEvent(user, request, '2fa.failed', { type: 'user', id: user.id }, { during: use, locked });
  }

  private async accept(row: TwoFactorEntity, code: string, accepts: Accepts): Promise<boolean> {
    if (TOTP_CODE_PATTERN.test(code)) {
      const step = matchingStep(this.box.open(row.secret_sealed), code, this.clock.now());
      // Moved forward only: a code of this step or an earlier one (a replay) changes no row.
      return (
        step !== undefined &&
        this.changed('UPDATE two_factor SET last_used_step = $2 WHERE user_id = $1 AND enabled AND last_used_step < $2 RETURNING user_id', [row.user_id, step])
      );
    }
    if (accepts === 'totp-or-backup' && BACKUP_CODE_PATTERN.test(code)) {
      return this.changed('UPDATE two_factor_backup_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id', [
        row.user_id,
        backupCodeHash(code),
        seconds(this.clock.now()),
      ]);
    }
    return false;
  }

  private async lock(userId: number): Promise<void> {
    const until = seconds(this.clock.now()) + TWO_FACTOR_LOCK_MINUTES * 60;
    await this.db.query('UPDATE two_factor SET locked_until = $2 WHERE user_id = $1 AND locked_until < $2', [userId, until]);
  }

  private async remove(userId: number): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query('DELETE FROM two_factor_backup_codes WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM two_factor WHERE user_id = $1', [userId]);
    });
  }

  private async replaceBackupCodes(manager: DataSource['manager'], userId: number, codes: string[]): Promise<void> {
    await manager.query('DELETE FROM two_factor_backup_codes WHERE user_id = $1', [userId]);
    await manager.query('INSERT INTO two_factor_backup_codes (user_id, code_hash) SELECT $1, unnest($2::varchar[])', [userId, codes.map(backupCodeHash)]);
  }

  /** Whether an `UPDATE … RETURNING` changed a row (as a CTE + SELECT: plain rows on every driver). */
  private async changed(update: string, parameters: unknown[]): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`WITH changed AS (${update}) SELECT 1 FROM changed`, parameters);
    return rows.length > 0;
  }
}
