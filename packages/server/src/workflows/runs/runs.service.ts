import {
  WORKFLOW_DEFAULT_SCORERS,
  MSG_WORKFLOW_COMPARE_SAME,
  type WorkflowCompare,
  type WorkflowRerunStarted,
  type WorkflowProjectScorers,
  MSG_WORKFLOW_EMPTY_SAMPLES,
  MSG_WORKFLOW_QUERY_REQUIRED,
  MSG_WORKFLOW_QUOTA_SHORT,
  MSG_WORKFLOW_RUN_NOT_FOUND,
  WORKFLOW_RUN_PAGE_SIZE,
  type WorkflowEstimate,
  type WorkflowRunDetail,
  type WorkflowRunStarted,
  type WorkflowRunStatusView,
  type WorkflowRunSummary,
  type WorkflowRunView,
} from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { BusinessError } from '../../common/business.error';
import { type NumberedPage, requestedNumberedPage } from '../../common/paging';
import { PoolDb } from '../../database/pool-db';
import { PriceService } from '../../relay/billing/price.service';
import type { UserEntity } from '../../users/user.entity';
import { WorkflowGraphService } from '../workflow-graph.service';
import { WorkflowsService } from '../workflows.service';
import type { CompareRunsQuery, RerunDto, RunInputDto } from './dto/run-input.dto';
import { columnKeys, planRun, planWholeRun, type RunPlan } from './run-plan';
import { RunEstimator } from './run-estimate';
import { ProjectScorers } from './project-scorers';
import { RunCompare } from './run-compare';
import { RunRerun } from './run-rerun';
import { RunResults } from './run-results';
import { RUN_COLUMNS, type RunRow, RunStore } from './run-store';
import { toRunStatus, toRunTask, toRunView } from './run-views';
import { WorkflowRunJob } from './workflow-run.job';

/** How many of a project's runs `app-runs` lists. */
const APP_RUNS_LIMIT = 20;
/** A file source that names no field is asked on its first column (fileSample). */
const FIRST_FILE_FIELD = '第一列';

/**
 * Workflow runs as the console sees them (spec 3 §2.6–2.7, §7; issue 16): starting one (a whole-data
 * run is estimated, refused when the quota cannot cover it, and queued), and reading, cancelling,
 * and deleting the user's runs. Another user's run answers like a missing one.
 */
@Injectable()
export class RunsService {
  constructor(
    private readonly store: RunStore,
    private readonly db: PoolDb,
    private readonly workflows: WorkflowsService,
    private readonly graphs: WorkflowGraphService,
    private readonly estimator: RunEstimator,
    private readonly job: WorkflowRunJob,
    private readonly prices: PriceService,
    private readonly results: RunResults,
    private readonly projectScorers: ProjectScorers,
    private readonly reruns: RunRerun,
    private readonly comparer: RunCompare,
  ) {}

  /** The project's graph, checked again (its models may no longer be usable), and its plan. */
  private async planned(user: UserEntity, dto: RunInputDto): Promise<{ title: string; graph: unknown }> {
    const { app, graph } = await this.workflows.runnable(user.id, dto.app_id);
    await this.graphs.check(graph, user.group);
    return { title: app.title, graph };
  }

  async estimate(user: UserEntity, dto: RunInputDto): Promise<WorkflowEstimate> {
    const { graph } = await this.planned(user, dto);
    const planned = planWholeRun(graph, dto.inputs);
    if ('problem' in planned) throw new BusinessError(planned.problem);
    const scorers = await this.projectScorers.checked(user, dto.app_id, dto.scorers);
    return this.estimator.estimate(user, planned.plan, dto.inputs?.limit ?? 0, scorers, dto.repeats ?? 1);
  }

  /**
   * A whole-data run: estimated, refused when a sample would be asked as an empty prompt (the field
   * it asks is missing or empty) or when the user's quota cannot cover it, else created and queued.
   * Scorers named by the call are saved with the project for its next run.
   */
  async startWhole(user: UserEntity, dto: RunInputDto): Promise<WorkflowRunStarted> {
    const { title, graph } = await this.planned(user, dto);
    const planned = planWholeRun(graph, dto.inputs);
    if ('problem' in planned) throw new BusinessError(planned.problem);
    const { plan } = planned;
    const scorers = await this.projectScorers.checked(user, dto.app_id, dto.scorers);
    const repeats = dto.repeats ?? 1;
    const estimate = await this.estimator.estimate(user, plan, dto.inputs?.limit ?? 0, scorers, repeats);
    if (estimate.empty_samples > 0) throw new BusinessError(MSG_WORKFLOW_EMPTY_SAMPLES(estimate.empty_samples, plan.source.field || FIRST_FILE_FIELD));
    if (!estimate.enough) throw new BusinessError(MSG_WORKFLOW_QUOTA_SHORT(this.money(estimate.quota), this.money(estimate.user_quota)));
    const run = await this.store.create({
      userId: user.id,
      appId: dto.app_id,
      appTitle: title,
      mode: 'direct',
      source: estimate.source,
      limit: dto.inputs?.limit ?? 0,
      plan,
      models: columnKeys(plan.columns),
      scorers,
      repeats,
      estimatedQuota: estimate.quota,
    });
    if (dto.scorers !== undefined) await this.projectScorers.save(user.id, dto.app_id, scorers);
    await this.markHasRun(dto.app_id);
    await this.job.enqueue(run.id);
    return { run_id: run.id, task: toRunTask(run), estimate };
  }

