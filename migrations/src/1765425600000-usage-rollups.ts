import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The columns of `logs` before this migration, in order (the copy names them). */
const LOG_COLUMNS = [
  'id', 'created_at', 'type', 'user_id', 'username', 'token_id', 'token_name', 'channel', 'channel_name', 'model_name',
  'resp_model_name', 'group', 'quota', 'prompt_tokens', 'prompt_audio_tokens', 'cache_creation_input_tokens',
  'cache_read_input_tokens', 'completion_tokens', 'thoughts_tokens', 'use_time', 'is_stream', 'status_code', 'content',
  'other', 'attempts_log', 'request_id', 'ip', 'inbound_format',
]
  .map((name) => `"${name}"`)
  .join(', ');

/**
 * Statistics, monitor and dashboard (issue 17).
 *
 * `logs` becomes partitioned by month of `created_at` (UTC months, partitions `logs_YYYYMM`), so that
 * cleaning old logs drops whole partitions. A default partition catches a row of a month that has no
 * partition yet; `gw_ensure_log_partition` creates a month's partition, moving such rows into it.
 * The server keeps the current and the next two months created ahead. Two columns are added: the
 * `instance` that served the request and `use_time_ms`, its duration in milliseconds.
 *
 * Three roll-ups summarise the consumption (type 2) and error (type 5) logs, each with the
 * dimensions of its readers, so that a read sums few rows (`grain` m/h/d, `bucket` the period's
 * start in unix seconds, days and hours of the configured timezone): `usage_rollups` for the
 * statistics (hour, day × instance × user × token × model × price), `usage_token_rollups` for the
 * downstream monitor and one user's dashboard (minute, hour, day × user × token × model × channel),
 * `usage_channel_rollups` for the upstream monitor and everyone's dashboard (minute, hour, day ×
 * channel × model). `usage_rollup_state` holds the id of the last log rolled up: a batch of logs
 * is added to all three and the id moves forward in one transaction, so a crash never counts a
 * log twice or drops it.
 */
