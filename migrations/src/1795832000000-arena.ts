import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The compare chat's arena (issue 33). A battle is a talking of mode 'arena' whose conversations
 * carry their place (A, B, C) and stay hidden until a round is voted (`revealed_at`). Votes keep a
 * copy of what the leaderboard needs (each place's model, cost and first-token time), so they
 * outlive the talking: deleting a battle does not rewrite the leaderboard. Leaderboards are
 * computed by a job after votes and kept per scope ('all', 'user:<id>') and category.
 */
export class Arena1795832000000 implements MigrationInterface {
  name = 'Arena1795832000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "talkings" ADD COLUMN "mode" varchar(8) NOT NULL DEFAULT 'chat' CHECK ("mode" IN ('chat', 'arena'))`);
    await queryRunner.query(`ALTER TABLE "talkings" ADD COLUMN "category" varchar(50) NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "talkings" ADD COLUMN "revealed_at" bigint`);
    await queryRunner.query(`ALTER TABLE "conversations" ADD COLUMN "arena_label" varchar(1) NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "conversations" ADD COLUMN "arena_hidden" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`
      CREATE TABLE "arena_votes" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL,
        "talking_id" integer REFERENCES "talkings" ("id") ON DELETE SET NULL,
        "round_id" bigint NOT NULL,
        "winner" varchar(16) NOT NULL,
        "category" varchar(50) NOT NULL DEFAULT '',
        "models" jsonb NOT NULL,
        "self_identified" boolean NOT NULL DEFAULT false,
        "created_at" bigint NOT NULL,
        UNIQUE ("talking_id", "round_id")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_arena_votes_user" ON "arena_votes" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "arena_boards" (
        "scope" varchar(32) NOT NULL,
        "category" varchar(50) NOT NULL,
        "ratings" jsonb NOT NULL DEFAULT '[]',
        "matrix" jsonb NOT NULL DEFAULT '{"models":[],"rates":[],"counts":[]}',
        "votes" integer NOT NULL DEFAULT 0,
        "version" integer NOT NULL DEFAULT 1,
        "computed_version" integer NOT NULL DEFAULT 0,
        "computed_drop" boolean NOT NULL DEFAULT false,
        "computed_at" bigint NOT NULL DEFAULT 0,
        PRIMARY KEY ("scope", "category")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "arena_boards"`);
    await queryRunner.query(`DROP TABLE "arena_votes"`);
    await queryRunner.query(`ALTER TABLE "conversations" DROP COLUMN "arena_hidden"`);
    await queryRunner.query(`ALTER TABLE "conversations" DROP COLUMN "arena_label"`);
    await queryRunner.query(`ALTER TABLE "talkings" DROP COLUMN "revealed_at"`);
    await queryRunner.query(`ALTER TABLE "talkings" DROP COLUMN "category"`);
    await queryRunner.query(`ALTER TABLE "talkings" DROP COLUMN "mode"`);
  }
}
