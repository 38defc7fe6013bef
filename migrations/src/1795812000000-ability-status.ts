import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Model-level health (issue 29, DESIGN.md §5.8): a model that fails on one channel is disabled on
 * that channel alone. Each ability row gets the model's own status on its channel, with the
 * channel statuses' codes: 1 enabled, 2 disabled by an administrator, 3 disabled by the gateway
 * (its reason and unix time beside it). Every group's row of one channel × model carries the same
 * status (ModelStatusService writes them together; AbilitiesService.sync gives new rows the
 * model's state).
 *
 * `enabled` stays what the relay and every model list read: "this row may route". It is the
 * channel's status and the model's together. The trigger keeps the model's half for every writer:
 * a row whose model is disabled never becomes enabled, whoever sets `enabled` (the channel's own
 * status moves in AutoDisableService and key-auto-disable.ts set it for all of a channel's rows).
 */
export class AbilityStatus1795812000000 implements MigrationInterface {
  name = 'AbilityStatus1795812000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "abilities" ADD COLUMN "status" smallint NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE "abilities" ADD COLUMN "status_reason" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "abilities" ADD COLUMN "status_time" bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION gw_ability_model_enabled() RETURNS trigger AS $$
      BEGIN
        IF NEW.status <> 1 THEN NEW.enabled := false; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await queryRunner.query(`
      CREATE TRIGGER "trg_abilities_model_enabled" BEFORE INSERT OR UPDATE ON "abilities"
      FOR EACH ROW EXECUTE FUNCTION gw_ability_model_enabled()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_abilities_model_enabled" ON "abilities"`);
    await queryRunner.query(`DROP FUNCTION gw_ability_model_enabled()`);
    // A model disabled alone comes back with its channel's status, as before this migration.
    await queryRunner.query(`UPDATE "abilities" a SET "enabled" = (c."status" = 1) FROM "channels" c WHERE c."id" = a."channel_id" AND a."status" <> 1`);
    await queryRunner.query(`ALTER TABLE "abilities" DROP COLUMN "status_time"`);
    await queryRunner.query(`ALTER TABLE "abilities" DROP COLUMN "status_reason"`);
    await queryRunner.query(`ALTER TABLE "abilities" DROP COLUMN "status"`);
  }
}