export class UsageRollups1765425600000 implements MigrationInterface {
  name = 'UsageRollups1765425600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "logs" RENAME TO "logs_unpartitioned"`);
    await queryRunner.query(`DROP INDEX "idx_logs_created_at"`);
    await queryRunner.query(`DROP INDEX "idx_logs_user_created"`);
    await queryRunner.query(`DROP INDEX "idx_logs_type_created"`);
    await queryRunner.query(`ALTER TABLE "logs_unpartitioned" RENAME CONSTRAINT "logs_pkey" TO "logs_unpartitioned_pkey"`);
    await queryRunner.query(`
      CREATE TABLE "logs" (
        "id" bigint NOT NULL DEFAULT nextval('logs_id_seq'),
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
        "ip" varchar(64) NOT NULL DEFAULT '',
        "inbound_format" varchar(16),
        "instance" varchar(64) NOT NULL DEFAULT '',
        "use_time_ms" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("id", "created_at")
      ) PARTITION BY RANGE ("created_at")`);
    await queryRunner.query(`ALTER SEQUENCE "logs_id_seq" OWNED BY "logs"."id"`);
    await queryRunner.query(`CREATE TABLE "logs_default" PARTITION OF "logs" DEFAULT`);
    await queryRunner.query(`CREATE INDEX "idx_logs_created_at" ON "logs" ("created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_logs_user_created" ON "logs" ("user_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_logs_type_created" ON "logs" ("type", "created_at" DESC)`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION gw_ensure_log_partition(p_ts bigint) RETURNS text AS $$
      DECLARE
        month_start timestamp := date_trunc('month', to_timestamp(p_ts) AT TIME ZONE 'UTC');
        lo bigint := extract(epoch FROM month_start AT TIME ZONE 'UTC')::bigint;
        hi bigint := extract(epoch FROM (month_start + interval '1 month') AT TIME ZONE 'UTC')::bigint;
        part text := 'logs_' || to_char(month_start, 'YYYYMM');
      BEGIN
        IF to_regclass(part) IS NOT NULL THEN RETURN part; END IF;
        -- One creator at a time across instances; the second finds the partition made.
        PERFORM pg_advisory_xact_lock(hashtext('gw_ensure_log_partition'));
        IF to_regclass(part) IS NOT NULL THEN RETURN part; END IF;
        EXECUTE format('CREATE TABLE %I (LIKE logs INCLUDING DEFAULTS)', part);
        -- Rows of this month that arrived before its partition existed wait in the default partition.
        EXECUTE format('WITH moved AS (DELETE FROM logs_default WHERE created_at >= %s AND created_at < %s RETURNING *) INSERT INTO %I SELECT * FROM moved', lo, hi, part);
        EXECUTE format('ALTER TABLE logs ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', part, lo, hi);
        RETURN part;
      END $$ LANGUAGE plpgsql`);
    // A partition for every month that has logs, then the current month and the next two.
    await queryRunner.query(`
      SELECT gw_ensure_log_partition(m) FROM (
        SELECT DISTINCT extract(epoch FROM date_trunc('month', to_timestamp(created_at) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::bigint AS m FROM "logs_unpartitioned"
        UNION SELECT extract(epoch FROM now() + make_interval(months => k))::bigint FROM generate_series(0, 2) AS k
      ) AS months`);
    await queryRunner.query(`INSERT INTO "logs" (${LOG_COLUMNS}, "use_time_ms") SELECT ${LOG_COLUMNS}, "use_time" * 1000 FROM "logs_unpartitioned"`);
    await queryRunner.query(`DROP TABLE "logs_unpartitioned"`);

    // The figures every roll-up keeps (usage-rollup.service.ts sums them).
    const FIGURES = `
        "request_count" bigint NOT NULL,
        "success_count" bigint NOT NULL,
        "error_count" bigint NOT NULL,
        "prompt_tokens" bigint NOT NULL,
        "completion_tokens" bigint NOT NULL,
        "cache_creation_tokens" bigint NOT NULL,
        "cache_read_tokens" bigint NOT NULL,
        "thoughts_tokens" bigint NOT NULL,
        "prompt_audio_tokens" bigint NOT NULL,
        "quota" bigint NOT NULL,
        "calculate_quota" bigint NOT NULL,
        "use_time_ms" bigint NOT NULL,
        "frt_ms" bigint NOT NULL,
        "frt_count" bigint NOT NULL`;
    // The statistics page: hour and day × instance × user × token × model × price (its detail rows).
    await queryRunner.query(`
      CREATE TABLE "usage_rollups" (
        "grain" char(1) NOT NULL CHECK ("grain" IN ('h', 'd')),
        "bucket" bigint NOT NULL,
        "instance" varchar(64) NOT NULL,
        "user_id" integer NOT NULL,
        "token_id" integer NOT NULL,
        "model_name" varchar(255) NOT NULL,
        "price_key" varchar(255) NOT NULL,
        "username" varchar(64) NOT NULL,
        "token_name" varchar(64) NOT NULL,
        "model_ratio" float8 NOT NULL,
        "completion_ratio" float8 NOT NULL,
        "group_ratio" float8 NOT NULL,
        "cache_read_ratio" float8 NOT NULL,
        "cache_creation_ratio" float8 NOT NULL,
        "audio_ratio" float8 NOT NULL,
        "model_price" float8,${FIGURES},
        PRIMARY KEY ("grain", "bucket", "instance", "user_id", "token_id", "model_name", "price_key")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_usage_rollups_user" ON "usage_rollups" ("grain", "user_id", "bucket")`);
    // The downstream monitor and one user's dashboard: minute, hour and day × user × token × model × channel.
    await queryRunner.query(`
      CREATE TABLE "usage_token_rollups" (
        "grain" char(1) NOT NULL CHECK ("grain" IN ('m', 'h', 'd')),
        "bucket" bigint NOT NULL,
        "user_id" integer NOT NULL,
        "token_id" integer NOT NULL,
        "model_name" varchar(255) NOT NULL,
        "channel_id" integer NOT NULL,
        "token_name" varchar(64) NOT NULL,
        "channel_name" varchar(128) NOT NULL,${FIGURES},
        PRIMARY KEY ("grain", "user_id", "bucket", "token_id", "model_name", "channel_id")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_usage_token_rollups_bucket" ON "usage_token_rollups" ("grain", "bucket")`);
    // The upstream monitor and everyone's dashboard: minute, hour and day × channel × model.
    await queryRunner.query(`
      CREATE TABLE "usage_channel_rollups" (
        "grain" char(1) NOT NULL CHECK ("grain" IN ('m', 'h', 'd')),
        "bucket" bigint NOT NULL,
        "channel_id" integer NOT NULL,
        "model_name" varchar(255) NOT NULL,
        "channel_name" varchar(128) NOT NULL,${FIGURES},
        PRIMARY KEY ("grain", "bucket", "channel_id", "model_name")
      )`);
    await queryRunner.query(`
      CREATE TABLE "usage_rollup_state" (
        "id" smallint PRIMARY KEY CHECK ("id" = 1),
        "last_log_id" bigint NOT NULL DEFAULT 0,
        "covered_at" bigint NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`INSERT INTO "usage_rollup_state" ("id") VALUES (1)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "usage_rollup_state"`);
    await queryRunner.query(`DROP TABLE "usage_channel_rollups"`);
    await queryRunner.query(`DROP TABLE "usage_token_rollups"`);
    await queryRunner.query(`DROP TABLE "usage_rollups"`);
    await queryRunner.query(`DROP FUNCTION gw_ensure_log_partition(bigint)`);
    await queryRunner.query(`ALTER TABLE "logs" RENAME TO "logs_partitioned"`);
    await queryRunner.query(`DROP INDEX "idx_logs_created_at"`);
    await queryRunner.query(`DROP INDEX "idx_logs_user_created"`);
    await queryRunner.query(`DROP INDEX "idx_logs_type_created"`);
    await queryRunner.query(`
      CREATE TABLE "logs" (LIKE "logs_partitioned" INCLUDING DEFAULTS)`);
    await queryRunner.query(`ALTER TABLE "logs" DROP COLUMN "instance", DROP COLUMN "use_time_ms", ADD PRIMARY KEY ("id")`);
    await queryRunner.query(`INSERT INTO "logs" SELECT ${LOG_COLUMNS} FROM "logs_partitioned"`);
    await queryRunner.query(`ALTER SEQUENCE "logs_id_seq" OWNED BY "logs"."id"`);
    await queryRunner.query(`DROP TABLE "logs_partitioned"`);
    await queryRunner.query(`CREATE INDEX "idx_logs_created_at" ON "logs" ("created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_logs_user_created" ON "logs" ("user_id", "created_at" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_logs_type_created" ON "logs" ("type", "created_at" DESC)`);
  }
}
