import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Generic OpenID Connect sign-in (issue 31): `users.oidc_id`, the ID token's `sub` at the issuer of
 * the OidcIssuer option ('' when not bound). One live account per `sub`, enforced by the database
 * like the other providers' ids (oauth-bindings migration). `sub` is at most 255 ASCII characters
 * (OpenID Connect Core §2). Changing OidcIssuer to another provider keeps these values: an
 * operator's decision (docs/configuration.md).
 */
export class Oidc1795830000000 implements MigrationInterface {
  name = 'Oidc1795830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "oidc_id" varchar(255) NOT NULL DEFAULT ''`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_oidc_id_live" ON "users" ("oidc_id") WHERE "oidc_id" <> '' AND "deleted_at" IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_users_oidc_id_live"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "oidc_id"`);
  }
}
