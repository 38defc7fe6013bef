import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The gateway's two registries: users' API tokens, upstream channels, and the abilities index. */
export class TokensChannelsAbilities1763870400000 implements MigrationInterface {
  name = 'TokensChannelsAbilities1763870400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "tokens" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "name" varchar(64) NOT NULL,
        "key_hash" varchar(64) NOT NULL,
        "key_sealed" text NOT NULL,
        "status" integer NOT NULL DEFAULT 1,
        "remain_quota" bigint NOT NULL DEFAULT 0,
        "used_quota" bigint NOT NULL DEFAULT 0,
        "unlimited_quota" boolean NOT NULL DEFAULT false,
        "created_time" bigint NOT NULL,
        "accessed_time" bigint NOT NULL DEFAULT 0,
        "expired_time" bigint NOT NULL DEFAULT -1,
        "model_limits_enabled" boolean NOT NULL DEFAULT false,
        "model_limits" text NOT NULL DEFAULT '',
        "allow_ips" text NOT NULL DEFAULT '',
        "group" varchar(64) NOT NULL DEFAULT '',
        "rate_limit_enabled" boolean NOT NULL DEFAULT false,
        "rate_per_minute" integer NOT NULL DEFAULT 0
      )`);
    // The relay finds a token by the hash of its key on every call.
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_tokens_key_hash" ON "tokens" ("key_hash")`);
    await queryRunner.query(`CREATE INDEX "idx_tokens_user_id" ON "tokens" ("user_id", "id")`);

    await queryRunner.query(`
      CREATE TABLE "channels" (
        "id" SERIAL PRIMARY KEY,
        "type" integer NOT NULL,
        "name" varchar(128) NOT NULL,
        "key_sealed" text NOT NULL,
        "status" integer NOT NULL DEFAULT 1,
        "group" varchar(255) NOT NULL DEFAULT 'default',
        "models" text NOT NULL DEFAULT '',
        "base_url" varchar(512) NOT NULL DEFAULT '',
        "other" text NOT NULL DEFAULT '',
        "openai_organization" varchar(128) NOT NULL DEFAULT '',
        "test_model" varchar(128) NOT NULL DEFAULT '',
        "model_mapping" text NOT NULL DEFAULT '',
        "status_code_mapping" text NOT NULL DEFAULT '',
        "model_req_config" text NOT NULL DEFAULT '',
        "model_req_limit" text NOT NULL DEFAULT '',
        "max_input_tokens" integer NOT NULL DEFAULT 0,
        "tag" varchar(64) NOT NULL DEFAULT '',
        "priority" integer NOT NULL DEFAULT 0,
        "weight" integer NOT NULL DEFAULT 0,
        "auto_ban" integer NOT NULL DEFAULT 1,
        "balance" double precision NOT NULL DEFAULT 0,
        "balance_updated_time" bigint NOT NULL DEFAULT 0,
        "used_quota" bigint NOT NULL DEFAULT 0,
        "response_time" integer NOT NULL DEFAULT 0,
        "test_time" bigint NOT NULL DEFAULT 0,
        "created_time" bigint NOT NULL,
        "other_info" text NOT NULL DEFAULT ''
      )`);
    await queryRunner.query(`CREATE INDEX "idx_channels_tag" ON "channels" ("tag")`);
    await queryRunner.query(`CREATE INDEX "idx_channels_status" ON "channels" ("status")`);

    await queryRunner.query(`
      CREATE TABLE "abilities" (
        "group" varchar(64) NOT NULL,
        "model" varchar(255) NOT NULL,
        "channel_id" integer NOT NULL REFERENCES "channels" ("id") ON DELETE CASCADE,
        "enabled" boolean NOT NULL,
        "priority" integer NOT NULL DEFAULT 0,
        "weight" integer NOT NULL DEFAULT 0,
        "tag" varchar(64) NOT NULL DEFAULT '',
        "is_deep_seek" boolean NOT NULL DEFAULT false,
        "is_viewable" boolean NOT NULL DEFAULT false,
        PRIMARY KEY ("group", "model", "channel_id")
      )`);
    // Channel choice: enabled channels for a group and model, highest priority first.
    await queryRunner.query(`CREATE INDEX "idx_abilities_choice" ON "abilities" ("group", "model", "priority" DESC) WHERE "enabled"`);
    await queryRunner.query(`CREATE INDEX "idx_abilities_channel_id" ON "abilities" ("channel_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "abilities"`);
    await queryRunner.query(`DROP TABLE "channels"`);
    await queryRunner.query(`DROP TABLE "tokens"`);
  }
}
