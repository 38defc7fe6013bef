import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Third-party sign-in (issue 11): one live account per GitHub, LinuxDO, WeChat or Telegram
 * account, enforced by the database (two concurrent bindings of one provider account cannot both
 * win), and the OAuth `state` records: random, bound to the browser that asked for them, used once.
 */
export class OAuthBindings1764561600000 implements MigrationInterface {
  name = 'OAuthBindings1764561600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['github_id', 'linux_do_id', 'wechat_id', 'telegram_id']) {
      await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_${column}_live" ON "users" ("${column}") WHERE "${column}" <> '' AND "deleted_at" IS NULL`);
    }
    await queryRunner.query(`
      CREATE TABLE "oauth_states" (
        "state_hash" varchar(64) PRIMARY KEY,
        "binding_hash" varchar(64) NOT NULL,
        "user_id" integer,
        "aff" varchar(32) NOT NULL DEFAULT '',
        "expires_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_oauth_states_expires_at" ON "oauth_states" ("expires_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "oauth_states"`);
    for (const column of ['github_id', 'linux_do_id', 'wechat_id', 'telegram_id']) {
      await queryRunner.query(`DROP INDEX "uq_users_${column}_live"`);
    }
  }
}
