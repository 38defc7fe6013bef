import {
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
import type { RunInputDto } from './dto/run-input.dto';
import { columnKeys, planRun, planWholeRun, type RunPlan } from './run-plan';
import { RunEstimator } from './run-estimate';
import { RUN_COLUMNS, type RunRow, RunStore } from './run-store';
import { type AnswerRow, type SummaryRow, toAnswerView, toRunStatus, toRunTask, toRunView, toSummaryRow } from './run-views';
import { messagesFor } from './sample-prompt';
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
    return this.estimator.estimate(user, planned.plan, dto.inputs?.limit ?? 0);
  }

  /**
   * A whole-data run: estimated, refused when a sample would be asked as an empty prompt (the field
   * it asks is missing or empty) or when the user's quota cannot cover it, else created and queued.
   */
  async startWhole(user: UserEntity, dto: RunInputDto): Promise<WorkflowRunStarted> {
    const { title, graph } = await this.planned(user, dto);
    const planned = planWholeRun(graph, dto.inputs);
    if ('problem' in planned) throw new BusinessError(planned.problem);
    const { plan } = planned;
    const estimate = await this.estimator.estimate(user, plan, dto.inputs?.limit ?? 0);
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
      estimatedQuota: estimate.quota,
    });
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

  /** One page of the run's samples, each with its answers keyed by model. */
  async detail(userId: number, id: number, query: { page?: number; page_size?: number }): Promise<WorkflowRunDetail> {
    const run = await this.owned(userId, id);
    const paging = requestedNumberedPage(query, WORKFLOW_RUN_PAGE_SIZE);
    const samples = await this.db.query<{ idx: number; input: string; reference: string }>(
      'SELECT idx, input, reference FROM workflow_run_samples WHERE run_id = $1 AND idx >= $2 AND idx < $3 ORDER BY idx',
      [id, paging.skip, paging.skip + paging.take],
    );
    const answers = await this.db.query<AnswerRow>(
      `SELECT idx, col, status, answer, score, score_kind, quota::float8 AS quota, prompt_tokens, completion_tokens, use_time_ms, first_token_ms, error
         FROM workflow_run_answers WHERE run_id = $1 AND idx >= $2 AND idx < $3 ORDER BY idx, col`,
      [id, paging.skip, paging.skip + paging.take],
    );
    const keys = run.models;
    const first = run.plan.columns[0];
    return {
      run: toRunView(run),
      list: samples.map((sample) => ({
        index: sample.idx,
        question: JSON.stringify({ messages: messagesFor(first, sample.input) }),
        reference: sample.reference,
        answers: Object.fromEntries(answers.filter((answer) => answer.idx === sample.idx).map((answer) => [keys[answer.col], toAnswerView(answer)])),
      })),
      total: run.samples,
      page: paging.page,
      page_size: paging.size,
    };
  }

  /** Per model: cost, time, tokens, failures and accuracy. */
  async summary(userId: number, id: number): Promise<WorkflowRunSummary> {
    const run = await this.owned(userId, id);
    const rows = await this.db.query<SummaryRow>(
      `SELECT col, sum(quota)::float8 AS quota, sum(use_time_ms)::float8 AS use_time_ms, sum(prompt_tokens)::float8 AS prompt_tokens,
              sum(completion_tokens)::float8 AS completion_tokens, count(*) FILTER (WHERE status = 'done')::int AS answers,
              count(*) FILTER (WHERE status = 'failed')::int AS failures, count(score)::int AS scored, count(*) FILTER (WHERE score = 1)::int AS correct
         FROM workflow_run_answers WHERE run_id = $1 GROUP BY col`,
      [id],
    );
    const byColumn = new Map(rows.map((row) => [row.col, row]));
    return { summary: run.models.map((model, col) => toSummaryRow(model, byColumn.get(col), this.prices.quotaPerUnit())) };
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
