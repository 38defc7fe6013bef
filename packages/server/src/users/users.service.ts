import { randomInt } from 'node:crypto';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MSG_PASSWORD_MISMATCH, renderQuota, ROLE_COMMON, ROOT_USER_ID, USER_STATUS_ENABLED } from '@gw/shared';
import { EntityManager, IsNull, QueryFailedError, Repository } from 'typeorm';
import { hashToken, randomToken } from '../auth/hash-token';
import { SessionsService } from '../auth/sessions.service';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { EmailClaim, EmailVerificationService, MSG_EMAIL_CODE_REQUIRED } from '../email-auth/email-verification.service';
import { OptionsService } from '../options/options.service';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import { LoginAttempts, MSG_LOGIN_LOCKED } from './login-attempts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password';
import { UserEntity } from './user.entity';
import { UserEvents } from './user-events';
import { toUserView, UserView } from './user.view';

const LOGIN_FAILED = '用户名或密码错误，或用户已被封禁';
const INVITE_CODE_MISSING = '本站采用邀请制，注册需要填写邀请码';
const INVITE_CODE_INVALID = '邀请码无效，请向邀请人确认';
const AFF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** What an account is created with; the rest takes the defaults of insertUser. */
export type NewUserFields = Pick<UserEntity, 'username' | 'password_hash'> &
  Partial<Pick<UserEntity, 'display_name' | 'email' | 'github_id' | 'linux_do_id' | 'wechat_id' | 'telegram_id' | 'oidc_id'>>;

export const isUniqueViolation = (error: unknown) => error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505';

