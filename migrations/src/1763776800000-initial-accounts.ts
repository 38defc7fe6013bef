import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, their sessions, options and release notes: the foundation's tables. */
export class InitialAccounts1763776800000 implements MigrationInterface {
  name = 'InitialAccounts1763776800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" SERIAL PRIMARY KEY,
        "username" varchar(20) NOT NULL,
        "password_hash" varchar(255) NOT NULL,
        "display_name" varchar(64) NOT NULL DEFAULT '',
        "role" integer NOT NULL DEFAULT 1,
        "status" integer NOT NULL DEFAULT 1,
        "email" varchar(255) NOT NULL DEFAULT '',
        "github_id" varchar(64) NOT NULL DEFAULT '',
        "wechat_id" varchar(64) NOT NULL DEFAULT '',
        "telegram_id" varchar(64) NOT NULL DEFAULT '',
        "linux_do_id" varchar(64) NOT NULL DEFAULT '',
        "access_token_hash" varchar(64),
        "quota" bigint NOT NULL DEFAULT 0,
        "used_quota" bigint NOT NULL DEFAULT 0,
        "request_count" integer NOT NULL DEFAULT 0,
        "group" varchar(64) NOT NULL DEFAULT 'default',
        "aff_code" varchar(32),
        "aff_count" integer NOT NULL DEFAULT 0,
        "aff_quota" bigint NOT NULL DEFAULT 0,
        "aff_history_quota" bigint NOT NULL DEFAULT 0,
        "inviter_id" integer,
        "created_at" bigint NOT NULL,
        "deleted_at" bigint,
        CONSTRAINT "chk_users_quota" CHECK ("quota" >= 0),
        CONSTRAINT "chk_users_aff_quota" CHECK ("aff_quota" >= 0)
      )`);
    // A deleted user's name may be taken again; live names are unique.
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username_live" ON "users" ("username") WHERE "deleted_at" IS NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_access_token_hash" ON "users" ("access_token_hash") WHERE "access_token_hash" IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_aff_code" ON "users" ("aff_code") WHERE "aff_code" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "idx_users_email" ON "users" ("email")`);

    await queryRunner.query(`
      CREATE TABLE "sessions" (
        "id_hash" varchar(64) PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "ip" varchar(64) NOT NULL DEFAULT '',
        "user_agent" varchar(255) NOT NULL DEFAULT '',
        "created_at" bigint NOT NULL,
        "expires_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_sessions_user_id" ON "sessions" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "idx_sessions_expires_at" ON "sessions" ("expires_at")`);

    await queryRunner.query(`
      CREATE TABLE "options" (
        "key" varchar(64) PRIMARY KEY,
        "value" text NOT NULL,
        "updated_at" bigint NOT NULL
      )`);

    await queryRunner.query(`
      CREATE TABLE "update_notes" (
        "id" SERIAL PRIMARY KEY,
        "title" varchar(255) NOT NULL,
        "content" text NOT NULL,
        "created_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_update_notes_created_at" ON "update_notes" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "update_notes"`);
    await queryRunner.query(`DROP TABLE "options"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
