import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quota holds: an API instance may set aside part of a well-funded customer's balance and spend it
 * in memory, writing the spending back in batches (packages/server/src/relay/billing/quota-holds.ts).
 * A hold does not move quota: `users.quota` and `tokens.remain_quota` stay the balance, and what
 * anyone else may reserve is the balance minus every instance's holds. A hold that an instance
 * stopped refreshing (it crashed) is simply deleted, which frees it; nothing has to be given back.
 */
export class QuotaHolds1764216000000 implements MigrationInterface {
  name = 'QuotaHolds1764216000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE quota_holds (
        instance_id varchar(64) NOT NULL,
        user_id integer NOT NULL,
        token_id integer NOT NULL,
        amount bigint NOT NULL,
        updated_at bigint NOT NULL,
        PRIMARY KEY (instance_id, user_id, token_id)
      )`);
    await queryRunner.query('CREATE INDEX quota_holds_user ON quota_holds (user_id)');
    await queryRunner.query('CREATE INDEX quota_holds_token ON quota_holds (token_id)');

    // Reserves p_quota for one request, in one round trip, with the user and token rows locked
    // (user first, then token, as every quota function). What is free is the balance minus all
    // holds. With p_instance set and room for four holds of p_hold, it takes a hold of p_hold for
    // that instance instead and returns its size; the instance then reserves from it in memory.
    // Otherwise it reserves directly (the balance moves now) and returns 0. p_hold_only asks for
    // a hold of whatever is free up to p_hold (a top-up), never a direct reservation.
    // -1: the user cannot cover p_quota; -2: the token cannot. Then nothing changed. The user's
    // holds that nobody refreshed for p_stale_after seconds (their instance died) are dropped first.
    await queryRunner.query('DROP FUNCTION gw_reserve_quota(integer, integer, bigint)');
    await queryRunner.query(`
      CREATE FUNCTION gw_reserve_quota(p_user integer, p_token integer, p_quota bigint, p_instance varchar, p_hold bigint, p_hold_only boolean, p_now bigint,
                                       p_stale_after bigint) RETURNS bigint AS $$
      DECLARE
        user_free bigint;
        token_free bigint;
        token_unlimited boolean;
        free bigint;
        granted bigint;
      BEGIN
        PERFORM 1 FROM users WHERE id = p_user FOR UPDATE;
        DELETE FROM quota_holds WHERE user_id = p_user AND updated_at < p_now - p_stale_after;
        SELECT quota - COALESCE((SELECT sum(amount) FROM quota_holds WHERE user_id = p_user), 0) INTO user_free FROM users WHERE id = p_user;
        SELECT remain_quota - COALESCE((SELECT sum(amount) FROM quota_holds WHERE token_id = p_token), 0), unlimited_quota
          INTO token_free, token_unlimited FROM tokens WHERE id = p_token AND user_id = p_user FOR UPDATE;
        IF user_free IS NULL OR token_unlimited IS NULL THEN RETURN -1; END IF;
        IF NOT token_unlimited AND token_free < p_quota THEN RETURN -2; END IF;
        IF user_free < p_quota THEN RETURN -1; END IF;
        free := CASE WHEN token_unlimited THEN user_free ELSE LEAST(user_free, token_free) END;
        IF p_instance IS NOT NULL AND (p_hold_only OR free >= 4 * p_hold) THEN
          granted := LEAST(free, p_hold);
          IF granted <= 0 THEN RETURN CASE WHEN user_free <= 0 THEN -1 ELSE -2 END; END IF;
          INSERT INTO quota_holds AS h (instance_id, user_id, token_id, amount, updated_at) VALUES (p_instance, p_user, p_token, granted, p_now)
            ON CONFLICT (instance_id, user_id, token_id) DO UPDATE SET amount = h.amount + granted, updated_at = p_now;
          RETURN granted;
        END IF;
        UPDATE users SET quota = quota - p_quota WHERE id = p_user;
        IF NOT token_unlimited THEN UPDATE tokens SET remain_quota = remain_quota - p_quota WHERE id = p_token; END IF;
        RETURN 0;
      END
      $$ LANGUAGE plpgsql`);

    // Gives a direct reservation back in full. A function, so that it locks the user row before
    // the token row as every other quota step does (a statement updating both in a data-modifying
    // CTE locks them in no defined order, and deadlocked with concurrent settlements).
    await queryRunner.query(`
      CREATE FUNCTION gw_refund_quota(p_user integer, p_token integer, p_quota bigint) RETURNS void AS $$
      BEGIN
        UPDATE users SET quota = quota + p_quota WHERE id = p_user;
        UPDATE tokens SET remain_quota = remain_quota + p_quota WHERE id = p_token AND NOT unlimited_quota;
      END
      $$ LANGUAGE plpgsql`);

    // As before, but an extra charge is capped by what is free, which now excludes the holds.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION gw_settle_quota(p_user integer, p_token integer, p_channel integer, p_reserved bigint, p_cost bigint, p_now bigint) RETURNS bigint AS $$
      DECLARE
        user_free bigint;
        token_free bigint;
        token_unlimited boolean;
        delta bigint := p_cost - p_reserved;
      BEGIN
        SELECT quota - COALESCE((SELECT sum(amount) FROM quota_holds WHERE user_id = p_user), 0) INTO user_free FROM users WHERE id = p_user FOR UPDATE;
        SELECT remain_quota - COALESCE((SELECT sum(amount) FROM quota_holds WHERE token_id = p_token), 0), unlimited_quota
          INTO token_free, token_unlimited FROM tokens WHERE id = p_token FOR UPDATE;
        IF user_free IS NULL THEN RETURN p_reserved; END IF;
        -- More than reserved: take what is free, never below zero.
        IF delta > 0 THEN
          delta := LEAST(delta, GREATEST(user_free, 0), CASE WHEN token_unlimited IS NOT FALSE THEN delta ELSE GREATEST(token_free, 0) END);
        END IF;
        UPDATE users SET quota = quota - delta, used_quota = used_quota + p_reserved + delta, request_count = request_count + 1 WHERE id = p_user;
        UPDATE tokens SET remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota - delta END,
                          used_quota = used_quota + p_reserved + delta, accessed_time = p_now
         WHERE id = p_token;
        UPDATE channels SET used_quota = used_quota + p_reserved + delta WHERE id = p_channel;
        RETURN p_reserved + delta;
      END
      $$ LANGUAGE plpgsql`);

    // Writes back what an instance spent from its holds since the last flush, for many (user,
    // token) pairs in one statement: the balances and usage counters move by what was spent, and
    // each hold shrinks by what was spent plus what the instance gives back (changes, not
    // amounts, so a hold taken meanwhile adds up). A hold at 0 ends. Returns how many holds it
    // found: fewer than sent means some were dropped as stale (the instance was silent too long)
    // and the instance must stop trusting them. Holds nobody refreshed for p_stale_after seconds
    // are dropped here too.
    await queryRunner.query(`
      CREATE FUNCTION gw_flush_holds(p_instance varchar, p_users integer[], p_tokens integer[], p_spent bigint[], p_requests integer[], p_released bigint[],
                                     p_channels integer[], p_channel_spent bigint[], p_now bigint, p_stale_after bigint) RETURNS integer AS $$
      DECLARE
        found integer;
      BEGIN
        UPDATE users u SET quota = u.quota - d.spent, used_quota = u.used_quota + d.spent, request_count = u.request_count + d.requests
          FROM (SELECT user_id, sum(spent) AS spent, sum(requests) AS requests FROM unnest(p_users, p_spent, p_requests) AS x(user_id, spent, requests) GROUP BY user_id ORDER BY user_id) d
         WHERE u.id = d.user_id AND (d.spent <> 0 OR d.requests <> 0);
        UPDATE tokens t SET remain_quota = CASE WHEN t.unlimited_quota THEN t.remain_quota ELSE t.remain_quota - d.spent END,
                            used_quota = t.used_quota + d.spent, accessed_time = p_now
          FROM (SELECT token_id, sum(spent) AS spent FROM unnest(p_tokens, p_spent, p_requests) AS x(token_id, spent, requests) WHERE requests > 0 GROUP BY token_id) d
         WHERE t.id = d.token_id;
        UPDATE channels c SET used_quota = c.used_quota + d.spent
          FROM (SELECT channel_id, sum(spent) AS spent FROM unnest(p_channels, p_channel_spent) AS x(channel_id, spent) GROUP BY channel_id) d
         WHERE c.id = d.channel_id;
        UPDATE quota_holds h SET amount = h.amount - d.spent - d.released, updated_at = p_now
          FROM unnest(p_users, p_tokens, p_spent, p_released) AS d(user_id, token_id, spent, released)
         WHERE h.instance_id = p_instance AND h.user_id = d.user_id AND h.token_id = d.token_id;
        GET DIAGNOSTICS found = ROW_COUNT;
        DELETE FROM quota_holds WHERE instance_id = p_instance AND amount <= 0;
        -- Stale rows another transaction is deleting (a reservation for that user) are left to it.
        DELETE FROM quota_holds WHERE ctid IN (SELECT ctid FROM quota_holds WHERE updated_at < p_now - p_stale_after FOR UPDATE SKIP LOCKED);
        RETURN found;
      END
      $$ LANGUAGE plpgsql`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION gw_refund_quota(integer, integer, bigint)');
    await queryRunner.query('DROP FUNCTION gw_flush_holds(varchar, integer[], integer[], bigint[], integer[], bigint[], integer[], bigint[], bigint, bigint)');
    await queryRunner.query('DROP FUNCTION gw_reserve_quota(integer, integer, bigint, varchar, bigint, boolean, bigint, bigint)');
    await queryRunner.query('DROP TABLE quota_holds');
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
  }
}
