import type { WorkflowResponseMode, WorkflowRunStatus, WorkflowScoreKind, WorkflowSourceKind } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { nowSeconds } from '../../common/time';
import { PoolDb } from '../../database/pool-db';
import type { RunPlan } from './run-plan';
import type { SampleInput } from './sample-prompt';

/** A run row as the engine and the views read it. */
export interface RunRow {
  id: number;
  user_id: number;
  app_id: number;
  app_title: string;
  mode: WorkflowResponseMode;
  status: WorkflowRunStatus;
  source_kind: WorkflowSourceKind;
  source_id: number;
  source_name: string;
  source_field: string;
  sample_limit: number;
  plan: RunPlan;
  models: string[];
  samples: number;
  total: number;
  done: number;
  failed: number;
  quota: number;
  estimated_quota: number;
  prepared: boolean;
  cancel_requested: boolean;
  worker: string;
  error: string;
  created_at: number;
  finished_at: number;
}

export interface NewRun {
  userId: number;
  appId: number;
  appTitle: string;
  mode: WorkflowResponseMode;
  source: { kind: WorkflowSourceKind; id: number; name: string; field: string };
  limit: number;
  plan: RunPlan;
  models: string[];
  estimatedQuota: number;
}

/** A pending answer with its sample, as the engine asks it. */
export interface PendingAnswer extends SampleInput {
  idx: number;
  col: number;
}

/** What an answer ended as: answered (scored when the sample has a reference) or failed. */
export interface AnswerRecord {
  status: 'done' | 'failed';
  answer: string;
  score: number | null;
  scoreKind: WorkflowScoreKind | null;
  quota: number;
  promptTokens: number;
  completionTokens: number;
  useTimeMs: number;
  firstTokenMs: number;
  error: string;
  requestId: string;
}

/** The longest answer and error text kept (a runaway answer must not fill the database). */
const MAX_ANSWER_CHARS = 200_000;
const MAX_ERROR_CHARS = 2000;
/** Samples are written this many at a time while a run is prepared. */
const SAMPLE_BATCH = 500;

/** A run's columns, bigints read as numbers. */
export const RUN_COLUMNS = `id, user_id, app_id, app_title, mode, status, source_kind, source_id, source_name, source_field, sample_limit, plan, models, samples, total, done, failed,
  quota::float8 AS quota, estimated_quota::float8 AS estimated_quota, prepared, cancel_requested, worker, error, created_at::float8 AS created_at, finished_at::float8 AS finished_at`;

/** PostgreSQL text holds no NUL character; an upstream may still send one. */
export const storable = (text: string, max: number): string => (text.includes('\u0000') ? text.replace(/\u0000/g, '') : text).slice(0, max);

/**
 * Every statement of workflow runs (migration 1765339200000-workflow-runs). An answer is recorded
 * only from 'pending': the guard that makes a second record of the same answer (a resumed or
 * duplicated worker) record nothing. The run's counters are sums of its answers, written back
 * while it runs and when it ends.
 */
@Injectable()
export class RunStore {
  constructor(private readonly db: PoolDb) {}

  async create(run: NewRun): Promise<RunRow> {
    const [row] = await this.db.query<RunRow>(
      `INSERT INTO workflow_runs (user_id, app_id, app_title, mode, source_kind, source_id, source_name, source_field, sample_limit, plan, models, estimated_quota, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${RUN_COLUMNS}`,
      [
        run.userId,
        run.appId,
        run.appTitle.slice(0, 100),
        run.mode,
        run.source.kind,
        run.source.id,
        run.source.name.slice(0, 255),
        run.source.field.slice(0, 100),
        run.limit,
        JSON.stringify(run.plan),
        JSON.stringify(run.models),
        run.estimatedQuota,
        nowSeconds(),
      ],
    );
    return row;
  }

