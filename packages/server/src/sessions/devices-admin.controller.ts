import { Controller, Delete, Get, Param, Req, Res } from '@nestjs/common';
import { MSG_CURRENT_SESSION_ENDED, MSG_SESSION_ENDED, MSG_USER_SESSIONS_ENDED, type SessionView } from '@gw/shared';
import type { Response } from 'express';
import { AuditLog } from '../audit/audit-log.service';
import { Access } from '../auth/access.decorator';
import { AuthenticatedRequest, CurrentUser } from '../auth/current-user.decorator';
import { SessionCookies } from '../auth/session-cookies';
import { IdPipe } from '../common/int-range';
import { WithMessage } from '../common/envelope.interceptor';
import { MSG_USER_NOT_FOUND } from '../users/dto/update-user.dto';
import { UserEntity } from '../users/user.entity';
import { DevicesService } from './devices.service';
import { SessionIdPipe } from './session-id.pipe';

/**
 * A user's devices as an administrator sees them (用户管理 → 登录设备): only users it outranks
 * (users/user-admin-rules.ts). Paths of three segments, so user management's GET :id never
 * catches them.
 */
@Controller('api/user/:userId/sessions')
@Access('admin')
export class DevicesAdminController {
  constructor(
    private readonly devices: DevicesService,
    private readonly cookies: SessionCookies,
    private readonly audit: AuditLog,
  ) {}

  @Get()
  list(
    @CurrentUser() actor: UserEntity,
    @Param('userId', new IdPipe(MSG_USER_NOT_FOUND)) userId: number,
    @Req() request: AuthenticatedRequest,
  ): Promise<SessionView[]> {
    return this.devices.listOf(actor, userId, request.sessionId);
  }

  @Delete()
  async endAll(
    @CurrentUser() actor: UserEntity,
    @Param('userId', new IdPipe(MSG_USER_NOT_FOUND)) userId: number,
    @Req() request: AuthenticatedRequest,
  ): Promise<WithMessage<{ ended: number }>> {
    const ended = await this.devices.endAllOf(actor, userId);
    await this.audit.recordEvent(actor, request, 'user.sessions', { type: 'user', id: userId }, { ended });
    return new WithMessage(MSG_USER_SESSIONS_ENDED, { ended });
  }

  @Delete(':id')
  async end(
    @CurrentUser() actor: UserEntity,
    @Param('userId', new IdPipe(MSG_USER_NOT_FOUND)) userId: number,
    @Param('id', SessionIdPipe) id: string,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<WithMessage<{ current: boolean }>> {
    const ended = await this.devices.endOf(actor, userId, id, request.sessionId);
    await this.audit.recordEvent(actor, request, 'user.sessions', { type: 'user', id: userId }, { session: id });
    if (!ended.current) return new WithMessage(MSG_SESSION_ENDED, ended);
    this.cookies.clear(response, request);
    return new WithMessage(MSG_CURRENT_SESSION_ENDED, ended);
  }
}
