import { WORKFLOW_REPORT_FORMATS, type WorkflowReportFormat } from '@gw/shared';
import { IsIn, IsOptional } from 'class-validator';
import { CompareRunsQuery } from './run-input.dto';

/** The files a run's or a comparison's report comes as. */

const MSG_REPORT_FORMAT = `报告格式必须是 ${WORKFLOW_REPORT_FORMATS.join('、')} 之一`;

/** `GET /api/workflow/runs/:id/report?format=`. */
export class RunReportQuery {
  @IsOptional()
  @IsIn(WORKFLOW_REPORT_FORMATS, { message: MSG_REPORT_FORMAT })
  format: WorkflowReportFormat = 'xlsx';
}

/** `GET /api/workflow/runs/compare/report?base=&other=&format=`: the comparison's paging and filter do not apply to the file. */
export class CompareReportQuery extends CompareRunsQuery {
  @IsOptional()
  @IsIn(WORKFLOW_REPORT_FORMATS, { message: MSG_REPORT_FORMAT })
  format: WorkflowReportFormat = 'xlsx';
}
