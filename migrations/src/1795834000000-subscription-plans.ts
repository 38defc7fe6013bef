import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscription plans (issue 34), the first step: what a super administrator sells. Prices in
 * cents (fen, US cents) as integers, never floats; a deleted plan is kept (`deleted_at`) for the
 * subscriptions and orders that name it.
 */
export class SubscriptionPlans1795834000000 implements MigrationInterface {
  name = 'SubscriptionPlans1795834000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "subscription_plans" (
        "id" SERIAL PRIMARY KEY,
        "name" varchar(50) NOT NULL,
        "description" varchar(500) NOT NULL DEFAULT '',
        "price_cny_cents" integer NOT NULL DEFAULT 0 CHECK ("price_cny_cents" >= 0),
        "price_usd_cents" integer NOT NULL DEFAULT 0 CHECK ("price_usd_cents" >= 0),
        "period" varchar(8) NOT NULL CHECK ("period" IN ('month', 'quarter', 'year', 'days')),
        "period_days" integer NOT NULL DEFAULT 0 CHECK ("period_days" >= 0),
        "quota" bigint NOT NULL CHECK ("quota" > 0),
        "group" varchar(64) NOT NULL DEFAULT '',
        "limit_per_user" integer NOT NULL DEFAULT 0 CHECK ("limit_per_user" >= 0),
        "enabled" boolean NOT NULL DEFAULT true,
        "sort" integer NOT NULL DEFAULT 0,
        "created_at" bigint NOT NULL,
        "updated_at" bigint NOT NULL,
        "deleted_at" bigint
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "subscription_plans"`);
  }
}
