import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelsModule } from '../channels/channels.module';
import { AppsController } from './apps.controller';
import { ProjectsService } from './projects.service';
import { WorkflowAppEntity } from './workflow-app.entity';
import { WorkflowController } from './workflow.controller';
import { WorkflowEntity } from './workflow.entity';
import { WorkflowGraphService } from './workflow-graph.service';
import { WorkflowsService } from './workflows.service';
import { AnswerAsker } from './runs/answer-asker';
import { RunEngine } from './runs/run-engine';
import { RecentAnswerLength } from './runs/recent-answer-length';
import { RunEstimator } from './runs/run-estimate';
import { RunExport } from './runs/run-export';
import { RunSources } from './runs/run-sources';
import { RunStore } from './runs/run-store';
import { RunStream } from './runs/run-stream';
import { RunsController } from './runs/runs.controller';
import { RunsService } from './runs/runs.service';
import { WorkflowRunJob } from './runs/workflow-run.job';
import { JudgeAsker } from './runs/judge-asker';
import { ProjectScorers } from './runs/project-scorers';
import { RunCompare } from './runs/run-compare';
import { RunRerun } from './runs/run-rerun';
import { RunResults } from './runs/run-results';
import { CompareReport } from './runs/compare-report';
import { RunReport } from './runs/run-report';
import { RunReportsController } from './runs/run-reports.controller';
import { RunShares } from './runs/run-shares';
import { RunSharesController } from './runs/run-shares.controller';
import { SharedRunController } from './runs/shared-run.controller';
import { BillingModule } from '../relay/billing/billing.module';
import { RelayModule } from '../relay/relay.module';

/**
 * Workflow projects, their graphs and their runs (spec 3 §2.5–2.7; issue 16): projects, the draft
 * the editor saves, the graph rules (graph-rules.ts) checked against the models the user's group
 * may use, and runs (runs/) asked through the relay as the user, streamed or as `workflow-run` jobs.
 */
@Module({
  imports: [TypeOrmModule.forFeature([WorkflowAppEntity, WorkflowEntity]), ChannelsModule, RelayModule, BillingModule],
  // RunsController first: its fixed paths (runs, estimate, chat-messages) before WorkflowController's `:appId`.
  // RunReportsController before RunsController: its `runs/compare/report` must not be read as a run id.
  controllers: [AppsController, RunReportsController, RunsController, RunSharesController, SharedRunController, WorkflowController],
  providers: [
    ProjectsService,
    WorkflowsService,
    WorkflowGraphService,
    RunStore,
    RunSources,
    RecentAnswerLength,
    RunEstimator,
    AnswerAsker,
    JudgeAsker,
    ProjectScorers,
    RunResults,
    RunRerun,
    RunCompare,
    RunEngine,
    RunStream,
    RunExport,
    RunReport,
    CompareReport,
    RunShares,
    RunsService,
    WorkflowRunJob,
  ],
  exports: [ProjectsService, WorkflowsService],
})
export class WorkflowsModule {}
