import { MSG_SHARE_CREATED, MSG_SHARE_REVOKED, MSG_WORKFLOW_RUN_NOT_FOUND, type RunShareCreated, type RunShareState } from '@gw/shared';
import { Controller, Get, Param, Post } from '@nestjs/common';
import { Access } from '../../auth/access.decorator';
import { CurrentUser } from '../../auth/current-user.decorator';
import { WithMessage } from '../../common/envelope.interceptor';
import { IdPipe } from '../../common/int-range';
import type { UserEntity } from '../../users/user.entity';
import { RunShares } from './run-shares';
import { RunsService } from './runs.service';

const RunId = () => Param('id', new IdPipe(MSG_WORKFLOW_RUN_NOT_FOUND));

/**
 * The owner's side of a run's share link (issue 30): create (or replace) it, see whether one is
 * live, revoke it. The token is in the create answer only. Another user's run answers like a
 * missing one.
 */
@Controller('api/workflow')
@Access('user')
export class RunSharesController {
  constructor(
    private readonly runs: RunsService,
    private readonly shares: RunShares,
  ) {}

  @Post('runs/:id/share')
  async create(@CurrentUser() user: UserEntity, @RunId() id: number): Promise<WithMessage<RunShareCreated>> {
    return new WithMessage(MSG_SHARE_CREATED, await this.shares.create(await this.runs.owned(user.id, id)));
  }

  @Get('runs/:id/share')
  async state(@CurrentUser() user: UserEntity, @RunId() id: number): Promise<RunShareState> {
    return this.shares.state(await this.runs.owned(user.id, id));
  }

  @Post('runs/:id/share/revoke')
  async revoke(@CurrentUser() user: UserEntity, @RunId() id: number): Promise<WithMessage<RunShareState>> {
    return new WithMessage(MSG_SHARE_REVOKED, await this.shares.revoke(await this.runs.owned(user.id, id)));
  }
}
