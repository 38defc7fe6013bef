import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Async tasks (issue 18): Midjourney drawings and Suno music followed until they end.
 *
 * - `tasks`: one row per submitted task. `public_id` is what clients and the console see;
 *   `upstream_id` (the provider's id) never leaves the server. Times are unix milliseconds, as
 *   the providers give them. `version` grows with every change: a change is applied only to the
 *   version it was computed from (compare-and-swap), so concurrent polls and notifies never undo
 *   each other.
 * - The task's price is reserved at submit as a direct reservation of the pseudo-instance
 *   `tasks` numbered by the task id (quota_reservations), in the same statement that creates the
 *   row. No instance owns it, so no recovery ever gives it back: only the task's final status
 *   does, once — settled with its log row (gw_settle_task) or refunded (gw_refund_reservation),
 *   each deleting the reservation row, which is what makes either happen at most once.
 */
export class AsyncTasks1765598400000 implements MigrationInterface {
  name = 'AsyncTasks1765598400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "tasks" (
        "id" bigserial PRIMARY KEY,
        "public_id" varchar(64) NOT NULL UNIQUE,
        "platform" varchar(16) NOT NULL,
        "upstream_id" varchar(128) NOT NULL DEFAULT '',
        "user_id" integer NOT NULL,
        "username" varchar(255) NOT NULL DEFAULT '',
        "token_id" integer NOT NULL,
        "token_name" varchar(255) NOT NULL DEFAULT '',
        "group" varchar(64) NOT NULL DEFAULT '',
        "channel_id" integer NOT NULL,
        "model_name" varchar(64) NOT NULL,
        "action" varchar(32) NOT NULL,
        "origin_id" bigint,
        "code" integer NOT NULL DEFAULT 0,
        "status" varchar(20) NOT NULL DEFAULT '',
        "progress" varchar(16) NOT NULL DEFAULT '',
        "prompt" text NOT NULL DEFAULT '',
        "prompt_en" text NOT NULL DEFAULT '',
        "description" text NOT NULL DEFAULT '',
        "fail_reason" text NOT NULL DEFAULT '',
        "image_url" text NOT NULL DEFAULT '',
        "result" jsonb,
        "notify_hook" varchar(1000) NOT NULL DEFAULT '',
        "state" text NOT NULL DEFAULT '',
        "quota" bigint NOT NULL DEFAULT 0,
        "submit_time" bigint NOT NULL DEFAULT 0,
        "start_time" bigint NOT NULL DEFAULT 0,
        "finish_time" bigint NOT NULL DEFAULT 0,
        "updated_at" bigint NOT NULL DEFAULT 0,
        "version" integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE INDEX "idx_tasks_user" ON "tasks" ("platform", "user_id", "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_tasks_platform" ON "tasks" ("platform", "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_tasks_upstream" ON "tasks" ("channel_id", "upstream_id")`);
    // What the poller reads: only the tasks that have not ended.
    await queryRunner.query(`CREATE INDEX "idx_tasks_unfinished" ON "tasks" ("channel_id", "id") WHERE "status" NOT IN ('SUCCESS', 'FAILURE')`);

    // Settles a task's reservation at its price, with its log row, if it is still outstanding.
    // Returns the quota charged, or -1 when the task was already settled or refunded.
    await queryRunner.query(`
      CREATE FUNCTION gw_settle_task(p_task bigint, p_channel integer, p_log jsonb, p_now bigint) RETURNS bigint AS $$
      DECLARE
        r quota_reservations%ROWTYPE;
        charged bigint;
        columns text;
      BEGIN
        SELECT * INTO r FROM quota_reservations WHERE instance_id = 'tasks' AND reservation_no = p_task;
        IF NOT FOUND THEN RETURN -1; END IF;
        -- User row first, as every quota step; then the reservation row, which decides who settles.
        PERFORM 1 FROM users WHERE id = r.user_id FOR UPDATE;
        DELETE FROM quota_reservations WHERE instance_id = 'tasks' AND reservation_no = p_task RETURNING * INTO r;
        IF NOT FOUND THEN RETURN -1; END IF;
        charged := gw_settle_quota(r.user_id, r.token_id, p_channel, r.amount, r.amount, p_now);
        IF p_log IS NOT NULL THEN
          SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO columns
            FROM pg_attribute WHERE attrelid = 'logs'::regclass AND attnum > 0 AND NOT attisdropped AND attname <> 'id';
          EXECUTE format('INSERT INTO logs (%s) SELECT %s FROM jsonb_populate_record(NULL::logs, $1)', columns, columns)
            USING jsonb_set(p_log, '{quota}', to_jsonb(charged));
        END IF;
        RETURN charged;
      END
      $$ LANGUAGE plpgsql`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION gw_settle_task(bigint, integer, jsonb, bigint)');
    await queryRunner.query(`DELETE FROM quota_reservations WHERE instance_id = 'tasks'`);
    await queryRunner.query('DROP TABLE "tasks"');
  }
}
