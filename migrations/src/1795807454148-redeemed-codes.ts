import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * gw_redeem_code as in 1764734400000-redemptions.ts, except for what a code that cannot be
 * claimed answers: `usedOutcome` for one already used (status 3), 'invalid' for one disabled or
 * expired. The claim itself is unchanged: one conditional UPDATE, so exactly one of any number of
 * concurrent attempts succeeds.
 */
const redeemFunction = (usedOutcome: 'used' | 'invalid') => `
  CREATE OR REPLACE FUNCTION gw_redeem_code(p_user integer, p_key_hash varchar, p_now bigint, p_quota_per_unit numeric)
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
      ELSIF code.status = 3 THEN
        RETURN QUERY SELECT '${usedOutcome}'::text, 0, 0::bigint;
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
  $$ LANGUAGE plpgsql`;

/**
 * The codes a user redeemed, seen from the wallet: a used code answers 'used' (the wallet says
 * 该兑换码已被使用; a disabled, expired or unknown one still says 无效的兑换码), and an index
 * serves the user's top-up history, which lists the codes they redeemed beside their orders.
 */
export class RedeemedCodes1795807454148 implements MigrationInterface {
  name = 'RedeemedCodes1795807454148';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(redeemFunction('used'));
    await queryRunner.query(`CREATE INDEX "idx_redemptions_used_user" ON "redemptions" ("used_user_id", "redeemed_time") WHERE "status" = 3`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_redemptions_used_user"`);
    await queryRunner.query(redeemFunction('invalid'));
  }
}
