import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { USER_STATUS_DISABLED, USER_STATUS_ENABLED } from '@gw/shared';
import { IsNull, Repository } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor';
import { AuditLog } from '../audit/audit-log.service';
import { SessionsService } from '../auth/sessions.service';
import { BusinessError } from '../common/business.error';
import { containsPattern } from '../common/contains-pattern';
import { INT4_MAX } from '../common/int-range';
import { listPage, requestedPage } from '../common/paging';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { UserQuotaService } from '../relay/billing/user-quota.service';
import type { CreateUserDto } from './dto/create-user.dto';
import type { ListUsersQuery, SearchUsersQuery } from './dto/list-users.query';
import type { ManageAction, ManageUserDto } from './dto/manage-user.dto';
import { MSG_USER_NOT_FOUND, type UpdateUserDto } from './dto/update-user.dto';
import { hashPassword } from './password';
import { AdminUserPage, AdminUserView, ManagedUserState, toAdminUserView } from './user-admin.view';
import { demotedRole, manageRefusal, promotedRole, type UserAdminAction } from './user-admin-rules';
import { UserEntity } from './user.entity';
import { UserEvents } from './user-events';
import { isUniqueViolation, UsersService } from './users.service';

const MSG_USERNAME_TAKEN = '用户名已存在';
const MSG_USER_DELETED = '该用户已注销';
const MSG_CHANGED_MEANWHILE = '用户信息已被其他操作修改，请刷新后重试';

/**
 * User management for administrators (spec 2 "User management page"): lists, search, creation,
 * edits and the manage actions. Who may do what to whom is decided by user-admin-rules.ts; a
 * balance changes only through UserQuotaService.
 */
