import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The append-only audit log of administrative changes (issue 31): who changed what, when, from
 * where, and only the fields that changed (secrets as a marker, never their value). Nothing in the
 * product updates or deletes a row; the retention job deletes rows older than AuditLogRetentionDays.
 * Plain SQL: it runs on PGlite too.
 */
export class AuditLog1795824000000 implements MigrationInterface {
  name = 'AuditLog1795824000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "audit_logs" (
        "id" bigserial PRIMARY KEY,
        "actor_id" integer NOT NULL,
        "actor_name" varchar(64) NOT NULL DEFAULT '',
        "actor_role" integer NOT NULL DEFAULT 0,
        "ip" varchar(64) NOT NULL DEFAULT '',
        "action" varchar(64) NOT NULL,
        "target_type" varchar(32) NOT NULL,
        "target_id" text NOT NULL DEFAULT '',
        "before" jsonb NOT NULL DEFAULT '{}',
        "after" jsonb NOT NULL DEFAULT '{}',
        "created_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_audit_logs_created_at" ON "audit_logs" ("created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_audit_logs_actor" ON "audit_logs" ("actor_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_audit_logs_target" ON "audit_logs" ("target_type", "target_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_audit_logs_action" ON "audit_logs" ("action", "created_at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "audit_logs"`);
  }
}
