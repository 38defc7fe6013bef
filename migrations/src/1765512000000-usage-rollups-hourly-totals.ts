import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The totals of the hourly statistics detail over a long range (issue 17), read from two indexes
 * alone instead of every hourly row of the range (statistics.service.ts hourlyTotals): the hourly
 * rows that had requests (their count), and the day rows with the figures the totals sum.
 */
export class UsageRollupsHourlyTotals1765512000000 implements MigrationInterface {
  name = 'UsageRollupsHourlyTotals1765512000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_usage_rollups_hours_served" ON "usage_rollups" ("bucket") WHERE "grain" = 'h' AND "success_count" > 0`);
    await queryRunner.query(
      `CREATE INDEX "idx_usage_rollups_day_figures" ON "usage_rollups" ("bucket") INCLUDE ("quota", "calculate_quota", "success_count", "prompt_tokens", "completion_tokens") WHERE "grain" = 'd'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_usage_rollups_day_figures"`);
    await queryRunner.query(`DROP INDEX "idx_usage_rollups_hours_served"`);
  }
}