  async get(id: number): Promise<RunRow | undefined> {
    const [row] = await this.db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM workflow_runs WHERE id = $1`, [id]);
    return row;
  }

  /** The user's run; another user's answers like a missing one. */
  async own(userId: number, id: number): Promise<RunRow | undefined> {
    const [row] = await this.db.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM workflow_runs WHERE id = $1 AND user_id = $2`, [id, userId]);
    return row;
  }

  /**
   * Takes a running run for `worker` (an instance id): when nobody holds it, this instance already
   * does, or its holder is no longer a live instance (InstanceLiveness removed it).
   */
  async claim(id: number, worker: string): Promise<RunRow | undefined> {
    const [row] = await this.db.query<RunRow>(
      `UPDATE workflow_runs r SET worker = $2
        WHERE r.id = $1 AND r.status = 'running'
          AND (r.worker = '' OR r.worker = $2 OR NOT EXISTS (SELECT 1 FROM gateway_instances g WHERE g.instance_id = r.worker))
        RETURNING ${RUN_COLUMNS}`,
      [id, worker],
    );
    return row;
  }

  /** Direct runs still running whose worker is gone (or never came): each with its new resume number, for a fresh job id. */
  async orphans(): Promise<Array<{ id: number; resumes: number }>> {
    return this.db.query<{ id: number; resumes: number }>(
      `UPDATE workflow_runs r SET resumes = r.resumes + 1
        WHERE r.status = 'running' AND r.mode = 'direct'
          AND (r.worker = '' OR NOT EXISTS (SELECT 1 FROM gateway_instances g WHERE g.instance_id = r.worker))
        RETURNING r.id, r.resumes`,
      [],
    );
  }

  /** Forgets what an interrupted preparation wrote. */
  async clearSamples(runId: number): Promise<void> {
    await this.db.query('DELETE FROM workflow_run_answers WHERE run_id = $1', [runId]);
    await this.db.query('DELETE FROM workflow_run_samples WHERE run_id = $1', [runId]);
  }

  async addSamples(runId: number, from: number, samples: SampleInput[]): Promise<void> {
    for (let at = 0; at < samples.length; at += SAMPLE_BATCH) {
      const batch = samples.slice(at, at + SAMPLE_BATCH);
      await this.db.query(
        `INSERT INTO workflow_run_samples (run_id, idx, input, reference, choice)
         SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::bool[])`,
        [
          runId,
          batch.map((_, index) => from + at + index),
          batch.map((sample) => storable(sample.input, MAX_ANSWER_CHARS)),
          batch.map((sample) => storable(sample.reference, MAX_ERROR_CHARS)),
          batch.map((sample) => sample.choice),
        ],
      );
    }
  }

  /** Every sample written: one pending answer per sample and column, and the run's sizes. */
  async markPrepared(runId: number, samples: number, columns: number): Promise<void> {
    await this.db.query(
      `INSERT INTO workflow_run_answers (run_id, idx, col)
       SELECT $1, s.idx, c FROM workflow_run_samples s CROSS JOIN generate_series(0, $2::int - 1) c WHERE s.run_id = $1`,
      [runId, columns],
    );
    await this.db.query('UPDATE workflow_runs SET prepared = true, samples = $2::int, total = $2::int * $3::int WHERE id = $1', [runId, samples, columns]);
  }

  /** The next pending answers after (idx, col), in order, with their samples. */
  async pending(runId: number, after: { idx: number; col: number }, limit: number): Promise<PendingAnswer[]> {
    return this.db.query<PendingAnswer>(
      `SELECT a.idx, a.col, s.input, s.reference, s.choice
         FROM workflow_run_answers a JOIN workflow_run_samples s ON s.run_id = a.run_id AND s.idx = a.idx
        WHERE a.run_id = $1 AND a.status = 'pending' AND (a.idx, a.col) > ($2, $3)
        ORDER BY a.idx, a.col LIMIT $4`,
      [runId, after.idx, after.col, limit],
    );
  }

  /**
   * Records one answer, if it is still pending; false when it was not (another worker kept it, or
   * the run is gone). Only the answer's row is written: the run's counters are summed from the
   * answers (syncCounts), so concurrent answers of one run never wait on the run's row.
   */
  async record(runId: number, idx: number, col: number, record: AnswerRecord): Promise<boolean> {
    const rows = await this.db.query<{ recorded: number }>(
      `UPDATE workflow_run_answers SET status = $4, answer = $5, score = $6, score_kind = $7, quota = $8, prompt_tokens = $9, completion_tokens = $10,
              use_time_ms = $11, first_token_ms = $12, error = $13, request_id = $14
        WHERE run_id = $1 AND idx = $2 AND col = $3 AND status = 'pending'
        RETURNING 1 AS recorded`,
      [
        runId,
        idx,
        col,
        record.status,
        storable(record.answer, MAX_ANSWER_CHARS),
        record.score,
        record.scoreKind,
        record.quota,
        record.promptTokens,
        record.completionTokens,
        record.useTimeMs,
        record.firstTokenMs,
        storable(record.error, MAX_ERROR_CHARS),
        record.requestId.slice(0, 64),
      ],
    );
    return rows.length > 0;
  }

  /**
   * Sets the run's done, failed and quota to the sums of its answers (exact, and safe to repeat),
   * and tells whether it should stop: asked to cancel, or deleted.
   */
  async syncCounts(runId: number): Promise<{ stop: boolean }> {
    const [row] = await this.db.query<{ cancel_requested: boolean }>(
      `UPDATE workflow_runs r SET done = c.done, failed = c.failed, quota = c.quota
         FROM (SELECT count(*) FILTER (WHERE status = 'done')::int AS done, count(*) FILTER (WHERE status = 'failed')::int AS failed, COALESCE(sum(quota), 0) AS quota
                 FROM workflow_run_answers WHERE run_id = $1) c
        WHERE r.id = $1
        RETURNING r.cancel_requested`,
      [runId],
    );
    return { stop: !row || row.cancel_requested };
  }

  /** Ends a running run (once), its counters summed; a run asked to cancel ends cancelled whatever the engine concluded. */
  async finish(runId: number, status: Exclude<WorkflowRunStatus, 'running'>, error = ''): Promise<void> {
    await this.syncCounts(runId);
    await this.db.query(
      `UPDATE workflow_runs SET status = CASE WHEN cancel_requested THEN 'cancelled' ELSE $2 END, error = $3, finished_at = $4
        WHERE id = $1 AND status = 'running'`,
      [runId, status, storable(error, MAX_ERROR_CHARS), nowSeconds()],
    );
  }

  /**
   * Asks a running run to stop. One no live worker holds (queued, or its worker died) ends at once;
   * a held one ends when its worker sees the flag, after the answers in flight.
   */
  async cancel(userId: number, id: number): Promise<RunRow | undefined> {
    const [row] = await this.db.query<RunRow>(
      `UPDATE workflow_runs r SET cancel_requested = true,
              status = CASE WHEN r.worker = '' OR NOT EXISTS (SELECT 1 FROM gateway_instances g WHERE g.instance_id = r.worker) THEN 'cancelled' ELSE r.status END,
              finished_at = CASE WHEN r.worker = '' OR NOT EXISTS (SELECT 1 FROM gateway_instances g WHERE g.instance_id = r.worker) THEN $3 ELSE r.finished_at END
        WHERE r.id = $1 AND r.user_id = $2 AND r.status = 'running'
        RETURNING ${RUN_COLUMNS}`,
      [id, userId, nowSeconds()],
    );
    return row;
  }

  async remove(userId: number, id: number): Promise<boolean> {
    const rows = await this.db.query<{ id: number }>('DELETE FROM workflow_runs WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
    return rows.length > 0;
  }

  /** The error of the run's first failed answer. */
  async firstError(runId: number): Promise<string | undefined> {
    const [row] = await this.db.query<{ error: string }>(`SELECT error FROM workflow_run_answers WHERE run_id = $1 AND status = 'failed' ORDER BY idx, col LIMIT 1`, [runId]);
    return row?.error;
  }
}
