import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read-only share links of workflow runs (issue 30). A link's token is shown once and kept only as
 * its SHA-256 (`token_hash`); revoking sets `revoked_at`. At most one live (not revoked) link per
 * run (a partial unique index): creating a new one revokes the old first.
 */
export class WorkflowRunShares1795820000000 implements MigrationInterface {
  name = 'WorkflowRunShares1795820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "workflow_run_shares" (
        "id" serial PRIMARY KEY,
        "run_id" integer NOT NULL REFERENCES "workflow_runs" ("id") ON DELETE CASCADE,
        "user_id" integer NOT NULL,
        "token_hash" varchar(64) NOT NULL UNIQUE,
        "created_at" bigint NOT NULL,
        "revoked_at" bigint NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_workflow_run_shares_live" ON "workflow_run_shares" ("run_id") WHERE "revoked_at" = 0`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "workflow_run_shares"`);
  }
}
