import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Marks each user's console token (`tokens.console`): the token the console's own calls (playground,
 * compare chat, workflow runs) create on first use when the user has no usable token of their own
 * (packages/server/src/tokens/console-token.ts). The partial unique index keeps it to one per user,
 * however many first calls race, and finds it by user.
 */
export class ConsoleTokens1795808354634 implements MigrationInterface {
  name = 'ConsoleTokens1795808354634';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tokens" ADD COLUMN "console" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_tokens_console" ON "tokens" ("user_id") WHERE "console"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_tokens_console"`);
    await queryRunner.query(`ALTER TABLE "tokens" DROP COLUMN "console"`);
  }
}
