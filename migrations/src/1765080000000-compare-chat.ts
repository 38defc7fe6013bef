import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The multi-model compare chat (spec 3 §3 Talking, Conversation, Message; issue 15).
 *
 * A talking holds one conversation per model; a conversation holds message rows, each one exchange
 * (the user's query and the model's answer). Rows of one turn share `round_id` (the id of the
 * turn's first row): a regenerated answer repeats the query of `query_id`, an edited query starts
 * a new `query_id`. Everything belongs to one user, and every call checks it.
 *
 * The cost and speed of an answer (quota, tokens, first-token time, duration) are copied from the
 * relay's settlement when the answer ends, so the compare page reads them without the log table.
 */
export class CompareChat1765080000000 implements MigrationInterface {
  name = 'CompareChat1765080000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "talkings" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "name" varchar(50) NOT NULL,
        "summary" varchar(500) NOT NULL DEFAULT '',
        "created_at" bigint NOT NULL,
        "updated_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_talkings_user" ON "talkings" ("user_id", "updated_at" DESC, "id" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "conversations" (
        "id" SERIAL PRIMARY KEY,
        "talking_id" integer NOT NULL REFERENCES "talkings" ("id") ON DELETE CASCADE,
        "user_id" integer NOT NULL,
        "model_name" varchar(255) NOT NULL,
        "dialogue_count" integer NOT NULL DEFAULT 0,
        "created_at" bigint NOT NULL,
        "updated_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_conversations_talking" ON "conversations" ("talking_id", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_conversations_user" ON "conversations" ("user_id", "updated_at" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "chat_messages" (
        "id" BIGSERIAL PRIMARY KEY,
        "conversation_id" integer NOT NULL REFERENCES "conversations" ("id") ON DELETE CASCADE,
        "user_id" integer NOT NULL,
        "model_name" varchar(255) NOT NULL,
        "query" text NOT NULL DEFAULT '',
        "message" jsonb NOT NULL,
        "answer" text NOT NULL DEFAULT '',
        "thinking" text NOT NULL DEFAULT '',
        "last_id" bigint,
        "last_edit_id" bigint,
        "round_id" bigint NOT NULL,
        "query_id" bigint NOT NULL,
        "stop_index" integer CHECK ("stop_index" >= 0),
        "status" varchar(16) NOT NULL DEFAULT 'streaming' CHECK ("status" IN ('streaming', 'done', 'stopped', 'error')),
        "error" text NOT NULL DEFAULT '',
        "quota" bigint NOT NULL DEFAULT 0,
        "prompt_tokens" integer NOT NULL DEFAULT 0,
        "completion_tokens" integer NOT NULL DEFAULT 0,
        "first_token_ms" integer NOT NULL DEFAULT 0,
        "duration_ms" integer NOT NULL DEFAULT 0,
        "request_id" varchar(64) NOT NULL DEFAULT '',
        "created_at" bigint NOT NULL,
        "updated_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_chat_messages_conversation" ON "chat_messages" ("conversation_id", "round_id", "id")`);
    await queryRunner.query(`
      CREATE TABLE "chat_files" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "key" varchar(500) NOT NULL UNIQUE,
        "name" varchar(255) NOT NULL,
        "type" varchar(100) NOT NULL,
        "size" bigint NOT NULL,
        "created_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_chat_files_user" ON "chat_files" ("user_id", "id")`);
    await queryRunner.query(`
      CREATE TABLE "user_model_configs" (
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "model_name" varchar(255) NOT NULL,
        "config" jsonb NOT NULL,
        "updated_at" bigint NOT NULL,
        PRIMARY KEY ("user_id", "model_name")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_model_configs"`);
    await queryRunner.query(`DROP TABLE "chat_files"`);
    await queryRunner.query(`DROP TABLE "chat_messages"`);
    await queryRunner.query(`DROP TABLE "conversations"`);
    await queryRunner.query(`DROP TABLE "talkings"`);
  }
}
