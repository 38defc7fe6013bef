import type { WorkflowResponseMode, WorkflowRunStatus, WorkflowScorer, WorkflowSourceKind } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { nowSeconds } from '../../common/time';
import { PoolDb } from '../../database/pool-db';
import type { RunPlan } from './run-plan';
import { BatchedWrites } from './batched-writes';
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
  scorers: WorkflowScorer[];
  repeats: number;
  judge_total: number;
  judged: number;
  rerun_quota: number;
  resumes: number;
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
  scorers: WorkflowScorer[];
  repeats: number;
  estimatedQuota: number;
}

/** One answer of a run: its sample, column and repeat. */
export interface AnswerKey {
  idx: number;
  col: number;
  rep: number;
}

/** A pending answer with its sample, as the engine asks it. */
export interface PendingAnswer extends SampleInput, AnswerKey {}

/** A judge's pending score with what it judges. */
export interface PendingJudgement extends SampleInput, AnswerKey {
  scorer: number;
  answer: string;
}

/** One scorer's verdict as written (cheap-scorers.ts ScoreResult, or a judge's). */
export interface ScoreRecord {
  status: 'done' | 'pending' | 'skipped' | 'failed';
  kind: string;
  value: number | null;
  label: string | null;
  passed: boolean | null;
  reason: string;
  raw?: string;
  quota?: number;
  requestId?: string;
}

/** What an answer ended as: answered or failed. */
export interface AnswerRecord {
  status: 'done' | 'failed';
  answer: string;
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

/** The longest judge reply and reason kept. */
const MAX_RAW_CHARS = 20_000;
const MAX_REASON_CHARS = 2000;

/** A run's columns, bigints read as numbers. */
export const RUN_COLUMNS = `id, user_id, app_id, app_title, mode, status, source_kind, source_id, source_name, source_field, sample_limit, plan, models, scorers, repeats, judge_total, judged,
  rerun_quota::float8 AS rerun_quota, resumes, samples, total, done, failed,
  quota::float8 AS quota, estimated_quota::float8 AS estimated_quota, prepared, cancel_requested, worker, error, created_at::float8 AS created_at, finished_at::float8 AS finished_at`;

/**
 * The insert of an answer's scores ($1–$4 the run and answer key), its seven arrays from `$from` on
 * (scoreArrays), one row per scorer; the caller adds its WHERE and ON CONFLICT.
 */
const SCORES_INSERT = (from: number) => {
  const at = (offset: number) => `$${from + offset}`;
  return `INSERT INTO workflow_run_scores (run_id, idx, col, rep, scorer, status, kind, value, label, passed, reason)
    SELECT $1, $2, $3, $4, * FROM unnest(${at(0)}::smallint[], ${at(1)}::text[], ${at(2)}::text[], ${at(3)}::float8[], ${at(4)}::text[], ${at(5)}::bool[], ${at(6)}::text[])`;
};

function scoreArrays(scores: ScoreRecord[]): unknown[] {
  return [
    scores.map((_, scorer) => scorer),
    scores.map((score) => score.status),
    scores.map((score) => score.kind),
    scores.map((score) => score.value),
    scores.map((score) => (score.label === null ? null : storable(score.label, MAX_REASON_CHARS))),
    scores.map((score) => score.passed),
    scores.map((score) => storable(score.reason, MAX_REASON_CHARS)),
  ];
}

/** The most answers, or verdicts, one statement records. */
const RECORD_BATCH_MAX = 64;

const answerKeyText = (key: AnswerKey) => `${key.idx}:${key.col}:${key.rep}`;
const scoreKeyText = (key: AnswerKey & { scorer: number }) => `${key.idx}:${key.col}:${key.rep}:${key.scorer}`;

/** An answer to record, with its scores. */
interface AnswerWrite {
  key: AnswerKey;
  record: AnswerRecord;
  scores: ScoreRecord[];
}

/** A judge's verdict to record. */
interface VerdictWrite {
  key: AnswerKey & { scorer: number };
  score: ScoreRecord;
}

/** Judge scorers of a run, counted in SQL from its frozen scorers. */
const JUDGES_OF_RUN = `(SELECT count(*)::int FROM jsonb_array_elements(r.scorers) e WHERE e->>'type' = 'llm_judge')`;

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
  /** Answers and verdicts being recorded, gathered per run (BatchedWrites). */
  private readonly answers = new BatchedWrites<AnswerWrite>((runId, batch) => this.recordAnswers(runId, batch), (write) => answerKeyText(write.key), RECORD_BATCH_MAX);
  private readonly verdicts = new BatchedWrites<VerdictWrite>((runId, batch) => this.recordVerdicts(runId, batch), (write) => scoreKeyText(write.key), RECORD_BATCH_MAX);

