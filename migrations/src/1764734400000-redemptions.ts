import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Redemption codes (spec 2 §3 Redemption, §4 Redemption status: 1 unused, 2 disabled, 3 used).
 * Like token keys, a code is stored as its hash (the lookup when a user redeems) and sealed with
 * CRYPTO_SECRET (so that administrators can copy it again); a database dump alone spends nothing.
 * `expired_time` 0 means the code never expires.
 */
export class Redemptions1764734400000 implements MigrationInterface {
  name = 'Redemptions1764734400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "redemptions" (
        "id" SERIAL PRIMARY KEY,
        "creator_id" integer NOT NULL,
        "name" varchar(64) NOT NULL,
        "key_hash" varchar(64) NOT NULL,
        "key_sealed" text NOT NULL,
        "status" smallint NOT NULL DEFAULT 1 CHECK ("status" BETWEEN 1 AND 3),
        "quota" bigint NOT NULL CHECK ("quota" > 0),
        "created_time" bigint NOT NULL,
        "redeemed_time" bigint NOT NULL DEFAULT 0,
        "used_user_id" integer NOT NULL DEFAULT 0,
        "expired_time" bigint NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_redemptions_key_hash" ON "redemptions" ("key_hash")`);

    // A user redeems a code in one call (one transaction): the user must be live (not deregistered, status 1);
    // one conditional UPDATE claims the code (unused, not expired), so that of any number of
    // concurrent attempts exactly one succeeds; the balance is credited and the top-up log row
    // (type 1, quota = the amount credited) written in the same transaction. The log names the
    // amount in dollars (p_quota_per_unit quota = $1) and the code's id, never the code.
    // Locks the user row first, as every quota function does.
    // outcome: 'ok'; 'user' (no live user); 'unknown' (no code has this hash); 'invalid' (used,
    // disabled or expired); 'overflow' (the balance would pass 2^53 - 1). Only 'ok' changes anything.
    await queryRunner.query(`
      CREATE FUNCTION gw_redeem_code(p_user integer, p_key_hash varchar, p_now bigint, p_quota_per_unit numeric)
        RETURNS TABLE (outcome text, code_id integer, credited bigint) AS $$
      DECLARE
        target record;
        code record;
      BEGIN
        SELECT username, quota INTO target FROM users WHERE id = p_user AND deleted_at IS NULL AND status = 1 FOR UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'user'::text, 0, 0::bigint;
          RETURN;
        END IF;
        UPDATE redemptions r SET status = 3, used_user_id = p_user, redeemed_time = p_now
         WHERE r.key_hash = p_key_hash AND r.status = 1 AND (r.expired_time = 0 OR r.expired_time > p_now)
           AND r.quota <= 9007199254740991 - target.quota
         RETURNING r.id, r.quota INTO code;
        IF NOT FOUND THEN
          SELECT r.status, r.expired_time INTO code FROM redemptions r WHERE r.key_hash = p_key_hash;
          IF NOT FOUND THEN
            RETURN QUERY SELECT 'unknown'::text, 0, 0::bigint;
          ELSIF code.status = 1 AND (code.expired_time = 0 OR code.expired_time > p_now) THEN
            RETURN QUERY SELECT 'overflow'::text, 0, 0::bigint;
          ELSE
            RETURN QUERY SELECT 'invalid'::text, 0, 0::bigint;
          END IF;
          RETURN;
        END IF;
        UPDATE users SET quota = quota + code.quota WHERE id = p_user;
        INSERT INTO logs (created_at, type, user_id, username, quota, content)
          VALUES (p_now, 1, p_user, target.username, code.quota,
                  format('通过兑换码充值 $%s，兑换码 ID %s',
                         to_char(round(code.quota::numeric / p_quota_per_unit, 6), 'FM9999999999999999990.00999999'), code.id));
        RETURN QUERY SELECT 'ok'::text, code.id, code.quota;
      END
      $$ LANGUAGE plpgsql`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION gw_redeem_code(integer, varchar, bigint, numeric)');
    await queryRunner.query(`DROP TABLE "redemptions"`);
  }
}
