import { MSG_WORKFLOW_RERUN_NOTHING, MSG_WORKFLOW_RERUN_RUNNING, MSG_WORKFLOW_RERUN_STREAMED, type WorkflowRerunStarted, type WorkflowScorer } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { BusinessError } from '../../common/business.error';
import { nowSeconds } from '../../common/time';
import type { UserEntity } from '../../users/user.entity';
import type { RerunDto } from './dto/run-input.dto';
import { ProjectScorers } from './project-scorers';
import type { RunRow } from './run-store';
import { WorkflowRunJob } from './workflow-run.job';

/** An answer's scores as kept with its earlier attempt. */
const SCORES_OF_ANSWER = `COALESCE((SELECT jsonb_object_agg(c.scorer::text, jsonb_build_object('status', c.status, 'kind', c.kind, 'value', c.value, 'label', c.label,
      'passed', c.passed, 'reason', c.reason, 'quota', c.quota)) FROM workflow_run_scores c WHERE c.run_id = a.run_id AND c.idx = a.idx AND c.col = a.col AND c.rep = a.rep), '{}')`;

/**
 * `POST /api/workflow/runs/:id/rerun` (issue 30): a finished whole-data run asked again in place.
 * `only` puts the chosen answers (failed ones, or all) back to pending, each earlier attempt kept in
 * `workflow_run_answer_history` with its scores; `only: 'failed'` also puts failed judges back.
 * New `scorers` replace the run's and clear every score, so each answered answer is scored again
 * (only judges cost anything). What the replaced calls were charged moves to `rerun_quota`, still
 * counted in the run's quota. Everything happens in one transaction that first takes the run's row,
 * so two re-runs, or a re-run and a cancel, cannot interleave; the run is then queued like a new
 * one and resumes like one, billing once per new answer (callRecorded).
 */
