import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The relay's quota moves as database functions: each runs in one round trip and holds the user
 * and token row locks only while it runs, so many concurrent requests of one customer do not queue
 * behind each other's network round trips. Locks are always taken user first, then token.
 */
export class QuotaFunctions1764043200000 implements MigrationInterface {
  name = 'QuotaFunctions1764043200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION gw_reserve_quota(p_user integer, p_token integer, p_quota bigint) RETURNS text AS $$
      DECLARE
        user_quota bigint;
        token_quota bigint;
        token_unlimited boolean;
      BEGIN
        SELECT quota INTO user_quota FROM users WHERE id = p_user FOR UPDATE;
        SELECT remain_quota, unlimited_quota INTO token_quota, token_unlimited FROM tokens WHERE id = p_token AND user_id = p_user FOR UPDATE;
        IF user_quota IS NULL OR token_unlimited IS NULL THEN RETURN 'user'; END IF;
        IF NOT token_unlimited AND token_quota < p_quota THEN RETURN 'token'; END IF;
        IF user_quota < p_quota THEN RETURN 'user'; END IF;
        UPDATE users SET quota = quota - p_quota WHERE id = p_user;
        IF NOT token_unlimited THEN UPDATE tokens SET remain_quota = remain_quota - p_quota WHERE id = p_token; END IF;
        RETURN 'ok';
      END
      $$ LANGUAGE plpgsql`);
    await queryRunner.query(`
      CREATE FUNCTION gw_settle_quota(p_user integer, p_token integer, p_channel integer, p_reserved bigint, p_cost bigint, p_now bigint) RETURNS bigint AS $$
      DECLARE
        user_quota bigint;
        token_quota bigint;
        token_unlimited boolean;
        delta bigint := p_cost - p_reserved;
      BEGIN
        SELECT quota INTO user_quota FROM users WHERE id = p_user FOR UPDATE;
        SELECT remain_quota, unlimited_quota INTO token_quota, token_unlimited FROM tokens WHERE id = p_token FOR UPDATE;
        IF user_quota IS NULL THEN RETURN p_reserved; END IF;
        -- More than reserved: take what is left, never below zero.
        IF delta > 0 THEN
          delta := LEAST(delta, user_quota, CASE WHEN token_unlimited IS NOT FALSE THEN delta ELSE GREATEST(token_quota, 0) END);
        END IF;
        UPDATE users SET quota = quota - delta, used_quota = used_quota + p_reserved + delta, request_count = request_count + 1 WHERE id = p_user;
        UPDATE tokens SET remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota - delta END,
                          used_quota = used_quota + p_reserved + delta, accessed_time = p_now
         WHERE id = p_token;
        UPDATE channels SET used_quota = used_quota + p_reserved + delta WHERE id = p_channel;
        RETURN p_reserved + delta;
      END
      $$ LANGUAGE plpgsql`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION gw_settle_quota(integer, integer, integer, bigint, bigint, bigint)');
    await queryRunner.query('DROP FUNCTION gw_reserve_quota(integer, integer, bigint)');
  }
}
