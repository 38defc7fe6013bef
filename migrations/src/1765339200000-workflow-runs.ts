import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workflow runs (spec 3 §2.7, §3 Workflow run; issue 16).
 *
 * `workflow_runs` is one run of a project's graph: its plan (one column per llm node: model,
 * parameters, prompts) frozen at start, where its samples come from, progress counters summed from
 * its answers while it runs, and the worker that holds it (`worker` names an
 * instance of `gateway_instances`; a run whose worker is gone may be taken over).
 *
 * `workflow_run_samples` holds each sample's input text and reference answer, written once before
 * the first call; `workflow_run_answers` one row per sample and column. An answer leaves 'pending'
 * exactly once (done or failed), before the relay settles its charge: a crash leaves it pending
 * and unbilled, so a resumed run asks it
 * again and nothing is charged twice.
 */
export class WorkflowRuns1765339200000 implements MigrationInterface {
  name = 'WorkflowRuns1765339200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "workflow_runs" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "app_id" integer NOT NULL REFERENCES "workflow_apps" ("id") ON DELETE CASCADE,
        "app_title" varchar(100) NOT NULL,
        "mode" varchar(16) NOT NULL CHECK ("mode" IN ('streaming', 'direct')),
        "status" varchar(16) NOT NULL DEFAULT 'running' CHECK ("status" IN ('running', 'succeeded', 'failed', 'cancelled')),
        "source_kind" varchar(16) NOT NULL CHECK ("source_kind" IN ('query', 'dataset', 'file')),
        "source_id" integer NOT NULL DEFAULT 0,
        "source_name" varchar(255) NOT NULL DEFAULT '',
        "source_field" varchar(100) NOT NULL DEFAULT '',
        "sample_limit" integer NOT NULL DEFAULT 0,
        "plan" jsonb NOT NULL,
        "models" jsonb NOT NULL DEFAULT '[]',
        "samples" integer NOT NULL DEFAULT 0,
        "total" integer NOT NULL DEFAULT 0,
        "done" integer NOT NULL DEFAULT 0,
        "failed" integer NOT NULL DEFAULT 0,
        "quota" bigint NOT NULL DEFAULT 0,
        "estimated_quota" bigint NOT NULL DEFAULT 0,
        "prepared" boolean NOT NULL DEFAULT false,
        "cancel_requested" boolean NOT NULL DEFAULT false,
        "worker" varchar(100) NOT NULL DEFAULT '',
        "resumes" integer NOT NULL DEFAULT 0,
        "error" text NOT NULL DEFAULT '',
        "created_at" bigint NOT NULL,
        "finished_at" bigint NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE INDEX "idx_workflow_runs_user" ON "workflow_runs" ("user_id", "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_workflow_runs_app" ON "workflow_runs" ("app_id", "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_workflow_runs_running" ON "workflow_runs" ("id") WHERE "status" = 'running'`);
    await queryRunner.query(`
      CREATE TABLE "workflow_run_samples" (
        "run_id" integer NOT NULL REFERENCES "workflow_runs" ("id") ON DELETE CASCADE,
        "idx" integer NOT NULL,
        "input" text NOT NULL,
        "reference" text NOT NULL DEFAULT '',
        "choice" boolean NOT NULL DEFAULT false,
        PRIMARY KEY ("run_id", "idx")
      )`);
    await queryRunner.query(`
      CREATE TABLE "workflow_run_answers" (
        "run_id" integer NOT NULL REFERENCES "workflow_runs" ("id") ON DELETE CASCADE,
        "idx" integer NOT NULL,
        "col" smallint NOT NULL,
        "status" varchar(8) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'done', 'failed')),
        "answer" text NOT NULL DEFAULT '',
        "score" smallint,
        "score_kind" varchar(8),
        "quota" bigint NOT NULL DEFAULT 0,
        "prompt_tokens" integer NOT NULL DEFAULT 0,
        "completion_tokens" integer NOT NULL DEFAULT 0,
        "use_time_ms" integer NOT NULL DEFAULT 0,
        "first_token_ms" integer NOT NULL DEFAULT 0,
        "error" text NOT NULL DEFAULT '',
        "request_id" varchar(64) NOT NULL DEFAULT '',
        PRIMARY KEY ("run_id", "idx", "col")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_workflow_run_answers_pending" ON "workflow_run_answers" ("run_id", "idx", "col") WHERE "status" = 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "workflow_run_answers"`);
    await queryRunner.query(`DROP TABLE "workflow_run_samples"`);
    await queryRunner.query(`DROP TABLE "workflow_runs"`);
  }
}
