import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signed-in devices (issue 31). `last_seen_at` is the last request seen (moved with the idle end,
 * a write every few minutes); existing sessions start at their sign-in. `public_id` names a
 * session to its browser and the console: random, so it tells nothing about the session's secret
 * (`id_hash` stays on the server). Existing rows get one from gen_random_uuid() (core since
 * PostgreSQL 13, in PGlite too); new ones from the server's random source.
 */
export class SessionDevices1795826000000 implements MigrationInterface {
  name = 'SessionDevices1795826000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sessions" ADD COLUMN "last_seen_at" bigint`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD COLUMN "public_id" varchar(32)`);
    await queryRunner.query(`UPDATE "sessions" SET "last_seen_at" = "created_at", "public_id" = replace(gen_random_uuid()::text, '-', '')`);
    await queryRunner.query(`ALTER TABLE "sessions" ALTER COLUMN "last_seen_at" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "sessions" ALTER COLUMN "public_id" SET NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_sessions_public_id" ON "sessions" ("public_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_sessions_public_id"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "public_id"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "last_seen_at"`);
  }
}