/** Accounts: registration, password login, the own profile, access token and invitation rewards. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly options: OptionsService,
    private readonly sessions: SessionsService,
    private readonly verification: EmailVerificationService,
    private readonly events: UserEvents,
    private readonly loginAttempts: LoginAttempts,
  ) {}

  async register(dto: RegisterDto): Promise<void> {
    if (!this.options.getBoolean('RegisterEnabled')) throw new BusinessError('管理员关闭了新用户注册');
    if (!this.options.getBoolean('PasswordRegisterEnabled')) throw new BusinessError('管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册');
    if (dto.password2 !== undefined && dto.password2 !== dto.password) throw new BusinessError(MSG_PASSWORD_MISMATCH);
    const inviteOnly = this.options.getBoolean('InviteOnlyRegisterEnabled');
    if (inviteOnly && !dto.aff_code) throw new BusinessError(INVITE_CODE_MISSING);
    const verify = this.options.getBoolean('EmailVerificationEnabled');
    if (verify && (!dto.email || !dto.verification_code)) throw new BusinessError(MSG_EMAIL_CODE_REQUIRED);
    const passwordHash = await hashPassword(dto.password);
    // An address is stored only once its code proves it: an unproven one could claim another's mailbox (and its resets).
    if (!verify) {
      await this.createUser({ username: dto.username, password_hash: passwordHash }, dto.aff_code);
      return;
    }
    await this.verification.withVerifiedEmail(dto.email!, dto.verification_code!, (email, claim) =>
      this.createUser({ username: dto.username, password_hash: passwordHash, email }, dto.aff_code, claim),
    );
  }

  /**
   * Creates an account, by password or through a third-party sign-in: the registration switch, the
   * invitation rule (under invitation only, `affCode` must be an active account's code; otherwise an
   * unknown code is ignored), the new-user and invitation quotas and the inviter's reward.
   */
  async createUser(fields: NewUserFields, affCode: string | undefined, claimEmail?: EmailClaim): Promise<UserEntity> {
    if (!this.options.getBoolean('RegisterEnabled')) throw new BusinessError('管理员关闭了新用户注册');
    const inviteOnly = this.options.getBoolean('InviteOnlyRegisterEnabled');
    if (inviteOnly && !affCode) throw new BusinessError(INVITE_CODE_MISSING);
    return this.users.manager.transaction(async (manager) => {
      // A verified address (registration with a code) is claimed first: any later refusal gives the code back.
      await claimEmail?.(manager);
      const inviter = affCode ? await manager.findOneBy(UserEntity, { aff_code: affCode, deleted_at: IsNull() }) : null;
      if (inviteOnly && inviter?.status !== USER_STATUS_ENABLED) throw new BusinessError(INVITE_CODE_INVALID);
      // A deregistered account keeps its name (uq_users_username).
      const taken = await manager.exists(UserEntity, { where: { username: fields.username } });
      if (taken) throw new BusinessError('用户名已存在');
      const quota = this.options.getNumber('QuotaForNewUser') + (inviter ? this.options.getNumber('QuotaForInvitee') : 0);
      const user = await this.insertUser(manager, { display_name: fields.username, ...fields, quota, inviter_id: inviter?.id ?? null });
      if (inviter) {
        const reward = this.options.getNumber('QuotaForInviter');
        await manager
          .createQueryBuilder()
          .update(UserEntity)
          .set({ aff_count: () => 'aff_count + 1', aff_quota: () => 'aff_quota + :reward', aff_history_quota: () => 'aff_history_quota + :reward' })
          .where('id = :id', { id: inviter.id })
          .setParameter('reward', reward)
          .execute();
      }
      return user;
    }).catch((error: unknown) => {
      // A third-party id taken meanwhile (uq_users_<provider>_id_live) is reported by the caller, which knows the provider's name.
      const constraint = ((error as QueryFailedError).driverError as { constraint?: string } | undefined)?.constraint ?? '';
      if (isUniqueViolation(error) && !constraint.endsWith('_id_live')) throw new BusinessError('用户名已存在');
      throw error;
    });
  }

  /** Inserts a user with a fresh invite code (retried on the rare code collision). */
  async insertUser(manager: EntityManager, fields: Partial<UserEntity> & Pick<UserEntity, 'username' | 'password_hash'>): Promise<UserEntity> {
    const row = manager.create(UserEntity, {
      display_name: fields.username,
      role: ROLE_COMMON,
      status: USER_STATUS_ENABLED,
      email: '',
      github_id: '',
      wechat_id: '',
      telegram_id: '',
      linux_do_id: '',
      oidc_id: '',
      quota: 0,
      used_quota: 0,
      request_count: 0,
      group: 'default',
      aff_code: await this.freeAffCode(manager),
      aff_count: 0,
      aff_quota: 0,
      aff_history_quota: 0,
      inviter_id: null,
      created_at: nowSeconds(),
      deleted_at: null,
      ...fields,
    });
    return manager.save(UserEntity, row);
  }

  private async freeAffCode(manager: EntityManager): Promise<string> {
    for (;;) {
      const code = Array.from({ length: 6 }, () => AFF_ALPHABET[randomInt(AFF_ALPHABET.length)]).join('');
      if (!(await manager.exists(UserEntity, { where: { aff_code: code } }))) return code;
    }
  }

  /** Checks a password login; the same message for every failure, so names cannot be probed. */
  async verifyLogin(dto: LoginDto): Promise<UserEntity> {
    if (!this.options.getBoolean('PasswordLoginEnabled')) throw new BusinessError('管理员关闭了密码登录');
    // Counted before the password is checked, so guesses sent at once cannot pass the limit together;
    // past it even the right password waits, or the limit would tell the guesser when they hit.
    if (!(await this.loginAttempts.take(dto.username))) throw new HttpException(MSG_LOGIN_LOCKED, HttpStatus.TOO_MANY_REQUESTS);
    const user = await this.users.findOne({
      where: { username: dto.username, deleted_at: IsNull() },
      select: { id: true, password_hash: true, status: true },
    });
    const valid = await verifyPassword(user?.password_hash ?? DUMMY_HASH, dto.password);
    if (!user || !valid || user.status !== USER_STATUS_ENABLED) throw new BusinessError(LOGIN_FAILED);
    await this.loginAttempts.giveBack(dto.username);
    return this.users.findOneByOrFail({ id: user.id });
  }

  view(user: UserEntity): UserView {
    return toUserView(user);
  }

  async changePassword(user: UserEntity, password: string, keepSessionId?: string): Promise<void> {
    await this.users.update({ id: user.id }, { password_hash: await hashPassword(password) });
    // Other browsers signed in with the old password are signed out.
    await this.sessions.closeAllOf(user.id, keepSessionId);
  }

  async deleteSelf(user: UserEntity): Promise<void> {
    if (user.id === ROOT_USER_ID) throw new BusinessError('不能删除超级管理员账户');
    await this.users.update({ id: user.id }, { deleted_at: nowSeconds(), access_token_hash: null, aff_code: null });
    await this.sessions.closeAllOf(user.id);
    await this.events.changed(user.id);
  }

  /** A new system access token; the previous one stops working. Only its hash is kept. */
  async regenerateAccessToken(user: UserEntity): Promise<string> {
    const token = randomToken(24);
    await this.users.update({ id: user.id }, { access_token_hash: hashToken(token) });
    return token;
  }

  async affCode(user: UserEntity): Promise<string> {
    if (user.aff_code) return user.aff_code;
    const code = await this.freeAffCode(this.users.manager);
    await this.users.update({ id: user.id }, { aff_code: code });
    return code;
  }

  /** Moves invitation rewards into the balance, at least one currency unit, in one atomic statement. */
  async transferAffQuota(user: UserEntity, quota: number): Promise<void> {
    const minimum = this.options.getNumber('QuotaPerUnit');
    if (quota < minimum) {
      const display = { displayInCurrency: this.options.getBoolean('DisplayInCurrencyEnabled'), quotaPerUnit: minimum };
      throw new BusinessError(`划转金额最低为${renderQuota(minimum, display)}`);
    }
    const result = await this.users
      .createQueryBuilder()
      .update(UserEntity)
      .set({ aff_quota: () => 'aff_quota - :quota', quota: () => 'quota + :quota' })
      .where('id = :id AND aff_quota >= :quota', { id: user.id, quota })
      .execute();
    if (!result.affected) throw new BusinessError('邀请额度不足！');
  }

  /** The groups this user may pick for tokens: the usable groups, plus the user's own. */
  usableGroups(user: UserEntity): Record<string, string> {
    const groups = this.options.getJson<Record<string, string>>('UserUsableGroups');
    return groups[user.group] ? groups : { ...groups, [user.group]: '用户分组' };
  }
}
