import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Durable reservations (DESIGN.md §5.6): no quota is lost when an instance is killed.
 *
 * - A direct reservation is recorded in `quota_reservations` with the reserving instance in the
 *   same statement that takes it from the balance, and is settled or refunded by the same id.
 * - Settlements and their log rows are committed together, in one batch per instance and flush
 *   (`gw_commit_billing`): a request that was charged always has its log row, and one that has a
 *   log row was charged. A batch is applied at most once (`billing_batches`), so a flush retried
 *   after a lost reply never charges twice.
 * - Each instance registers in `gateway_instances` and holds a session advisory lock on its
 *   `lock_key` while it lives. Whoever can take the lock of another instance knows it died, and
 *   gives back its reservations and drops its holds (`gw_recover_instance`), exactly once.
 */
export class DurableReservations1764302400000 implements MigrationInterface {
  name = 'DurableReservations1764302400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE gateway_instances (
        lock_key serial PRIMARY KEY,
        instance_id varchar(64) NOT NULL UNIQUE,
        started_at bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE quota_reservations (
        instance_id varchar(64) NOT NULL,
        reservation_no bigint NOT NULL,
        user_id integer NOT NULL,
        token_id integer NOT NULL,
        amount bigint NOT NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (instance_id, reservation_no)
      )`);
    await queryRunner.query(`
      CREATE TABLE billing_batches (
        instance_id varchar(64) NOT NULL,
        seq bigint NOT NULL,
        applied_at bigint NOT NULL,
        PRIMARY KEY (instance_id, seq)
      )`);

    // As before (quota-holds migration), but a direct reservation is recorded under
    // (p_instance, p_reservation) in the same statement that takes it from the balance, and
    // p_hold 0 asks for a direct reservation whatever the balance.
    await queryRunner.query('DROP FUNCTION gw_reserve_quota(integer, integer, bigint, varchar, bigint, boolean, bigint, bigint)');
    await queryRunner.query(`
      CREATE FUNCTION gw_reserve_quota(p_user integer, p_token integer, p_quota bigint, p_instance varchar, p_reservation bigint, p_hold bigint,
                                       p_hold_only boolean, p_now bigint, p_stale_after bigint) RETURNS bigint AS $$
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
        IF p_hold > 0 AND (p_hold_only OR free >= 4 * p_hold) THEN
          granted := LEAST(free, p_hold);
          IF granted <= 0 THEN RETURN CASE WHEN user_free <= 0 THEN -1 ELSE -2 END; END IF;
          INSERT INTO quota_holds AS h (instance_id, user_id, token_id, amount, updated_at) VALUES (p_instance, p_user, p_token, granted, p_now)
            ON CONFLICT (instance_id, user_id, token_id) DO UPDATE SET amount = h.amount + granted, updated_at = p_now;
          RETURN granted;
        END IF;
        UPDATE users SET quota = quota - p_quota WHERE id = p_user;
        IF NOT token_unlimited THEN UPDATE tokens SET remain_quota = remain_quota - p_quota WHERE id = p_token; END IF;
        INSERT INTO quota_reservations (instance_id, reservation_no, user_id, token_id, amount, created_at)
          VALUES (p_instance, p_reservation, p_user, p_token, p_quota, p_now);
        RETURN 0;
      END
      $$ LANGUAGE plpgsql`);

    // Gives one direct reservation back in full, if it is still outstanding (a reservation that
    // was already settled, refunded or recovered is not there any more: nothing happens).
    await queryRunner.query(`
      CREATE FUNCTION gw_refund_reservation(p_instance varchar, p_reservation bigint) RETURNS bigint AS $$
      DECLARE
        r quota_reservations%ROWTYPE;
      BEGIN
        SELECT * INTO r FROM quota_reservations WHERE instance_id = p_instance AND reservation_no = p_reservation;
        IF NOT FOUND THEN RETURN 0; END IF;
        -- User row first, as every quota step; then the reservation row, which decides who refunds.
        PERFORM 1 FROM users WHERE id = r.user_id FOR UPDATE;
        DELETE FROM quota_reservations WHERE instance_id = p_instance AND reservation_no = p_reservation RETURNING * INTO r;
        IF NOT FOUND THEN RETURN 0; END IF;
        PERFORM gw_refund_quota(r.user_id, r.token_id, r.amount);
        RETURN r.amount;
      END
      $$ LANGUAGE plpgsql`);

    // One instance's billing batch, applied once and atomically: the direct settlements (each
    // ends its reservation; one recovered meanwhile counts as 0 reserved, so the whole cost is
    // charged), the spending from holds (gw_flush_holds), and every log row of these requests,
    // the direct ones with the quota actually charged. Returns what gw_flush_holds found, or -1
    // when this batch was applied before (the instance retried after losing the reply).
    await queryRunner.query(`
      CREATE FUNCTION gw_commit_billing(p_instance varchar, p_seq bigint, p_users integer[], p_tokens integer[], p_spent bigint[], p_requests integer[],
                                        p_released bigint[], p_channels integer[], p_channel_spent bigint[], p_direct jsonb, p_logs jsonb,
                                        p_now bigint, p_stale_after bigint) RETURNS integer AS $$
      DECLARE
        s record;
        reserved bigint;
        charged bigint;
        logs jsonb := COALESCE(p_logs, '[]'::jsonb);
        holds_found integer;
        columns text;
      BEGIN
        INSERT INTO billing_batches (instance_id, seq, applied_at) VALUES (p_instance, p_seq, p_now) ON CONFLICT DO NOTHING;
        IF NOT FOUND THEN RETURN -1; END IF;
        -- Only the newest batch can still be retried: older ones are known to be applied.
        DELETE FROM billing_batches WHERE instance_id = p_instance AND seq < p_seq;
        -- Every row this batch moves is locked up front in one order (users, tokens, channels,
        -- each by id), so that batches of several instances never deadlock each other.
        PERFORM 1 FROM users WHERE id IN (SELECT (d->>'user_id')::integer FROM jsonb_array_elements(COALESCE(p_direct, '[]'::jsonb)) d UNION SELECT unnest(p_users))
          ORDER BY id FOR UPDATE;
        PERFORM 1 FROM tokens WHERE id IN (SELECT (d->>'token_id')::integer FROM jsonb_array_elements(COALESCE(p_direct, '[]'::jsonb)) d UNION SELECT unnest(p_tokens))
          ORDER BY id FOR UPDATE;
        PERFORM 1 FROM channels WHERE id IN (SELECT (d->>'channel_id')::integer FROM jsonb_array_elements(COALESCE(p_direct, '[]'::jsonb)) d UNION SELECT unnest(p_channels))
          ORDER BY id FOR UPDATE;

