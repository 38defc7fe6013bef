import {
  MSG_PROJECT_NOT_FOUND,
  MSG_WORKFLOW_RUN_CANCELLED,
  MSG_WORKFLOW_RUN_NOT_FOUND,
  MSG_WORKFLOW_RUN_STARTED,
  MSG_WORKFLOW_RERUN_STARTED,
  MSG_WORKFLOW_SCORERS_SAVED,
  type WorkflowCompare,
  type WorkflowProjectScorers,
  type WorkflowRerunStarted,
  WORKFLOW_RUN_DELETE_OK,
  type WorkflowDatasetFields,
  type WorkflowEstimate,
  type WorkflowRunDetail,
  type WorkflowRunStatusView,
  type WorkflowRunSummary,
  type WorkflowRunView,
} from '@gw/shared';
import { Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access } from '../../auth/access.decorator';
import { CurrentUser } from '../../auth/current-user.decorator';
import { BusinessError } from '../../common/business.error';
import { type Reply, WithMessage } from '../../common/envelope.interceptor';
import { IdPipe } from '../../common/int-range';
import type { NumberedPage } from '../../common/paging';
import type { UserEntity } from '../../users/user.entity';
import { CompareRunsQuery, ExportRunQuery, ListRunsQuery, RerunDto, RunInputDto, SaveScorersDto } from './dto/run-input.dto';
import { RunExport } from './run-export';
import { MSG_DATASET_NOT_FOUND, RunSources } from './run-sources';
import { RunStream } from './run-stream';
import { RunsService } from './runs.service';

export const MSG_DIRECT_NEEDS_WHOLE_DATA = '直接运行用于整个数据集，请同时设置 run_whole_data';

const RunId = () => Param('id', new IdPipe(MSG_WORKFLOW_RUN_NOT_FOUND));

/**
 * Workflow runs and the fields their sources offer (docs/console-api.md "Workflow runs"). Registered
 * before WorkflowController, whose `:appId` routes would otherwise read "runs", "estimate" or
 * "chat-messages" as a project id.
 */
@Controller('api/workflow')
@Access('user')
export class RunsController {
  constructor(
    private readonly runs: RunsService,
    private readonly stream: RunStream,
    private readonly exporter: RunExport,
    private readonly sources: RunSources,
  ) {}

  /** A streamed run of one query (text/event-stream), or a whole-data run queued (JSON). */
  @Post('chat-messages')
  async run(@CurrentUser() user: UserEntity, @Body() dto: RunInputDto, @Res() response: Response): Promise<void> {
    if (dto.response_mode === 'direct') {
      if (dto.run_whole_data !== true) throw new BusinessError(MSG_DIRECT_NEEDS_WHOLE_DATA);
      const started = await this.runs.startWhole(user, dto);
      response.status(200).json({ success: true, message: MSG_WORKFLOW_RUN_STARTED, data: started } satisfies Reply<typeof started>);
      return;
    }
    const { run, plan, query } = await this.runs.startStreamed(user, dto);
    await this.stream.serve(run, plan, query, response);
  }

  @Post('estimate')
  estimate(@CurrentUser() user: UserEntity, @Body() dto: RunInputDto): Promise<WorkflowEstimate> {
    return this.runs.estimate(user, dto);
  }

  /** The fields the input node may ask of a dataset, and the one it should (its panel's choices). */
  @Get('dataset-fields/:id')
  datasetFields(@Param('id', new IdPipe(MSG_DATASET_NOT_FOUND)) id: number): Promise<WorkflowDatasetFields> {
    return this.sources.datasetFields(id);
  }

  /** The scorers a project's run dialog starts with (issue 30). */
  @Get('scorers/:appId')
  scorers(@CurrentUser() user: UserEntity, @Param('appId', new IdPipe(MSG_PROJECT_NOT_FOUND)) appId: number): Promise<WorkflowProjectScorers> {
    return this.runs.scorers(user.id, appId);
  }

  @Post('scorers/:appId')
  async saveScorers(@CurrentUser() user: UserEntity, @Param('appId', new IdPipe(MSG_PROJECT_NOT_FOUND)) appId: number, @Body() dto: SaveScorersDto): Promise<WithMessage<WorkflowProjectScorers>> {
    return new WithMessage(MSG_WORKFLOW_SCORERS_SAVED, await this.runs.saveScorers(user, appId, dto.scorers));
  }

  @Get('run_status/:id')
  status(@CurrentUser() user: UserEntity, @RunId() id: number): Promise<WorkflowRunStatusView> {
    return this.runs.status(user.id, id);
  }

  @Get('app-runs/:appId')
  appRuns(@CurrentUser() user: UserEntity, @Param('appId', new IdPipe(MSG_PROJECT_NOT_FOUND)) appId: number): Promise<{ list: WorkflowRunView[] }> {
    return this.runs.appRuns(user.id, appId);
  }

  @Get('runs')
  list(@CurrentUser() user: UserEntity, @Query() query: ListRunsQuery): Promise<NumberedPage<WorkflowRunView>> {
    return this.runs.list(user.id, query);
  }

  /** Declared before `runs/:id`, which would read "compare" as a run id. */
  @Get('runs/compare')
  compare(@CurrentUser() user: UserEntity, @Query() query: CompareRunsQuery): Promise<WorkflowCompare> {
    return this.runs.compare(user.id, query);
  }

  @Get('runs/:id')
  detail(@CurrentUser() user: UserEntity, @RunId() id: number, @Query() query: ListRunsQuery): Promise<WorkflowRunDetail> {
    return this.runs.detail(user.id, id, query);
  }

  @Get('runs-summary/:id')
  summary(@CurrentUser() user: UserEntity, @RunId() id: number): Promise<WorkflowRunSummary> {
    return this.runs.summary(user.id, id);
  }

  @Post('runs/:id/cancel')
  async cancel(@CurrentUser() user: UserEntity, @RunId() id: number): Promise<WithMessage<WorkflowRunView>> {
    return new WithMessage(MSG_WORKFLOW_RUN_CANCELLED, await this.runs.cancel(user.id, id));
  }

  @Post('runs/:id/rerun')
  async rerun(@CurrentUser() user: UserEntity, @RunId() id: number, @Body() dto: RerunDto): Promise<WithMessage<WorkflowRerunStarted>> {
    return new WithMessage(MSG_WORKFLOW_RERUN_STARTED, await this.runs.rerun(user, id, dto));
  }

  /** The console treats exactly the message 'success' as deleted (spec 3 §7). */
  @Post('runs/:id/delete')
  async remove(@CurrentUser() user: UserEntity, @RunId() id: number): Promise<WithMessage<boolean>> {
    await this.runs.remove(user.id, id);
    return new WithMessage(WORKFLOW_RUN_DELETE_OK, true);
  }

  @Get('export/runs/:id')
  async export(@CurrentUser() user: UserEntity, @RunId() id: number, @Query() query: ExportRunQuery, @Res() response: Response): Promise<void> {
    const run = await this.runs.owned(user.id, id);
    await this.exporter.write(run, query.format, response);
  }
}
