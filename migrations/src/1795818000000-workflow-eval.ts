import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The evaluation lab (issue 30).
 *
 * - `workflow_apps.scorers`: the scorers a project's run dialog starts with (saved when a run starts).
 * - `workflow_runs`: its scorers frozen at start (runs before this one graded as `auto`), `repeats`
 *   (answers per sample and column), the judges' progress, and `rerun_quota` (what the calls a
 *   re-run replaced were charged; the run's `quota` includes it).
 * - `workflow_run_answers` gains `rep` (0..repeats-1) in its key.
 * - `workflow_run_scores`: one row per answer and scorer. Checks that need no model are written
 *   'done' right after their answer; a judge's row starts 'pending' (or 'skipped') and leaves it
 *   exactly once, before the judge's call is settled, like an answer: a crash leaves it pending and
 *   unbilled. Existing scores move here as scorer 0.
 * - `workflow_run_answer_history`: the earlier attempts of answers a re-run asked again.
 */
export class WorkflowEval1795818000000 implements MigrationInterface {
  name = 'WorkflowEval1795818000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "workflow_apps" ADD COLUMN "scorers" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`
      ALTER TABLE "workflow_runs"
        ADD COLUMN "scorers" jsonb NOT NULL DEFAULT '[{"name":"参考答案","type":"auto"}]',
        ADD COLUMN "repeats" smallint NOT NULL DEFAULT 1 CHECK ("repeats" BETWEEN 1 AND 10),
        ADD COLUMN "judge_total" integer NOT NULL DEFAULT 0,
        ADD COLUMN "judged" integer NOT NULL DEFAULT 0,
        ADD COLUMN "rerun_quota" bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "workflow_run_answers" ADD COLUMN "rep" smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "workflow_run_answers" DROP CONSTRAINT "workflow_run_answers_pkey"`);
    await queryRunner.query(`ALTER TABLE "workflow_run_answers" ADD PRIMARY KEY ("run_id", "idx", "col", "rep")`);
    await queryRunner.query(`DROP INDEX "idx_workflow_run_answers_pending"`);
    await queryRunner.query(`CREATE INDEX "idx_workflow_run_answers_pending" ON "workflow_run_answers" ("run_id", "idx", "col", "rep") WHERE "status" = 'pending'`);
    await queryRunner.query(`
      CREATE TABLE "workflow_run_scores" (
        "run_id" integer NOT NULL REFERENCES "workflow_runs" ("id") ON DELETE CASCADE,
        "idx" integer NOT NULL,
        "col" smallint NOT NULL,
        "rep" smallint NOT NULL DEFAULT 0,
        "scorer" smallint NOT NULL,
        "status" varchar(8) NOT NULL CHECK ("status" IN ('done', 'pending', 'skipped', 'failed')),
        "kind" varchar(12) NOT NULL,
        "value" double precision,
        "label" text,
        "passed" boolean,
        "reason" text NOT NULL DEFAULT '',
        "raw" text NOT NULL DEFAULT '',
        "quota" bigint NOT NULL DEFAULT 0,
        "request_id" varchar(64) NOT NULL DEFAULT '',
        PRIMARY KEY ("run_id", "idx", "col", "rep", "scorer")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_workflow_run_scores_pending" ON "workflow_run_scores" ("run_id", "idx", "col", "rep", "scorer") WHERE "status" = 'pending'`);
    // The judges' progress, summed every half second while a run goes (RunStore.syncCounts): only judge rows are indexed.
    await queryRunner.query(`CREATE INDEX "idx_workflow_run_scores_judges" ON "workflow_run_scores" ("run_id") WHERE "kind" = 'llm_judge'`);
    await queryRunner.query(`
      INSERT INTO "workflow_run_scores" ("run_id", "idx", "col", "rep", "scorer", "status", "kind", "value", "passed", "reason")
      SELECT "run_id", "idx", "col", 0, 0, 'done', COALESCE("score_kind", 'contains'), "score", CASE WHEN "score" IS NULL THEN NULL ELSE "score" = 1 END,
             CASE WHEN "score" IS NULL THEN '没有参考答案' ELSE '' END
        FROM "workflow_run_answers" WHERE "status" = 'done'`);
    await queryRunner.query(`ALTER TABLE "workflow_run_answers" DROP COLUMN "score", DROP COLUMN "score_kind"`);
    await queryRunner.query(`
      CREATE TABLE "workflow_run_answer_history" (
        "run_id" integer NOT NULL REFERENCES "workflow_runs" ("id") ON DELETE CASCADE,
        "idx" integer NOT NULL,
        "col" smallint NOT NULL,
        "rep" smallint NOT NULL,
        "attempt" integer NOT NULL,
        "status" varchar(8) NOT NULL,
        "answer" text NOT NULL,
        "scores" jsonb NOT NULL DEFAULT '{}',
        "quota" bigint NOT NULL,
        "prompt_tokens" integer NOT NULL,
        "completion_tokens" integer NOT NULL,
        "use_time_ms" integer NOT NULL,
        "first_token_ms" integer NOT NULL,
        "error" text NOT NULL,
        "request_id" varchar(64) NOT NULL,
        "replaced_at" bigint NOT NULL,
        PRIMARY KEY ("run_id", "idx", "col", "rep", "attempt")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "workflow_run_answer_history"`);
    await queryRunner.query(`ALTER TABLE "workflow_run_answers" ADD COLUMN "score" smallint, ADD COLUMN "score_kind" varchar(8)`);
    await queryRunner.query(`
      UPDATE "workflow_run_answers" a SET "score" = s."value"::smallint, "score_kind" = s."kind"
        FROM "workflow_run_scores" s
       WHERE s."run_id" = a."run_id" AND s."idx" = a."idx" AND s."col" = a."col" AND s."rep" = a."rep" AND s."scorer" = 0 AND s."kind" IN ('exact', 'contains', 'choice')`);
    await queryRunner.query(`DROP TABLE "workflow_run_scores"`);
    await queryRunner.query(`DELETE FROM "workflow_run_answers" WHERE "rep" > 0`);
    await queryRunner.query(`ALTER TABLE "workflow_run_answers" DROP CONSTRAINT "workflow_run_answers_pkey"`);
    await queryRunner.query(`ALTER TABLE "workflow_run_answers" ADD PRIMARY KEY ("run_id", "idx", "col")`);
    await queryRunner.query(`DROP INDEX "idx_workflow_run_answers_pending"`);
    await queryRunner.query(`CREATE INDEX "idx_workflow_run_answers_pending" ON "workflow_run_answers" ("run_id", "idx", "col") WHERE "status" = 'pending'`);
    await queryRunner.query(`ALTER TABLE "workflow_run_answers" DROP COLUMN "rep"`);
    await queryRunner.query(`ALTER TABLE "workflow_runs" DROP COLUMN "scorers", DROP COLUMN "repeats", DROP COLUMN "judge_total", DROP COLUMN "judged", DROP COLUMN "rerun_quota"`);
    await queryRunner.query(`ALTER TABLE "workflow_apps" DROP COLUMN "scorers"`);
  }
}
