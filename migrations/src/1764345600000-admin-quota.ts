import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An administrator sets a user's balance (issue 11) in one locked statement that agrees with the
 * relay's quota holds: the new balance may not be less than what instances still hold for that
 * user (requests in flight), so spending from a hold can never take it below zero. The admin log
 * row (type 3) is written in the same statement, with the balance before and after.
 */
export class AdminQuota1764345600000 implements MigrationInterface {
  name = 'AdminQuota1764345600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // outcome: 'ok', 'missing' (no such live user) or 'held' (p_quota is below what is held; nothing changed).
    await queryRunner.query(`
      CREATE FUNCTION gw_set_user_quota(p_user integer, p_quota bigint, p_admin varchar, p_now bigint)
        RETURNS TABLE (outcome text, before bigint, held bigint) AS $$
      DECLARE
        target record;
      BEGIN
        SELECT quota, username INTO target FROM users WHERE id = p_user AND deleted_at IS NULL FOR UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'missing'::text, 0::bigint, 0::bigint;
          RETURN;
        END IF;
        SELECT COALESCE(sum(amount), 0) INTO held FROM quota_holds WHERE user_id = p_user;
        IF p_quota < held THEN
          RETURN QUERY SELECT 'held'::text, target.quota, held;
          RETURN;
        END IF;
        UPDATE users SET quota = p_quota WHERE id = p_user;
        INSERT INTO logs (created_at, type, user_id, username, content)
          VALUES (p_now, 3, p_user, target.username,
                  format('管理员 %s将用户额度从 %s 修改为 %s（%s%s）', p_admin, target.quota, p_quota,
                         CASE WHEN p_quota >= target.quota THEN '+' ELSE '' END, p_quota - target.quota));
        RETURN QUERY SELECT 'ok'::text, target.quota, held;
      END
      $$ LANGUAGE plpgsql`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION gw_set_user_quota(integer, bigint, varchar, bigint)');
  }
}