@Injectable()
export class RunRerun {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projectScorers: ProjectScorers,
    private readonly job: WorkflowRunJob,
  ) {}

  async rerun(user: UserEntity, run: RunRow, dto: RerunDto): Promise<WorkflowRerunStarted> {
    if (run.status === 'running') throw new BusinessError(MSG_WORKFLOW_RERUN_RUNNING);
    if (run.mode !== 'direct') throw new BusinessError(MSG_WORKFLOW_RERUN_STREAMED);
    if (dto.only === undefined && dto.scorers === undefined) throw new BusinessError(MSG_WORKFLOW_RERUN_NOTHING);
    const scorers = dto.scorers === undefined ? undefined : await this.projectScorers.checked(user, run.app_id, dto.scorers);
    const started = await this.dataSource.transaction((manager) => this.reset(manager, run.id, dto.only, scorers));
    await this.job.enqueue(run.id, started.resumes);
    return { asked: started.asked, rescored: started.rescored };
  }

  private async reset(manager: EntityManager, runId: number, only: RerunDto['only'], scorers: WorkflowScorer[] | undefined) {
    const [locked] = (await manager.query(`SELECT status FROM workflow_runs WHERE id = $1 FOR UPDATE`, [runId])) as Array<{ status: string }>;
    if (!locked || locked.status === 'running') throw new BusinessError(MSG_WORKFLOW_RERUN_RUNNING);
    let rescored = 0;
    let replacedQuota = 0;
    if (only !== undefined) {
      const chosen = only === 'failed' ? `a.status = 'failed'` : `a.status IN ('done', 'failed')`;
      const [moved] = (await manager.query(
        `WITH kept AS (
           INSERT INTO workflow_run_answer_history (run_id, idx, col, rep, attempt, status, answer, scores, quota, prompt_tokens, completion_tokens, use_time_ms, first_token_ms, error, request_id, replaced_at)
           SELECT a.run_id, a.idx, a.col, a.rep,
                  (SELECT COALESCE(max(h.attempt), 0) + 1 FROM workflow_run_answer_history h WHERE h.run_id = a.run_id AND h.idx = a.idx AND h.col = a.col AND h.rep = a.rep),
                  a.status, a.answer, ${SCORES_OF_ANSWER}, a.quota, a.prompt_tokens, a.completion_tokens, a.use_time_ms, a.first_token_ms, a.error, a.request_id, $2
             FROM workflow_run_answers a WHERE a.run_id = $1 AND ${chosen}
           RETURNING quota)
         SELECT COALESCE(sum(quota), 0)::float8 AS quota FROM kept`,
        [runId, nowSeconds()],
      )) as Array<{ quota: number }>;
      replacedQuota += moved.quota;
      const [judges] = (await manager.query(
        `WITH gone AS (
           DELETE FROM workflow_run_scores c USING workflow_run_answers a
            WHERE a.run_id = $1 AND ${chosen} AND c.run_id = a.run_id AND c.idx = a.idx AND c.col = a.col AND c.rep = a.rep
           RETURNING c.quota)
         SELECT COALESCE(sum(quota), 0)::float8 AS quota FROM gone`,
        [runId],
      )) as Array<{ quota: number }>;
      replacedQuota += judges.quota;
      await manager.query(
        `UPDATE workflow_run_answers a SET status = 'pending', answer = '', quota = 0, prompt_tokens = 0, completion_tokens = 0, use_time_ms = 0,
                first_token_ms = 0, error = '', request_id = ''
          WHERE a.run_id = $1 AND ${chosen}`,
        [runId],
      );
      if (only === 'failed') {
        const failedJudge = `run_id = $1 AND status = 'failed' AND kind = 'llm_judge'`;
        const [failedJudges] = (await manager.query(`SELECT count(*)::int AS count, COALESCE(sum(quota), 0)::float8 AS quota FROM workflow_run_scores WHERE ${failedJudge}`, [
          runId,
        ])) as Array<{ count: number; quota: number }>;
        await manager.query(`UPDATE workflow_run_scores SET status = 'pending', value = NULL, label = NULL, passed = NULL, reason = '', raw = '', quota = 0, request_id = '' WHERE ${failedJudge}`, [
          runId,
        ]);
        rescored += failedJudges.count;
        replacedQuota += failedJudges.quota;
      }
    }
    if (scorers !== undefined) {
      const [cleared] = (await manager.query(
        `WITH gone AS (DELETE FROM workflow_run_scores WHERE run_id = $1 RETURNING quota) SELECT COALESCE(sum(quota), 0)::float8 AS quota FROM gone`,
        [runId],
      )) as Array<{ quota: number }>;
      replacedQuota += cleared.quota;
      const [answered] = (await manager.query(`SELECT count(*)::int AS count FROM workflow_run_answers WHERE run_id = $1 AND status = 'done'`, [runId])) as Array<{ count: number }>;
      rescored = answered.count;
    }
    const [pendingAnswers] = (await manager.query(`SELECT count(*)::int AS count FROM workflow_run_answers WHERE run_id = $1 AND status = 'pending'`, [runId])) as Array<{
      count: number;
    }>;
    // A SELECT around the UPDATE: TypeORM answers a bare UPDATE's RETURNING as [rows, count].
    const [row] = (await manager.query(
      `WITH started AS (
         UPDATE workflow_runs SET status = 'running', cancel_requested = false, error = '', finished_at = 0, worker = '', resumes = resumes + 1,
                rerun_quota = rerun_quota + $2, scorers = COALESCE($3::jsonb, scorers)
          WHERE id = $1 RETURNING resumes)
       SELECT resumes FROM started`,
      [runId, replacedQuota, scorers === undefined ? null : JSON.stringify(scorers)],
    )) as Array<{ resumes: number }>;
    // Asked: the answers put back, and any never asked (a run that stopped early is completed).
    return { asked: pendingAnswers.count, rescored, resumes: row.resumes };
  }
}
