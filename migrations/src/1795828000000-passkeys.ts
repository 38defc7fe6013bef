import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn, issue 31). One row per credential: `credential_id` as base64url (unique:
 * a credential names one account), the COSE public key, the signature counter (a counter that
 * does not grow marks a cloned authenticator), the transports the browser reported (JSON array),
 * the device type and backup flag of registration, the user's name for it, and unix seconds.
 * Up to 10 per user (enforced by the service). Deleted with the user row.
 */
export class Passkeys1795828000000 implements MigrationInterface {
  name = 'Passkeys1795828000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "passkeys" (
        "id" serial PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "credential_id" text NOT NULL,
        "public_key" bytea NOT NULL,
        "counter" bigint NOT NULL DEFAULT 0,
        "transports" text NOT NULL DEFAULT '[]',
        "device_type" varchar(32) NOT NULL,
        "backed_up" boolean NOT NULL DEFAULT false,
        "name" varchar(64) NOT NULL,
        "created_at" bigint NOT NULL,
        "last_used_at" bigint
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_passkeys_credential_id" ON "passkeys" ("credential_id")`);
    await queryRunner.query(`CREATE INDEX "idx_passkeys_user_id" ON "passkeys" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "passkeys"`);
  }
}
