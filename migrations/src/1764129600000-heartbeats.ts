import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Model heartbeats (spec 2 §3 Heartbeat): one row per enabled model of an enabled channel each time
 * the `model-heartbeat` job probes it. `provider` is the channel's name at probe time, so the health
 * page still reads after a rename or a deletion (there is no foreign key: rows age out after a week).
 * `slot` is the run's time slot: the unique index makes a run delivered twice store each probe once.
 */
export class Heartbeats1764129600000 implements MigrationInterface {
  name = 'Heartbeats1764129600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "heartbeats" (
        "id" BIGSERIAL PRIMARY KEY,
        "channel_id" integer NOT NULL,
        "provider" varchar(128) NOT NULL DEFAULT '',
        "model" varchar(255) NOT NULL,
        "slot" bigint NOT NULL,
        "created_at" bigint NOT NULL,
        "resp_time" integer NOT NULL DEFAULT 0,
        "level" smallint NOT NULL,
        "err_reason" text NOT NULL DEFAULT ''
      )`);
    // Pruning by age.
    await queryRunner.query(`CREATE INDEX "idx_heartbeats_created_at" ON "heartbeats" ("created_at")`);
    // The health page: the latest rows of each channel and model within a time range.
    await queryRunner.query(`CREATE INDEX "idx_heartbeats_channel_model_created" ON "heartbeats" ("channel_id", "model", "created_at" DESC)`);
    // One row per channel, model and run; slot first, as a run looks up what its slot already holds.
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_heartbeats_run" ON "heartbeats" ("slot", "channel_id", "model")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "heartbeats"`);
  }
}