@Injectable()
export class UserAdminService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly accounts: UsersService,
    private readonly options: OptionsService,
    private readonly sessions: SessionsService,
    private readonly events: UserEvents,
    private readonly quota: UserQuotaService,
    private readonly twoFactor: TwoFactorService,
    private readonly audit: AuditLog,
  ) {}

  /** One page of all users, deregistered ones included (they show as such), newest first. */
  async list(query: ListUsersQuery): Promise<AdminUserPage> {
    const wanted = requestedPage(query);
    return this.withTwoFactor(await this.users.findAndCount({ order: { id: 'DESC' }, skip: wanted.skip, take: wanted.take }), wanted);
  }

  /** One page of the users whose id is the keyword or whose username, display name or e-mail contains it, in `group` when given. */
  async search(query: SearchUsersQuery): Promise<AdminUserPage> {
    const builder = this.users.createQueryBuilder('user').orderBy('user.id', 'DESC');
    const keyword = query.keyword?.trim();
    if (keyword) {
      const id = /^\d{1,10}$/.test(keyword) && Number(keyword) <= INT4_MAX ? Number(keyword) : 0;
      builder.andWhere('(user.id = :id OR user.username ILIKE :pattern OR user.display_name ILIKE :pattern OR user.email ILIKE :pattern)', {
        id,
        pattern: containsPattern(keyword),
      });
    }
    const group = query.group?.trim();
    if (group) builder.andWhere('user.group = :group', { group });
    const wanted = requestedPage(query);
    return this.withTwoFactor(await builder.skip(wanted.skip).take(wanted.take).getManyAndCount(), wanted);
  }

  /** A page of users with whether each has two-factor sign-in on. */
  private async withTwoFactor(found: [UserEntity[], number], wanted: { page: number; size: number }): Promise<AdminUserPage> {
    const enabled = await this.twoFactor.enabledAmong(found[0].map((user) => user.id));
    return listPage(found, wanted, (user) => toAdminUserView(user, enabled.has(user.id)));
  }

  async get(id: number): Promise<AdminUserView> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new BusinessError(MSG_USER_NOT_FOUND);
    return toAdminUserView(user, await this.twoFactor.isEnabled(user.id));
  }

  /** An ordinary user with the new-user quota, like a registered one. The name may not be any account's, deregistered ones included. */
  async create(dto: CreateUserDto, auditor?: AuditActor): Promise<void> {
    if (await this.users.existsBy({ username: dto.username })) throw new BusinessError(MSG_USERNAME_TAKEN);
    const passwordHash = await hashPassword(dto.password);
    const created = await this.accounts
      .insertUser(this.users.manager, {
        username: dto.username,
        password_hash: passwordHash,
        display_name: dto.display_name || dto.username,
        quota: this.options.getNumber('QuotaForNewUser'),
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new BusinessError(MSG_USERNAME_TAKEN);
        throw error;
      });
    if (auditor) {
      const { username, display_name, role, status, quota, group } = created;
      await this.audit.record(auditor, 'user.create', { type: 'user', id: created.id }, {}, { username, display_name, role, status, quota, group }, { secretsChanged: ['password'] });
    }
  }

  /**
   * Edits a user. Every part is checked before anything is written; the balance is set first (it
   * is the part that may still be refused, when requests in flight hold more than the new balance).
   */
  async update(actor: UserEntity, dto: UpdateUserDto, actorSessionId?: string, auditor?: AuditActor): Promise<AdminUserView> {
    const target = await this.live(dto.id);
    this.authorize(actor, target, 'edit');
    const groupChanged = dto.group !== undefined && dto.group !== target.group;
    const quotaChanged = dto.quota !== undefined && dto.quota !== target.quota;
    if (groupChanged) {
      this.authorize(actor, target, 'group');
      if (!Object.hasOwn(this.options.getJson<Record<string, number>>('GroupRatio'), dto.group!)) throw new BusinessError(`分组 ${dto.group} 不存在，请先在分组倍率中添加`);
    }
    if (quotaChanged) this.authorize(actor, target, 'quota');
    if (dto.username !== undefined && dto.username !== target.username && (await this.users.existsBy({ username: dto.username }))) {
      throw new BusinessError(MSG_USERNAME_TAKEN);
    }

    if (quotaChanged) {
      await this.quota.setQuota(target.id, dto.quota!, { adminId: actor.id, adminName: actor.username });
      if (auditor) await this.audit.record(auditor, 'user.quota', { type: 'user', id: target.id }, { quota: target.quota }, { quota: dto.quota });
    }
    const fields: Partial<UserEntity> = {};
    if (dto.username !== undefined) fields.username = dto.username;
    if (dto.display_name !== undefined) fields.display_name = dto.display_name || (dto.username ?? target.username);
    if (groupChanged) fields.group = dto.group!;
    if (dto.remark !== undefined) fields.remark = dto.remark;
    if (dto.password) fields.password_hash = await hashPassword(dto.password);
    if (Object.keys(fields).length > 0) {
      await this.write(target, fields);
      if (auditor) await this.recordFields(auditor, 'user.update', target, fields);
    }

    // A new password signs the user out everywhere (an administrator's own session stays).
    if (dto.password) await this.sessions.closeAllOf(target.id, actor.id === target.id ? actorSessionId : undefined);
    if (groupChanged) await this.events.changed(target.id);
    return toAdminUserView(await this.users.findOneByOrFail({ id: target.id }));
  }

  /** Promote, demote, disable, enable or deregister; a disabled or deregistered user's sessions and tokens stop at once. */
  async manage(actor: UserEntity, dto: ManageUserDto, auditor?: AuditActor): Promise<ManagedUserState> {
    const target = await this.live(dto.id);
    this.authorize(actor, target, dto.action);
    const fields = this.changeOf(dto.action, target);
    await this.write(target, fields);
    if (auditor) await this.recordFields(auditor, 'user.manage', target, fields);
    if (dto.action === 'disable' || dto.action === 'delete') await this.sessions.closeAllOf(target.id);
    await this.events.changed(target.id);
    const after = { ...target, ...fields };
    return { role: after.role, status: after.status, DeletedAt: after.deleted_at };
  }

  /**
   * A written change in the audit log: each field before and after (a new password as changed,
   * never its hash). Written after the change: the user table's writes here are not one transaction.
   */
  private async recordFields(auditor: AuditActor, action: 'user.update' | 'user.manage', target: UserEntity, fields: Partial<UserEntity>): Promise<void> {
    const { password_hash: newHash, access_token_hash: _token, ...changed } = fields;
    const before = Object.fromEntries(Object.keys(changed).map((field) => [field, target[field as keyof UserEntity]]));
    await this.audit.record(auditor, action, { type: 'user', id: target.id }, before, changed, { secretsChanged: newHash ? ['password'] : [] });
  }

  private changeOf(action: ManageAction, target: UserEntity): Partial<UserEntity> {
    switch (action) {
      case 'promote':
        return { role: promotedRole(target.role)! };
      case 'demote':
        return { role: demotedRole(target.role)! };
      case 'disable':
        return { status: USER_STATUS_DISABLED };
      case 'enable':
        return { status: USER_STATUS_ENABLED };
      case 'delete':
        // Irreversible: the row stays (logs and payments name it) and so does the username.
        return { deleted_at: nowSeconds(), access_token_hash: null, aff_code: null };
    }
  }

  /** A user who has not been deregistered. */
  private async live(id: number): Promise<UserEntity> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new BusinessError(MSG_USER_NOT_FOUND);
    if (user.deleted_at !== null) throw new BusinessError(MSG_USER_DELETED);
    return user;
  }

  private authorize(actor: UserEntity, target: UserEntity, action: UserAdminAction): void {
    const refusal = manageRefusal(actor, target, action);
    if (refusal) throw new BusinessError(refusal);
  }

  /** Writes only while the user still has the role the decision was made on, and is not deregistered. */
  private async write(target: UserEntity, fields: Partial<UserEntity>): Promise<void> {
    const result = await this.users.update({ id: target.id, role: target.role, deleted_at: IsNull() }, fields).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new BusinessError(MSG_USERNAME_TAKEN);
      throw error;
    });
    if (!result.affected) throw new BusinessError(MSG_CHANGED_MEANWHILE);
  }
}
