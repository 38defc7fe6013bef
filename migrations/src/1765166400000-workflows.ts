import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workflow projects and their workflow records (spec 3 §3 Project / Workflow; issue 16).
 *
 * A project (`workflow_apps`) belongs to one user and keeps the nodes and edges it was created with
 * (the editor's fallback, spec 3 §4). Its workflows (`workflows`) are versions of the graph: the
 * one with version 'draft' is what the editor loads and saves (at most one per app); runs will
 * freeze the draft into a numbered version and point at it, so a run keeps the graph it ran.
 * Deleting a project deletes its workflows (and, later, their runs) with it.
 */
export class Workflows1765166400000 implements MigrationInterface {
  name = 'Workflows1765166400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "workflow_apps" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "title" varchar(100) NOT NULL,
        "description" varchar(2000) NOT NULL DEFAULT '',
        "status" varchar(16) NOT NULL DEFAULT 'stopped',
        "author" varchar(100) NOT NULL DEFAULT '',
        "create_by_str" varchar(255) NOT NULL DEFAULT '',
        "nodes" jsonb NOT NULL DEFAULT '[]',
        "edges" jsonb NOT NULL DEFAULT '[]',
        "has_run" boolean NOT NULL DEFAULT false,
        "created_at" bigint NOT NULL,
        "updated_at" bigint NOT NULL,
        "open_time" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_workflow_apps_user" ON "workflow_apps" ("user_id", "updated_at" DESC, "id" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "workflows" (
        "id" SERIAL PRIMARY KEY,
        "app_id" integer NOT NULL REFERENCES "workflow_apps" ("id") ON DELETE CASCADE,
        "user_id" integer NOT NULL,
        "version" varchar(32) NOT NULL DEFAULT 'draft',
        "type" varchar(16) NOT NULL DEFAULT 'chat',
        "graph" text NOT NULL,
        "features" text NOT NULL DEFAULT '',
        "conversation_variables" text NOT NULL DEFAULT '',
        "environment_variables" text NOT NULL DEFAULT '',
        "created_at" bigint NOT NULL,
        "updated_at" bigint NOT NULL,
        CONSTRAINT "uq_workflows_app_version" UNIQUE ("app_id", "version")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_workflows_user" ON "workflows" ("user_id", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "workflows"`);
    await queryRunner.query(`DROP TABLE "workflow_apps"`);
  }
}
