import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29's multi-key and model-health gaps:
 *
 * - `tasks.key_id`: the key of a multi-key channel that submitted the task (channel_keys.id; 0 for
 *   a single-key channel, and for tasks submitted before this migration, which keep being polled
 *   with the channel's first key as before). The provider knows a task only under the account
 *   that submitted it, so every poll of the task, and every action on it, uses that key.
 * - `idx_logs_failed_over`: the log rows of requests that tried more than one attempt (their
 *   attempts_log holds a second attempt object). Model availability counts a failure on every
 *   channel such a request failed on before another answered; the usage roll-ups count a request
 *   only on its last channel, so these few rows are read from the logs, through this small index,
 *   rather than scanning a month of logs. The predicate is the one ModelAvailabilityService uses.
 */
export class TaskKeysFailoverAttempts1795816000000 implements MigrationInterface {
  name = 'TaskKeysFailoverAttempts1795816000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tasks" ADD COLUMN "key_id" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`CREATE INDEX "idx_logs_failed_over" ON "logs" ("created_at") WHERE "attempts_log" LIKE '%},{"channel_id":%'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_logs_failed_over"`);
    await queryRunner.query(`ALTER TABLE "tasks" DROP COLUMN "key_id"`);
  }
}