  /** A streamed run's record (one sample: the typed query) and its plan, ready to be asked. */
  async startStreamed(user: UserEntity, dto: RunInputDto): Promise<{ run: RunRow; plan: RunPlan; query: string }> {
    const query = (dto.query ?? '').trim();
    if (query === '') throw new BusinessError(MSG_WORKFLOW_QUERY_REQUIRED);
    const { title, graph } = await this.planned(user, dto);
    const planned = planRun(graph, dto.inputs);
    if ('problem' in planned) throw new BusinessError(planned.problem);
    const { plan } = planned;
    const run = await this.store.create({
      userId: user.id,
      appId: dto.app_id,
      appTitle: title,
      mode: 'streaming',
      source: { kind: 'query', id: 0, name: query.slice(0, 255), field: '' },
      limit: 1,
      plan,
      models: columnKeys(plan.columns),
      scorers: WORKFLOW_DEFAULT_SCORERS,
      repeats: 1,
      estimatedQuota: 0,
    });
    await this.store.addSamples(run.id, 0, [{ input: query, reference: '', choice: false }]);
    await this.store.markPrepared(run.id, 1, plan.columns.length);
    await this.markHasRun(dto.app_id);
    return { run, plan, query };
  }

  async list(userId: number, query: { page?: number; page_size?: number; search_key?: string }): Promise<NumberedPage<WorkflowRunView>> {
    const paging = requestedNumberedPage(query, WORKFLOW_RUN_PAGE_SIZE);
    const search = query.search_key ? `%${query.search_key.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const filter = `user_id = $1 AND ($2::text IS NULL OR app_title ILIKE $2 OR source_name ILIKE $2)`;
    const rows = await this.db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM workflow_runs WHERE ${filter} ORDER BY id DESC LIMIT $3 OFFSET $4`, [userId, search, paging.take, paging.skip]);
    const [{ count }] = await this.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM workflow_runs WHERE ${filter}`, [userId, search]);
    return { list: rows.map(toRunView), total: count, page: paging.page, page_size: paging.size };
  }

  async appRuns(userId: number, appId: number): Promise<{ list: WorkflowRunView[] }> {
    const rows = await this.db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM workflow_runs WHERE user_id = $1 AND app_id = $2 ORDER BY id DESC LIMIT $3`, [userId, appId, APP_RUNS_LIMIT]);
    return { list: rows.map(toRunView) };
  }

  async status(userId: number, id: number): Promise<WorkflowRunStatusView> {
    return toRunStatus(await this.owned(userId, id));
  }

  async detail(userId: number, id: number, query: { page?: number; page_size?: number }): Promise<WorkflowRunDetail> {
    return this.results.detail(await this.owned(userId, id), query);
  }

  async summary(userId: number, id: number): Promise<WorkflowRunSummary> {
    return this.results.summary(await this.owned(userId, id));
  }

  async scorers(userId: number, appId: number): Promise<WorkflowProjectScorers> {
    return { scorers: await this.projectScorers.get(userId, appId) };
  }

  /** Saves a project's scorers, checked like a run's. */
  async saveScorers(user: UserEntity, appId: number, given: unknown): Promise<WorkflowProjectScorers> {
    const scorers = await this.projectScorers.checked(user, appId, given);
    await this.projectScorers.save(user.id, appId, scorers);
    return { scorers };
  }

  async rerun(user: UserEntity, id: number, dto: RerunDto): Promise<WorkflowRerunStarted> {
    return this.reruns.rerun(user, await this.owned(user.id, id), dto);
  }

  /** Both runs must be the user's: another user's answers like a missing one. */
  async compare(userId: number, query: CompareRunsQuery): Promise<WorkflowCompare> {
    if (query.base === query.other) throw new BusinessError(MSG_WORKFLOW_COMPARE_SAME);
    return this.comparer.compare(await this.owned(userId, query.base), await this.owned(userId, query.other), query);
  }

  async cancel(userId: number, id: number): Promise<WorkflowRunView> {
    const run = (await this.store.cancel(userId, id)) ?? (await this.owned(userId, id));
    return toRunView(run);
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.store.remove(userId, id))) throw new BusinessError(MSG_WORKFLOW_RUN_NOT_FOUND);
  }

  async owned(userId: number, id: number): Promise<RunRow> {
    const run = await this.store.own(userId, id);
    if (!run) throw new BusinessError(MSG_WORKFLOW_RUN_NOT_FOUND);
    return run;
  }

  private async markHasRun(appId: number): Promise<void> {
    await this.db.query('UPDATE workflow_apps SET has_run = true WHERE id = $1 AND NOT has_run', [appId]);
  }

  /** Quota as money for a refusal message (the console's own display rules are the browser's). */
  private money(quota: number): string {
    const perUnit = this.prices.quotaPerUnit();
    return perUnit > 0 ? `$${(quota / perUnit).toFixed(4)}` : String(quota);
  }
}
