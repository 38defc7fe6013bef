import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Multi-key channels (issue 29): a channel whose `multi_key_mode` is `random` or `polling` keeps its
 * keys in `channel_keys`, one sealed value per key, each with its own status, counters and last
 * error; its own `key_sealed` is then ''. A channel with `multi_key_mode` '' keeps its one key in
 * `key_sealed` as before.
 *
 * `key_hash` is an HMAC of the key under CRYPTO_SECRET (SecretBox.fingerprint): pasted keys are
 * deduplicated without opening every sealed value, and the hash alone confirms no guess without the
 * secret. `masked` is what the console shows, computed once when the key is added.
 */
export class ChannelKeys1795810000000 implements MigrationInterface {
  name = 'ChannelKeys1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "channels" ADD COLUMN "multi_key_mode" varchar(16) NOT NULL DEFAULT ''`);
    await queryRunner.query(`
      CREATE TABLE "channel_keys" (
        "id" serial PRIMARY KEY,
        "channel_id" integer NOT NULL REFERENCES "channels" ("id") ON DELETE CASCADE,
        "key_sealed" text NOT NULL,
        "key_hash" varchar(64) NOT NULL,
        "masked" varchar(64) NOT NULL,
        "status" integer NOT NULL DEFAULT 1,
        "status_reason" text NOT NULL DEFAULT '',
        "status_time" bigint NOT NULL DEFAULT 0,
        "last_error" text NOT NULL DEFAULT '',
        "request_count" bigint NOT NULL DEFAULT 0,
        "token_count" bigint NOT NULL DEFAULT 0,
        "used_time" bigint NOT NULL DEFAULT 0,
        "created_time" bigint NOT NULL,
        CONSTRAINT "uq_channel_keys_hash" UNIQUE ("channel_id", "key_hash")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "channel_keys"`);
    await queryRunner.query(`ALTER TABLE "channels" DROP COLUMN "multi_key_mode"`);
  }
}
