import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer contact requests (spec 2 §3 Customer contact record): sent by visitors from the data
 * market's custom-data form, worked through by administrators. `updated_at` is the submission time
 * (unix seconds, what the list shows and filters on); a status change leaves it as it is.
 */
export class CustomerConnect1764648000000 implements MigrationInterface {
  name = 'CustomerConnect1764648000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "customer_connects" (
        "id" SERIAL PRIMARY KEY,
        "name" varchar(50) NOT NULL,
        "phone" varchar(11) NOT NULL,
        "company" varchar(100) NOT NULL DEFAULT '',
        "remark" varchar(500) NOT NULL DEFAULT '',
        "status" smallint NOT NULL DEFAULT 0 CHECK ("status" BETWEEN 0 AND 3),
        "updated_at" bigint NOT NULL
      )`);
    // The list: newest first, within a time range, optionally of one status.
    await queryRunner.query(`CREATE INDEX "idx_customer_connects_updated" ON "customer_connects" ("updated_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_customer_connects_status_updated" ON "customer_connects" ("status", "updated_at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "customer_connects"`);
  }
}
