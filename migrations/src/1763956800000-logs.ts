import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Usage logs: one row per relayed request (spec 2 §3 Log), written in batches off the hot path.
 * Rows grow without bound: they are cleaned by time (DELETE /api/log?target_timestamp), and the
 * indexes serve the log page's filters, newest first.
 */
export class Logs1763956800000 implements MigrationInterface {
  name = 'Logs1763956800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "logs" (
        "id" BIGSERIAL PRIMARY KEY,
        "created_at" bigint NOT NULL,
        "type" integer NOT NULL,
        "user_id" integer NOT NULL DEFAULT 0,
        "username" varchar(64) NOT NULL DEFAULT '',
        "token_id" integer NOT NULL DEFAULT 0,
        "token_name" varchar(64) NOT NULL DEFAULT '',
        "channel" integer NOT NULL DEFAULT 0,
        "channel_name" varchar(128) NOT NULL DEFAULT '',
        "model_name" varchar(255) NOT NULL DEFAULT '',
        "resp_model_name" varchar(255) NOT NULL DEFAULT '',
        "group" varchar(64) NOT NULL DEFAULT '',
        "quota" bigint NOT NULL DEFAULT 0,
        "prompt_tokens" integer NOT NULL DEFAULT 0,
        "prompt_audio_tokens" integer NOT NULL DEFAULT 0,
        "cache_creation_input_tokens" integer NOT NULL DEFAULT 0,
        "cache_read_input_tokens" integer NOT NULL DEFAULT 0,
        "completion_tokens" integer NOT NULL DEFAULT 0,
        "thoughts_tokens" integer NOT NULL DEFAULT 0,
        "use_time" integer NOT NULL DEFAULT 0,
        "is_stream" boolean NOT NULL DEFAULT false,
        "status_code" integer NOT NULL DEFAULT 0,
        "content" text NOT NULL DEFAULT '',
        "other" text NOT NULL DEFAULT '',
        "attempts_log" text NOT NULL DEFAULT '',
        "request_id" varchar(64) NOT NULL DEFAULT '',
        "ip" varchar(64) NOT NULL DEFAULT ''
      )`);
    await queryRunner.query(`CREATE INDEX "idx_logs_created_at" ON "logs" ("created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_logs_user_created" ON "logs" ("user_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_logs_type_created" ON "logs" ("type", "created_at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "logs"`);
  }
}
