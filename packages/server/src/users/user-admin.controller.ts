import { Body, Controller, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { MSG_OPERATION_DONE, MSG_USER_CREATED, MSG_USER_UPDATED } from '@gw/shared';
import { AuditActor, auditActor, Auditor } from '../audit/audit-actor';
import { Access } from '../auth/access.decorator';
import { AuthenticatedRequest, CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import { CreateUserDto } from './dto/create-user.dto';
import { ListUsersQuery, SearchUsersQuery } from './dto/list-users.query';
import { ManageUserDto } from './dto/manage-user.dto';
import { MSG_USER_NOT_FOUND, UpdateUserDto } from './dto/update-user.dto';
import type { AdminUserPage, AdminUserView, ManagedUserState } from './user-admin.view';
import { UserAdminService } from './user-admin.service';
import { UserEntity } from './user.entity';

/**
 * User management (admin, role ≥ 10; docs/console-api.md "Users"). Registered after
 * UsersController, whose fixed paths (self, token, …) must be matched before `GET :id` here.
 */
@Controller('api/user')
@Access('admin')
export class UserAdminController {
  constructor(private readonly admin: UserAdminService) {}

  @Get()
  list(@Query() query: ListUsersQuery): Promise<AdminUserPage> {
    return this.admin.list(query);
  }

  @Get('search')
  search(@Query() query: SearchUsersQuery): Promise<AdminUserPage> {
    return this.admin.search(query);
  }

  @Post()
  async create(@Auditor() auditor: AuditActor, @Body() dto: CreateUserDto): Promise<WithMessage<null>> {
    await this.admin.create(dto, auditor);
    return new WithMessage(MSG_USER_CREATED);
  }

  @Put()
  async update(@CurrentUser() actor: UserEntity, @Body() dto: UpdateUserDto, @Req() request: AuthenticatedRequest): Promise<WithMessage<AdminUserView>> {
    return new WithMessage(MSG_USER_UPDATED, await this.admin.update(actor, dto, request.sessionId, auditActor(actor, request)));
  }

  @Post('manage')
  async manage(@CurrentUser() actor: UserEntity, @Body() dto: ManageUserDto, @Auditor() auditor: AuditActor): Promise<WithMessage<ManagedUserState>> {
    return new WithMessage(MSG_OPERATION_DONE, await this.admin.manage(actor, dto, auditor));
  }

  /** Declared last: ':id' matches any path. Deregistered users too (the log page's user popup). */
  @Get(':id')
  get(@Param('id', new IdPipe(MSG_USER_NOT_FOUND)) id: number): Promise<AdminUserView> {
    return this.admin.get(id);
  }
}