  constructor(private readonly db: PoolDb) {}

  async create(run: NewRun): Promise<RunRow> {
    const [row] = await this.db.query<RunRow>(
      `INSERT INTO workflow_runs (user_id, app_id, app_title, mode, source_kind, source_id, source_name, source_field, sample_limit, plan, models, estimated_quota, created_at, scorers, repeats)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING ${RUN_COLUMNS}`,
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
        JSON.stringify(run.scorers),
        run.repeats,
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
    await this.db.query('DELETE FROM workflow_run_scores WHERE run_id = $1', [runId]);
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

  /** Every sample written: one pending answer per sample, column and repeat, and the run's sizes. */
  async markPrepared(runId: number, samples: number, columns: number, repeats = 1): Promise<void> {
    await this.db.query(
      `INSERT INTO workflow_run_answers (run_id, idx, col, rep)
       SELECT $1, s.idx, c, r FROM workflow_run_samples s CROSS JOIN generate_series(0, $2::int - 1) c CROSS JOIN generate_series(0, $3::int - 1) r WHERE s.run_id = $1`,
      [runId, columns, repeats],
    );
    await this.db.query('UPDATE workflow_runs SET prepared = true, samples = $2::int, total = $2::int * $3::int * $4::int WHERE id = $1', [runId, samples, columns, repeats]);
  }

  /** The next pending answers after `after`, in order, with their samples. */
  async pending(runId: number, after: AnswerKey, limit: number): Promise<PendingAnswer[]> {
    return this.db.query<PendingAnswer>(
      `SELECT a.idx, a.col, a.rep, s.input, s.reference, s.choice
         FROM workflow_run_answers a JOIN workflow_run_samples s ON s.run_id = a.run_id AND s.idx = a.idx
        WHERE a.run_id = $1 AND a.status = 'pending' AND (a.idx, a.col, a.rep) > ($2, $3, $4)
        ORDER BY a.idx, a.col, a.rep LIMIT $5`,
      [runId, after.idx, after.col, after.rep, limit],
    );
  }

  /** The next answered answers after `after` that have no scores (their scoring was interrupted, or a re-run cleared them). */
  async unscored(runId: number, after: AnswerKey, limit: number): Promise<Array<PendingAnswer & { answer: string; quota: number; use_time_ms: number }>> {
    return this.db.query(
      `SELECT a.idx, a.col, a.rep, s.input, s.reference, s.choice, a.answer, a.quota::float8 AS quota, a.use_time_ms
         FROM workflow_run_answers a JOIN workflow_run_samples s ON s.run_id = a.run_id AND s.idx = a.idx
        WHERE a.run_id = $1 AND a.status = 'done' AND (a.idx, a.col, a.rep) > ($2, $3, $4)
          AND NOT EXISTS (SELECT 1 FROM workflow_run_scores c WHERE c.run_id = a.run_id AND c.idx = a.idx AND c.col = a.col AND c.rep = a.rep)
        ORDER BY a.idx, a.col, a.rep LIMIT $5`,
      [runId, after.idx, after.col, after.rep, limit],
    );
  }

  /** Writes the scores of an answer recorded without them (the sweep of RunEngine); an answer already scored keeps its scores. */
  async addScores(runId: number, key: AnswerKey, scores: ScoreRecord[]): Promise<void> {
    if (scores.length === 0) return;
    await this.db.query(`${SCORES_INSERT(5)} ON CONFLICT DO NOTHING`, [runId, key.idx, key.col, key.rep, ...scoreArrays(scores)]);
  }

  /** The next pending judge scores after `after` (in answer order, then scorer), with the sample and the answer. */
  async pendingJudgements(runId: number, after: AnswerKey & { scorer: number }, limit: number): Promise<PendingJudgement[]> {
    return this.db.query<PendingJudgement>(
      `SELECT c.idx, c.col, c.rep, c.scorer, s.input, s.reference, s.choice, a.answer
         FROM workflow_run_scores c
         JOIN workflow_run_answers a ON a.run_id = c.run_id AND a.idx = c.idx AND a.col = c.col AND a.rep = c.rep
         JOIN workflow_run_samples s ON s.run_id = c.run_id AND s.idx = c.idx
        WHERE c.run_id = $1 AND c.status = 'pending' AND (c.idx, c.col, c.rep, c.scorer) > ($2, $3, $4, $5)
        ORDER BY c.idx, c.col, c.rep, c.scorer LIMIT $6`,
      [runId, after.idx, after.col, after.rep, after.scorer, limit],
    );
  }

  /** Records a judge's verdict if its score is still pending (the guard against a second record, like an answer's); gathered per run like answers. */
  recordJudgement(runId: number, key: AnswerKey & { scorer: number }, score: ScoreRecord): Promise<boolean> {
    return this.verdicts.add(runId, { key, score });
  }

  private async recordVerdicts(runId: number, batch: VerdictWrite[]): Promise<Set<string>> {
    const rows = await this.db.query<AnswerKey & { scorer: number }>(
      `WITH input AS (
         SELECT * FROM unnest($2::int[], $3::smallint[], $4::smallint[], $5::smallint[], $6::text[], $7::float8[], $8::text[], $9::bool[], $10::text[], $11::text[], $12::bigint[], $13::text[])
           AS i(idx, col, rep, scorer, status, value, label, passed, reason, raw, quota, request_id))
       UPDATE workflow_run_scores c SET status = i.status, value = i.value, label = i.label, passed = i.passed, reason = i.reason, raw = i.raw,
              quota = i.quota, request_id = i.request_id
         FROM input i
        -- By the primary key, input row by input row (as answers are, recordAnswers).
        WHERE c.ctid = (SELECT x.ctid FROM workflow_run_scores x WHERE x.run_id = $1 AND x.idx = i.idx AND x.col = i.col AND x.rep = i.rep AND x.scorer = i.scorer)
          AND c.status = 'pending'
        RETURNING c.idx, c.col, c.rep, c.scorer`,
      [
        runId,
        batch.map((write) => write.key.idx),
        batch.map((write) => write.key.col),
        batch.map((write) => write.key.rep),
        batch.map((write) => write.key.scorer),
        batch.map((write) => write.score.status),
        batch.map((write) => write.score.value),
        batch.map((write) => (write.score.label === null ? null : storable(write.score.label, MAX_REASON_CHARS))),
        batch.map((write) => write.score.passed),
        batch.map((write) => storable(write.score.reason, MAX_REASON_CHARS)),
        batch.map((write) => storable(write.score.raw ?? '', MAX_RAW_CHARS)),
        batch.map((write) => write.score.quota ?? 0),
        batch.map((write) => (write.score.requestId ?? '').slice(0, 64)),
      ],
    );
    return new Set(rows.map(scoreKeyText));
  }

  /**
   * Records one answer, if it is still pending, with its scores (one per scorer, in order) in the
   * same statement: never an answer without its scores. False when it was not pending (another
   * worker kept it, or the run is gone). Only the answer's rows are written: the run's counters are
   * summed from the answers (syncCounts), so concurrent answers of one run never wait on the run's
   * row. Answers of one run that arrive while its previous write is in flight are written together
   * in the next one (one commit, one WAL flush for all of them: BatchedWrites).
   */
  record(runId: number, key: AnswerKey, record: AnswerRecord, scores: ScoreRecord[] = []): Promise<boolean> {
    return this.answers.add(runId, { key, record, scores });
  }

  /**
   * One statement for a batch: each answer updated only from 'pending' (the guard against a second
   * record), and the scores of those updated inserted with them. Answers the statement did not
   * update (no longer pending) get no scores and are told so.
   */
  private async recordAnswers(runId: number, batch: AnswerWrite[]): Promise<Set<string>> {
    const scores = batch.flatMap((write) => write.scores.map((score, scorer) => ({ key: write.key, scorer, score })));
    const rows = await this.db.query<AnswerKey>(
      `WITH input AS (
         SELECT * FROM unnest($2::int[], $3::smallint[], $4::smallint[], $5::text[], $6::text[], $7::bigint[], $8::int[], $9::int[], $10::int[], $11::int[], $12::text[], $13::text[])
           AS i(idx, col, rep, status, answer, quota, prompt_tokens, completion_tokens, use_time_ms, first_token_ms, error, request_id)),
       answered AS (
         UPDATE workflow_run_answers a SET status = i.status, answer = i.answer, quota = i.quota, prompt_tokens = i.prompt_tokens,
                completion_tokens = i.completion_tokens, use_time_ms = i.use_time_ms, first_token_ms = i.first_token_ms, error = i.error, request_id = i.request_id
           FROM input i
          -- Each input row finds its answer by the primary key (a plain join is planned from the
          -- run's pending rows, estimated from stale statistics, and scans all of them per batch).
          WHERE a.ctid = (SELECT x.ctid FROM workflow_run_answers x WHERE x.run_id = $1 AND x.idx = i.idx AND x.col = i.col AND x.rep = i.rep)
            AND a.status = 'pending'
          RETURNING a.idx, a.col, a.rep),
       scored AS (
         INSERT INTO workflow_run_scores (run_id, idx, col, rep, scorer, status, kind, value, label, passed, reason)
         SELECT $1, s.idx, s.col, s.rep, s.scorer, s.status, s.kind, s.value, s.label, s.passed, s.reason
           FROM unnest($14::int[], $15::smallint[], $16::smallint[], $17::smallint[], $18::text[], $19::text[], $20::float8[], $21::text[], $22::bool[], $23::text[])
                  AS s(idx, col, rep, scorer, status, kind, value, label, passed, reason)
           JOIN answered USING (idx, col, rep)
         ON CONFLICT DO NOTHING)
       SELECT idx, col, rep FROM answered`,
      [
        runId,
        batch.map((write) => write.key.idx),
        batch.map((write) => write.key.col),
        batch.map((write) => write.key.rep),
        batch.map((write) => write.record.status),
        batch.map((write) => storable(write.record.answer, MAX_ANSWER_CHARS)),
        batch.map((write) => write.record.quota),
        batch.map((write) => write.record.promptTokens),
        batch.map((write) => write.record.completionTokens),
        batch.map((write) => write.record.useTimeMs),
        batch.map((write) => write.record.firstTokenMs),
        batch.map((write) => storable(write.record.error, MAX_ERROR_CHARS)),
        batch.map((write) => write.record.requestId.slice(0, 64)),
        scores.map((item) => item.key.idx),
        scores.map((item) => item.key.col),
        scores.map((item) => item.key.rep),
        scores.map((item) => item.scorer),
        scores.map((item) => item.score.status),
        scores.map((item) => item.score.kind),
        scores.map((item) => item.score.value),
        scores.map((item) => (item.score.label === null ? null : storable(item.score.label, MAX_REASON_CHARS))),
        scores.map((item) => item.score.passed),
        scores.map((item) => storable(item.score.reason, MAX_REASON_CHARS)),
      ],
    );
    return new Set(rows.map(answerKeyText));
  }

  /**
   * Sets the run's done, failed, judge progress and quota to the sums of its answers and judges
   * (exact, and safe to repeat), and tells whether it should stop: asked to cancel, or deleted.
   * Judges still to come are counted once per judge for every answer not yet asked (an estimate:
   * only_if_passed may skip some), so the total converges as the run goes.
   */
  async syncCounts(runId: number): Promise<{ stop: boolean }> {
    const [row] = await this.db.query<{ cancel_requested: boolean }>(
      `UPDATE workflow_runs r SET done = a.done, failed = a.failed, quota = a.quota + j.quota + r.rerun_quota,
              judged = j.judged, judge_total = j.judged + j.pending + a.pending * ${JUDGES_OF_RUN}
         FROM (SELECT count(*) FILTER (WHERE status = 'done')::int AS done, count(*) FILTER (WHERE status = 'failed')::int AS failed,
                      count(*) FILTER (WHERE status = 'pending')::int AS pending, COALESCE(sum(quota), 0) AS quota
                 FROM workflow_run_answers WHERE run_id = $1) a,
              (SELECT count(*) FILTER (WHERE status IN ('done', 'failed'))::int AS judged, count(*) FILTER (WHERE status = 'pending')::int AS pending,
                      COALESCE(sum(quota), 0) AS quota
                 FROM workflow_run_scores
                -- A run without judges skips the scan (a one-time filter): its scores hold none.
                WHERE run_id = $1 AND kind = 'llm_judge' AND (SELECT ${JUDGES_OF_RUN} FROM workflow_runs r WHERE r.id = $1) > 0) j
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
    const [row] = await this.db.query<{ error: string }>(`SELECT error FROM workflow_run_answers WHERE run_id = $1 AND status = 'failed' ORDER BY idx, col, rep LIMIT 1`, [runId]);
    return row?.error;
  }
}
