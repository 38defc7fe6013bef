import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The API format a relayed request came in (issue 13): `openai` (chat completions and the other
 * OpenAI endpoints) or `anthropic` (the Messages API), more as inbound formats are added. Null on
 * rows that are no relay request (top-ups, management, channel tests) and on rows older than the
 * column: the batch writers fill rows from JSON, so a default would not apply to them anyway.
 */
export class LogInboundFormat1764907200000 implements MigrationInterface {
  name = 'LogInboundFormat1764907200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "logs" ADD COLUMN "inbound_format" varchar(16)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "logs" DROP COLUMN "inbound_format"`);
  }
}
