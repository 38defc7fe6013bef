import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-mail sign-in (issue 11): verification codes (registration and e-mail binding) and password
 * reset tokens. Only the SHA-256 of a code or token is stored; a row is used at most once
 * (`used_at` set by a conditional UPDATE), and a code is voided after too many wrong guesses.
 */
export class EmailAuth1764475200000 implements MigrationInterface {
  name = 'EmailAuth1764475200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "email_challenges" (
        "id" serial PRIMARY KEY,
        "purpose" varchar(16) NOT NULL CHECK ("purpose" IN ('verify', 'reset')),
        "email" varchar(255) NOT NULL,
        "secret_hash" varchar(64) NOT NULL,
        "user_id" integer,
        "attempts" integer NOT NULL DEFAULT 0,
        "expires_at" bigint NOT NULL,
        "used_at" bigint,
        "created_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_email_challenges_address" ON "email_challenges" ("purpose", "email", "created_at")`);
    await queryRunner.query(`CREATE INDEX "idx_email_challenges_expires_at" ON "email_challenges" ("expires_at")`);
    // Addresses are compared lower-cased (binding, registration, reset look-ups).
    await queryRunner.query(`CREATE INDEX "idx_users_email_lower" ON "users" (lower("email"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_users_email_lower"`);
    await queryRunner.query(`DROP TABLE "email_challenges"`);
  }
}
