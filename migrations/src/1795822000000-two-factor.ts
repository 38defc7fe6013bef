import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in (issue 31). `two_factor`: one row per user who set it up; the TOTP secret
 * sealed with CRYPTO_SECRET (never the base32 itself), `enabled` once a first code confirmed it,
 * `last_used_step` (the last accepted 30-second step: a code is accepted once) and `locked_until`
 * (unix seconds; wrong codes lock 2FA sign-in). `two_factor_backup_codes`: the SHA-256 of each
 * backup code, `used_at` set when it is spent.
 */
export class TwoFactor1795822000000 implements MigrationInterface {
  name = 'TwoFactor1795822000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "two_factor" (
        "user_id" integer PRIMARY KEY REFERENCES "users" ("id") ON DELETE CASCADE,
        "secret_sealed" text NOT NULL,
        "enabled" boolean NOT NULL DEFAULT false,
        "last_used_step" bigint NOT NULL DEFAULT 0,
        "locked_until" bigint NOT NULL DEFAULT 0,
        "created_at" bigint NOT NULL,
        "updated_at" bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "two_factor_backup_codes" (
        "id" serial PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "code_hash" varchar(64) NOT NULL,
        "used_at" bigint
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_two_factor_backup_codes_user_code" ON "two_factor_backup_codes" ("user_id", "code_hash")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "two_factor_backup_codes"`);
    await queryRunner.query(`DROP TABLE "two_factor"`);
  }
}
