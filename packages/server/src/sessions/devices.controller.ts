import { Controller, Delete, Get, Param, Post, Req, Res } from '@nestjs/common';
import { MSG_CURRENT_SESSION_ENDED, MSG_OTHER_SESSIONS_ENDED, MSG_SESSION_ENDED, type SessionView } from '@gw/shared';
import type { Response } from 'express';
import { Access } from '../auth/access.decorator';
import { AuthenticatedRequest, CurrentUser } from '../auth/current-user.decorator';
import { SessionCookies } from '../auth/session-cookies';
import { WithMessage } from '../common/envelope.interceptor';
import { UserEntity } from '../users/user.entity';
import { DevicesService } from './devices.service';
import { SessionIdPipe } from './session-id.pipe';

/**
 * The signed-in user's own devices (个人设置 → 登录设备; docs/console-api.md "Signed-in devices").
 * Its module is registered before UsersModule: GET sessions must not reach user management's GET :id.
 */
@Controller('api/user/sessions')
@Access('user')
export class DevicesController {
  constructor(
    private readonly devices: DevicesService,
    private readonly cookies: SessionCookies,
  ) {}

  @Get()
  list(@CurrentUser() user: UserEntity, @Req() request: AuthenticatedRequest): Promise<SessionView[]> {
    return this.devices.list(user.id, request.sessionId);
  }

  @Post('revoke_others')
  async revokeOthers(@CurrentUser() user: UserEntity, @Req() request: AuthenticatedRequest): Promise<WithMessage<{ ended: number }>> {
    return new WithMessage(MSG_OTHER_SESSIONS_ENDED, { ended: await this.devices.endOthers(user.id, request.sessionId) });
  }

  /** Ending the asking browser's own session signs it out: its cookie is cleared too. */
  @Delete(':id')
  async end(
    @CurrentUser() user: UserEntity,
    @Param('id', SessionIdPipe) id: string,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<WithMessage<{ current: boolean }>> {
    const ended = await this.devices.end(user.id, id, request.sessionId);
    if (!ended.current) return new WithMessage(MSG_SESSION_ENDED, ended);
    this.cookies.clear(response, request);
    return new WithMessage(MSG_CURRENT_SESSION_ENDED, ended);
  }
}
