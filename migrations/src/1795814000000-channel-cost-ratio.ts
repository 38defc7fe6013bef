import type { MigrationInterface, QueryRunner } from 'typeorm';

const ROLLUP_TABLES = ['usage_rollups', 'usage_token_rollups', 'usage_channel_rollups'];

/** Sums the roll-ups gain (rollup-aggregate.ts ROLLUP_SUMS); every row rolled up before counts 0. */
const NEW_SUMS = ['cost_quota', 'costed_count', 'cache_creation_1h_tokens', 'completion_audio_tokens', 'prompt_image_tokens', 'completion_image_tokens'];

/**
 * Per-channel cost (issue 29 "Why this channel"). `channels.cost_ratio` is what the operator pays
 * the upstream relative to list price: 1 (list price) for every existing channel, 0 for a free
 * upstream. The relay writes each call's cost into its log row (`other.cost`), and the roll-ups
 * sum it with the count of rows that had one (`costed_count`: rows logged before this migration
 * and async task rows have none, so a margin never silently counts them as free). The three token
 * kinds priced since d6fbb05 that have no log column of their own (1-hour cache writes, audio
 * completion, image prompt and image completion tokens, read from `other`) are summed too. Rows rolled up before this
 * migration keep 0 in every new sum: the logs they came from are not read again.
 */
export class ChannelCostRatio1795814000000 implements MigrationInterface {
  name = 'ChannelCostRatio1795814000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "channels" ADD COLUMN "cost_ratio" double precision NOT NULL DEFAULT 1`);
    // NaN compares greater than every number in PostgreSQL, so the upper bound refuses it too.
    await queryRunner.query(`ALTER TABLE "channels" ADD CONSTRAINT "chk_channels_cost_ratio" CHECK ("cost_ratio" >= 0 AND "cost_ratio" <= 100)`);
    for (const table of ROLLUP_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ${NEW_SUMS.map((name) => `ADD COLUMN "${name}" bigint NOT NULL DEFAULT 0`).join(', ')}`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ROLLUP_TABLES) {
      await queryRunner.query(`ALTER TABLE "${table}" ${NEW_SUMS.map((name) => `DROP COLUMN "${name}"`).join(', ')}`);
    }
    await queryRunner.query(`ALTER TABLE "channels" DROP CONSTRAINT "chk_channels_cost_ratio"`);
    await queryRunner.query(`ALTER TABLE "channels" DROP COLUMN "cost_ratio"`);
  }
}