        FOR s IN SELECT * FROM jsonb_to_recordset(COALESCE(p_direct, '[]'::jsonb))
                   AS x(reservation_no bigint, user_id integer, token_id integer, channel_id integer, cost bigint, log jsonb)
                 ORDER BY user_id, token_id LOOP
          reserved := NULL;
          DELETE FROM quota_reservations WHERE instance_id = p_instance AND reservation_no = s.reservation_no RETURNING amount INTO reserved;
          charged := gw_settle_quota(s.user_id, s.token_id, s.channel_id, COALESCE(reserved, 0), s.cost, p_now);
          IF s.log IS NOT NULL THEN logs := logs || jsonb_build_array(jsonb_set(s.log, '{quota}', to_jsonb(charged))); END IF;
        END LOOP;

        holds_found := gw_flush_holds(p_instance, p_users, p_tokens, p_spent, p_requests, p_released, p_channels, p_channel_spent, p_now, p_stale_after);

        IF jsonb_array_length(logs) > 0 THEN
          -- Every column but the generated id, read from the catalogue: a column added to logs later needs no change here.
          SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO columns
            FROM pg_attribute WHERE attrelid = 'logs'::regclass AND attnum > 0 AND NOT attisdropped AND attname <> 'id';
          EXECUTE format('INSERT INTO logs (%s) SELECT %s FROM jsonb_populate_recordset(NULL::logs, $1)', columns, columns) USING logs;
        END IF;
        RETURN holds_found;
      END
      $$ LANGUAGE plpgsql`);

    // Everything a dead instance left: its direct reservations given back in full (they have no
    // settlement, or it would have deleted them in the same transaction), its holds dropped (a
    // hold moved no quota), its batch marker and its registration. Rows are deleted as they are
    // given back, so a second recovery of the same instance finds nothing: exactly once.
    await queryRunner.query(`
      CREATE FUNCTION gw_recover_instance(p_instance varchar) RETURNS TABLE (refunded_reservations integer, refunded_quota bigint, dropped_holds integer) AS $$
      DECLARE
        r record;
      BEGIN
        refunded_reservations := 0;
        refunded_quota := 0;
        FOR r IN SELECT user_id, reservation_no FROM quota_reservations WHERE instance_id = p_instance ORDER BY user_id, token_id LOOP
          refunded_quota := refunded_quota + gw_refund_reservation(p_instance, r.reservation_no);
          refunded_reservations := refunded_reservations + 1;
        END LOOP;
        DELETE FROM quota_holds WHERE instance_id = p_instance;
        GET DIAGNOSTICS dropped_holds = ROW_COUNT;
        DELETE FROM billing_batches WHERE instance_id = p_instance;
        DELETE FROM gateway_instances WHERE instance_id = p_instance;
        RETURN NEXT;
      END
      $$ LANGUAGE plpgsql`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION gw_recover_instance(varchar)');
    await queryRunner.query('DROP FUNCTION gw_commit_billing(varchar, bigint, integer[], integer[], bigint[], integer[], bigint[], integer[], bigint[], jsonb, jsonb, bigint, bigint)');
    await queryRunner.query('DROP FUNCTION gw_refund_reservation(varchar, bigint)');
    await queryRunner.query('DROP FUNCTION gw_reserve_quota(integer, integer, bigint, varchar, bigint, bigint, boolean, bigint, bigint)');
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
    await queryRunner.query('DROP TABLE billing_batches');
    await queryRunner.query('DROP TABLE quota_reservations');
    await queryRunner.query('DROP TABLE gateway_instances');
  }
}
