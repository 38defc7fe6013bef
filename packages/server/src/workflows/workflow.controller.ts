import { MSG_PROJECT_NOT_FOUND, MSG_WORKFLOW_DRAFT_DELETED, MSG_WORKFLOW_DRAFT_NOT_FOUND, MSG_WORKFLOW_SAVED, type WorkflowView } from '@gw/shared';
import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import type { UserEntity } from '../users/user.entity';
import { SaveWorkflowDto } from './dto/save-workflow.dto';
import { WorkflowsService } from './workflows.service';

const AppId = () => Param('appId', new IdPipe(MSG_PROJECT_NOT_FOUND));

/**
 * A project's workflow graph (docs/console-api.md "Workflows"). Routes with a fixed first segment
 * (draft/…, and the runs to come) are declared before `:appId`.
 */
@Controller('api/workflow')
@Access('user')
export class WorkflowController {
  constructor(private readonly workflows: WorkflowsService) {}

  @Delete('draft/:id')
  async deleteDraft(@CurrentUser() user: UserEntity, @Param('id', new IdPipe(MSG_WORKFLOW_DRAFT_NOT_FOUND)) id: number): Promise<WithMessage<boolean>> {
    await this.workflows.deleteDraft(user.id, id);
    return new WithMessage(MSG_WORKFLOW_DRAFT_DELETED, true);
  }

  @Get(':appId')
  load(@CurrentUser() user: UserEntity, @AppId() appId: number): Promise<WorkflowView> {
    return this.workflows.load(user.id, appId);
  }

  @Post(':appId')
  async save(@CurrentUser() user: UserEntity, @AppId() appId: number, @Body() dto: SaveWorkflowDto): Promise<WithMessage<WorkflowView>> {
    return new WithMessage(MSG_WORKFLOW_SAVED, await this.workflows.save(user, appId, dto));
  }
}
