import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * User management (issue 11): an administrator's remark on each user, and usernames that stay
 * taken once an account is deregistered (soft-deleted), so that a name in old logs and payments
 * never comes to mean somebody else.
 */
export class UserAdmin1764388800000 implements MigrationInterface {
  name = 'UserAdmin1764388800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "remark" varchar(255) NOT NULL DEFAULT ''`);
    // A name re-taken under the old rule: the deregistered holder's row is renamed (it can no longer sign in anyway).
    await queryRunner.query(`
      UPDATE "users" AS gone SET "username" = 'deleted-' || gone.id
        WHERE gone.deleted_at IS NOT NULL
          AND EXISTS (SELECT 1 FROM "users" other WHERE other.username = gone.username AND other.id <> gone.id
                        AND (other.deleted_at IS NULL OR other.id > gone.id))`);
    await queryRunner.query(`DROP INDEX "uq_users_username_live"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username" ON "users" ("username")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_users_username"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_username_live" ON "users" ("username") WHERE "deleted_at" IS NULL`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "remark"`);
  }
}
