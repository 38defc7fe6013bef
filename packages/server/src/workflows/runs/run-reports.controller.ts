import { MSG_WORKFLOW_COMPARE_SAME, MSG_WORKFLOW_RUN_NOT_FOUND } from '@gw/shared';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access } from '../../auth/access.decorator';
import { CurrentUser } from '../../auth/current-user.decorator';
import { BusinessError } from '../../common/business.error';
import { IdPipe } from '../../common/int-range';
import type { UserEntity } from '../../users/user.entity';
import { CompareReport } from './compare-report';
import { CompareReportQuery, RunReportQuery } from './dto/run-report.dto';
import { sendReport } from './report-file';
import { RunReport } from './run-report';
import { RunsService } from './runs.service';

/**
 * Reports of runs and comparisons as files (issue 30; docs/console-api.md "Workflow runs"): xlsx,
 * JSON or self-contained HTML, which the console downloads with its session and New-Api-User (lib/download). Another user's run answers like
 * a missing one (运行记录不存在), as every run call does.
 */
@Controller('api/workflow')
@Access('user')
export class RunReportsController {
  constructor(
    private readonly runs: RunsService,
    private readonly runReports: RunReport,
    private readonly compareReports: CompareReport,
  ) {}

  /** Declared before `runs/:id/report`, which would read "compare" as a run id. */
  @Get('runs/compare/report')
  async compare(@CurrentUser() user: UserEntity, @Query() query: CompareReportQuery, @Res() response: Response): Promise<void> {
    if (query.base === query.other) throw new BusinessError(MSG_WORKFLOW_COMPARE_SAME);
    const base = await this.runs.owned(user.id, query.base);
    const other = await this.runs.owned(user.id, query.other);
    sendReport(response, await this.compareReports.build(base, other, query.format));
  }

  @Get('runs/:id/report')
  async report(@CurrentUser() user: UserEntity, @Param('id', new IdPipe(MSG_WORKFLOW_RUN_NOT_FOUND)) id: number, @Query() query: RunReportQuery, @Res() response: Response): Promise<void> {
    sendReport(response, await this.runReports.build(await this.runs.owned(user.id, id), query.format));
  }
}
