import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The instance that streams each compare chat answer (`chat_messages.instance_id`, named as in
 * `gateway_instances`), so that the answers a killed instance was streaming are ended by whoever
 * finds it dead (talkings/interrupted-answers.ts) instead of staying `streaming`.
 *
 * Rows written before carry '', which no instance is called: one still streaming is ended at the
 * first sweep. Processes of the previous version write '' too, so they are stopped before the
 * upgrade (docs/deployment.md §4): their live answers would be ended as interrupted.
 *
 * The partial index keeps that sweep (every 15 s on every instance) to the few streaming rows.
 */
export class ChatMessageInstance1795805330600 implements MigrationInterface {
  name = 'ChatMessageInstance1795805330600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "chat_messages" ADD COLUMN "instance_id" varchar(64) NOT NULL DEFAULT ''`);
    await queryRunner.query(`CREATE INDEX "idx_chat_messages_streaming" ON "chat_messages" ("instance_id") WHERE "status" = 'streaming'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_chat_messages_streaming"`);
    await queryRunner.query(`ALTER TABLE "chat_messages" DROP COLUMN "instance_id"`);
  }
}
