import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MSG_PASSWORD_MISMATCH, renderQuota, ROLE_COMMON, ROOT_USER_ID, USER_STATUS_ENABLED } from '@gw/shared';
import { isEmail } from 'class-validator';
import { EntityManager, IsNull, QueryFailedError, Repository } from 'typeorm';
import { hashToken, randomToken } from '../auth/hash-token';
import { SessionsService } from '../auth/sessions.service';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password';
import { UserEntity } from './user.entity';
import { toUserView, UserView } from './user.view';

const LOGIN_FAILED = '用户名或密码错误，或用户已被封禁';
const INVITE_CODE_MISSING = '本站采用邀请制，注册需要填写邀请码';
const INVITE_CODE_INVALID = '邀请码无效，请向邀请人确认';
const AFF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

const isUniqueViolation = (error: unknown) => error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505';

/** Accounts: registration, password login, the own profile, access token and invitation rewards. */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly options: OptionsService,
    private readonly sessions: SessionsService,
  ) {}

  async register(dto: RegisterDto): Promise<void> {
    if (!this.options.getBoolean('RegisterEnabled')) throw new BusinessError('管理员关闭了新用户注册');
    if (!this.options.getBoolean('PasswordRegisterEnabled')) throw new BusinessError('管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册');
    if (dto.password2 !== undefined && dto.password2 !== dto.password) throw new BusinessError(MSG_PASSWORD_MISMATCH);
    const inviteOnly = this.options.getBoolean('InviteOnlyRegisterEnabled');
    if (inviteOnly && !dto.aff_code) throw new BusinessError(INVITE_CODE_MISSING);
    const email = dto.email ?? '';
    if (this.options.getBoolean('EmailVerificationEnabled')) {
      if (!email || !dto.verification_code) throw new BusinessError('管理员开启了邮箱验证，请输入邮箱地址和验证码');
      if (!isEmail(email)) throw new BusinessError('邮箱地址格式不正确');
      // Codes are sent and stored by the e-mail feature; none can be valid before it exists.
      throw new BusinessError('验证码错误或已过期');
    }

    const passwordHash = await hashPassword(dto.password);
    await this.users.manager.transaction(async (manager) => {
      const inviter = dto.aff_code ? await manager.findOneBy(UserEntity, { aff_code: dto.aff_code, deleted_at: IsNull() }) : null;
      // Open registration ignores an unknown code; under invitation only a code of an active account admits.
      if (inviteOnly && inviter?.status !== USER_STATUS_ENABLED) throw new BusinessError(INVITE_CODE_INVALID);
      const taken = await manager.exists(UserEntity, { where: { username: dto.username, deleted_at: IsNull() } });
      if (taken) throw new BusinessError('用户名已存在');
      const quota = this.options.getNumber('QuotaForNewUser') + (inviter ? this.options.getNumber('QuotaForInvitee') : 0);
      await this.insertUser(manager, {
        username: dto.username,
        password_hash: passwordHash,
        display_name: dto.username,
        email,
        quota,
        inviter_id: inviter?.id ?? null,
      });
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
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new BusinessError('用户名已存在');
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
    const user = await this.users.findOne({
      where: { username: dto.username, deleted_at: IsNull() },
      select: { id: true, password_hash: true, status: true },
    });
    const valid = await verifyPassword(user?.password_hash ?? DUMMY_HASH, dto.password);
    if (!user || !valid || user.status !== USER_STATUS_ENABLED) throw new BusinessError(LOGIN_FAILED);
    return this.users.findOneByOrFail({ id: user.id });
  }

  view(user: UserEntity): UserView {
    return toUserView(user);
  }

  async viewById(id: number): Promise<UserView> {
    const user = await this.users.findOneBy({ id, deleted_at: IsNull() });
    if (!user) throw new BusinessError('用户不存在');
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
