import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscriptions (issue 34, second step): a plan bought through an Epay order becomes a
 * subscription, whose period quota the relay draws before the wallet.
 *
 * - `user_subscriptions`: one row per plan bought (a renewal of the same plan extends its row).
 *   Periods are counted from `starts_at` (period `period_index` runs from bound(index) to
 *   bound(index + 1), gw_period_bound), so a monthly plan bought on the 31st does not drift.
 *   Subscriptions of one user never overlap: one bought while another runs starts when it ends.
 * - The quota is exact by time, in the database: a reservation rolls the period forward when it
 *   is over (gw_roll_subscription) and never draws from a subscription outside its paid time. The
 *   `subscription-advance` job writes the statuses and moves the user between groups.
 * - A reservation from a plan is a durable reservation like a direct one of the wallet
 *   (`quota_reservations`, with the subscription and the period it was taken from): settled in the
 *   billing batch, refunded at most once, given back when its instance dies. A refund reaches the
 *   period that paid; a period that has ended gets nothing back.
 * - `users.subscribed_until`: the end of the user's paid time, read with the token, so the relay
 *   asks for a plan reservation only for subscribers and everyone else keeps the fast path.
 * - `topup_orders.plan_id`: an order that buys a plan instead of wallet quota; its `quota` is the
 *   plan's period quota when the order was made.
 * - Stripe: an order may be paid by card (`payment_method` 'stripe', `currency` USD), bound to its
 *   Checkout Session (`external_id`); a card plan's order names the Stripe subscription
 *   (`subscription_ref`), and each renewal invoice is an order of its own, unique by invoice id.
 *   `stripe_events` keeps the ids of the webhook events handled.
 */
export class Subscriptions1795836000000 implements MigrationInterface {
  name = 'Subscriptions1795836000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "user_subscriptions" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL,
        "plan_id" integer NOT NULL,
        "plan_name" varchar(50) NOT NULL,
        "provider" varchar(8) NOT NULL DEFAULT 'epay' CHECK ("provider" IN ('epay', 'stripe')),
        "period" varchar(8) NOT NULL CHECK ("period" IN ('month', 'quarter', 'year', 'days')),
        "period_days" integer NOT NULL DEFAULT 0,
        "period_quota" bigint NOT NULL CHECK ("period_quota" > 0),
        "group" varchar(64) NOT NULL DEFAULT '',
        "previous_group" varchar(64) NOT NULL DEFAULT '',
        "status" varchar(12) NOT NULL CHECK ("status" IN ('scheduled', 'active', 'expired')),
        "starts_at" bigint NOT NULL,
        "expires_at" bigint NOT NULL,
        "period_index" integer NOT NULL DEFAULT 0,
        "period_start" bigint NOT NULL,
        "period_end" bigint NOT NULL,
        "period_used" bigint NOT NULL DEFAULT 0 CHECK ("period_used" >= 0),
        "renewals" integer NOT NULL DEFAULT 0,
        "external_id" varchar(255) NOT NULL DEFAULT '',
        "auto_renew" boolean NOT NULL DEFAULT false,
        "created_at" bigint NOT NULL,
        "updated_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_user_subscriptions_external" ON "user_subscriptions" ("external_id") WHERE "external_id" <> ''`);
    await queryRunner.query(`CREATE INDEX "idx_user_subscriptions_user" ON "user_subscriptions" ("user_id", "id" DESC)`);
    // The job's due rows: statuses still to write, periods still to roll.
    await queryRunner.query(`CREATE INDEX "idx_user_subscriptions_due" ON "user_subscriptions" ("status", "period_end") WHERE "status" <> 'expired'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "subscribed_until" bigint NOT NULL DEFAULT 0`);
    // A plan's order buys no dollars: its amount is 0.
    await queryRunner.query(`ALTER TABLE "topup_orders" ADD "plan_id" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "topup_orders" DROP CONSTRAINT "topup_orders_amount_check"`);
    await queryRunner.query(`ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_amount_check" CHECK ("amount" > 0 OR "plan_id" > 0)`);
    await queryRunner.query(`ALTER TABLE "topup_orders" DROP CONSTRAINT "topup_orders_payment_method_check"`);
    await queryRunner.query(`ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_payment_method_check" CHECK ("payment_method" IN ('zfb', 'wx', 'stripe'))`);
    await queryRunner.query(
      `ALTER TABLE "topup_orders" ADD "currency" varchar(3) NOT NULL DEFAULT 'CNY', ADD "external_id" varchar(255) NOT NULL DEFAULT '', ADD "subscription_ref" varchar(255) NOT NULL DEFAULT ''`,
    );
    // A Checkout Session or a renewal invoice pays one order, once.
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_topup_orders_external_id" ON "topup_orders" ("external_id") WHERE "external_id" <> ''`);
    await queryRunner.query(`CREATE TABLE "stripe_events" ("id" varchar(255) PRIMARY KEY, "type" varchar(64) NOT NULL, "received_at" bigint NOT NULL)`);
    await queryRunner.query(`ALTER TABLE "quota_reservations" ADD "subscription_id" integer NOT NULL DEFAULT 0, ADD "period_start" bigint NOT NULL DEFAULT 0`);

    // The n-th period bound of a plan started at p_start: calendar months in UTC (month, quarter,
    // year), or days.
    await queryRunner.query(`
      CREATE FUNCTION gw_period_bound(p_start bigint, p_period varchar, p_days integer, p_n integer) RETURNS bigint AS $$
        SELECT CASE p_period
          WHEN 'days' THEN p_start + p_n::bigint * p_days * 86400
          ELSE extract(epoch FROM (to_timestamp(p_start) AT TIME ZONE 'UTC')
                 + make_interval(months => p_n * CASE p_period WHEN 'month' THEN 1 WHEN 'quarter' THEN 3 ELSE 12 END))::bigint
        END
      $$ LANGUAGE sql IMMUTABLE`);

    // Moves a locked subscription to the period p_now falls in (within its paid time), with
    // nothing used; the caller holds the user's row. Returns the row as it now is.
    await queryRunner.query(`
      CREATE FUNCTION gw_roll_subscription(p_sub integer, p_now bigint) RETURNS user_subscriptions AS $$
      DECLARE
        s user_subscriptions%ROWTYPE;
      BEGIN
        SELECT * INTO s FROM user_subscriptions WHERE id = p_sub FOR UPDATE;
        IF s.period_end > p_now OR s.period_end >= s.expires_at THEN RETURN s; END IF;
        WHILE s.period_end <= p_now AND s.period_end < s.expires_at LOOP
          s.period_index := s.period_index + 1;
          s.period_start := s.period_end;
          s.period_end := LEAST(gw_period_bound(s.starts_at, s.period, s.period_days, s.period_index + 1), s.expires_at);
        END LOOP;
        UPDATE user_subscriptions SET period_index = s.period_index, period_start = s.period_start, period_end = s.period_end, period_used = 0, updated_at = p_now
         WHERE id = p_sub RETURNING * INTO s;
        RETURN s;
      END
      $$ LANGUAGE plpgsql`);

    // A plan paid (an order, later a card renewal): the user's latest running subscription of the
    // same plan and provider is extended by one period; otherwise a new one starts now, or when
    // the user's running subscriptions end. One starting now moves the user to the plan's group at
    // once. Returns the subscription's id.
    await queryRunner.query(`
      CREATE FUNCTION gw_grant_subscription(p_user integer, p_plan integer, p_quota bigint, p_provider varchar, p_external varchar, p_now bigint)
        RETURNS integer AS $$
      DECLARE
        pl subscription_plans%ROWTYPE;
        latest user_subscriptions%ROWTYPE;
        own_group varchar;
        v_start bigint;
        v_ends bigint;
        sub_id integer;
      BEGIN
        SELECT "group" INTO own_group FROM users WHERE id = p_user FOR UPDATE;
        IF NOT FOUND THEN RAISE EXCEPTION 'subscription for user % who does not exist', p_user; END IF;
        SELECT * INTO pl FROM subscription_plans WHERE id = p_plan;
        IF NOT FOUND THEN RAISE EXCEPTION 'subscription to plan % which does not exist', p_plan; END IF;
        SELECT * INTO latest FROM user_subscriptions WHERE user_id = p_user AND status <> 'expired' AND expires_at > p_now
         ORDER BY expires_at DESC LIMIT 1 FOR UPDATE;
        -- A card plan renews its own Stripe subscription only; an Epay plan any running one of the same plan.
        IF FOUND AND latest.plan_id = p_plan AND latest.provider = p_provider AND latest.external_id = COALESCE(p_external, '') THEN
          v_ends := gw_period_bound(latest.starts_at, latest.period, latest.period_days, latest.renewals + 2);
          UPDATE user_subscriptions SET expires_at = v_ends, renewals = renewals + 1,
                 period_end = LEAST(gw_period_bound(starts_at, period, period_days, period_index + 1), v_ends), updated_at = p_now
           WHERE id = latest.id;
          UPDATE users SET subscribed_until = GREATEST(subscribed_until, v_ends) WHERE id = p_user;
          RETURN latest.id;
        END IF;
        v_start := GREATEST(p_now, COALESCE(latest.expires_at, p_now));
        v_ends := gw_period_bound(v_start, pl.period, pl.period_days, 1);
        INSERT INTO user_subscriptions (user_id, plan_id, plan_name, provider, period, period_days, period_quota, "group", previous_group, status,
                                        starts_at, expires_at, period_index, period_start, period_end, external_id, auto_renew, created_at, updated_at)
          VALUES (p_user, p_plan, pl.name, p_provider, pl.period, pl.period_days, p_quota, pl."group",
                  CASE WHEN v_start = p_now AND pl."group" <> '' THEN own_group ELSE '' END,
                  CASE WHEN v_start = p_now THEN 'active' ELSE 'scheduled' END,
                  v_start, v_ends, 0, v_start, v_ends, COALESCE(p_external, ''), COALESCE(p_external, '') <> '', p_now, p_now)
          RETURNING id INTO sub_id;
        IF v_start = p_now AND pl."group" <> '' THEN UPDATE users SET "group" = pl."group" WHERE id = p_user; END IF;
        UPDATE users SET subscribed_until = GREATEST(subscribed_until, v_ends) WHERE id = p_user;
        RETURN sub_id;
      END
      $$ LANGUAGE plpgsql`);

    // Writes what time has done to a user's subscriptions, in start order: the ended ones expire
    // (the user goes back to the group they had, unless an administrator moved them meanwhile),
    // those whose time has come start (the user moves to their group), the running one rolls to
    // its current period. Returns whether the user's group changed (the caller tells the caches).
    await queryRunner.query(`
      CREATE FUNCTION gw_advance_subscriptions(p_user integer, p_now bigint) RETURNS boolean AS $$
      DECLARE
        s user_subscriptions%ROWTYPE;
        current_group varchar;
        changed boolean := false;
      BEGIN
        SELECT "group" INTO current_group FROM users WHERE id = p_user FOR UPDATE;
        IF NOT FOUND THEN RETURN false; END IF;
        FOR s IN SELECT * FROM user_subscriptions WHERE user_id = p_user AND status <> 'expired' ORDER BY starts_at, id FOR UPDATE LOOP
          IF s.status = 'scheduled' AND s.starts_at <= p_now AND s.expires_at > p_now THEN
            UPDATE user_subscriptions SET status = 'active', previous_group = CASE WHEN "group" <> '' THEN current_group ELSE '' END, updated_at = p_now
             WHERE id = s.id;
            IF s."group" <> '' AND s."group" <> current_group THEN
              current_group := s."group";
              changed := true;
            END IF;
            s.status := 'active';
          END IF;
          IF s.expires_at <= p_now THEN
            UPDATE user_subscriptions SET status = 'expired', updated_at = p_now WHERE id = s.id RETURNING * INTO s;
            IF s."group" <> '' AND s.previous_group <> '' AND current_group = s."group" THEN
              current_group := s.previous_group;
              changed := true;
            END IF;
          ELSIF s.status = 'active' THEN
            PERFORM gw_roll_subscription(s.id, p_now);
          END IF;
        END LOOP;
        UPDATE users SET "group" = current_group,
               subscribed_until = COALESCE((SELECT max(expires_at) FROM user_subscriptions WHERE user_id = p_user AND status <> 'expired'), 0)
         WHERE id = p_user;
        RETURN changed;
      END
      $$ LANGUAGE plpgsql`);

    // A subscriber's reservation: from the subscription running now when its period has that much
    // left (recorded like a direct reservation, with the subscription and period), else from the
    // wallet (directly: a subscriber takes no hold, so the plan is always asked first), unless
    // p_fallback is off: then -3. -1 and -2 as gw_reserve_quota (user, token short).
    await queryRunner.query(`
      CREATE FUNCTION gw_reserve_plan_quota(p_user integer, p_token integer, p_quota bigint, p_instance varchar, p_reservation bigint,
                                            p_fallback boolean, p_now bigint, p_stale_after bigint)
        RETURNS TABLE (result bigint, subscription_id integer, period_start bigint) AS $$
      DECLARE
        s user_subscriptions%ROWTYPE;
        token_free bigint;
        token_unlimited boolean;
      BEGIN
        PERFORM 1 FROM users WHERE id = p_user FOR UPDATE;
        SELECT * INTO s FROM user_subscriptions u WHERE u.user_id = p_user AND u.status <> 'expired' AND u.starts_at <= p_now AND u.expires_at > p_now
         ORDER BY u.starts_at LIMIT 1 FOR UPDATE;
        IF FOUND THEN
          s := gw_roll_subscription(s.id, p_now);
          SELECT t.remain_quota - COALESCE((SELECT sum(h.amount) FROM quota_holds h WHERE h.token_id = p_token), 0), t.unlimited_quota
            INTO token_free, token_unlimited FROM tokens t WHERE t.id = p_token AND t.user_id = p_user FOR UPDATE;
          IF token_unlimited IS NULL THEN RETURN QUERY SELECT -1::bigint, 0, 0::bigint; RETURN; END IF;
          IF NOT token_unlimited AND token_free < p_quota THEN RETURN QUERY SELECT -2::bigint, 0, 0::bigint; RETURN; END IF;
          IF s.period_quota - s.period_used >= p_quota THEN
            UPDATE user_subscriptions SET period_used = period_used + p_quota WHERE id = s.id;
            IF NOT token_unlimited THEN UPDATE tokens SET remain_quota = remain_quota - p_quota WHERE id = p_token; END IF;
            INSERT INTO quota_reservations (instance_id, reservation_no, user_id, token_id, amount, created_at, subscription_id, period_start)
              VALUES (p_instance, p_reservation, p_user, p_token, p_quota, p_now, s.id, s.period_start);
            RETURN QUERY SELECT 0::bigint, s.id, s.period_start;
            RETURN;
          END IF;
          IF NOT p_fallback THEN RETURN QUERY SELECT -3::bigint, s.id, s.period_start; RETURN; END IF;
        END IF;
        RETURN QUERY SELECT gw_reserve_quota(p_user, p_token, p_quota, p_instance, p_reservation, 0, false, p_now, p_stale_after), 0, 0::bigint;
      END
      $$ LANGUAGE plpgsql`);

    // A plan-paid request settled at its cost. More than reserved: taken from the same period's
    // quota while it has some, the rest from the wallet when p_fallback allows (never below zero,
    // as gw_settle_quota), both at most what the token has left. Less than reserved: the rest
    // goes back to that period (nothing when the period has ended). The user's and the channel's
    // usage counters move by the whole charge. Returns the charge and the wallet's part of it.
    await queryRunner.query(`
      CREATE FUNCTION gw_settle_plan_quota(p_sub integer, p_period_start bigint, p_user integer, p_token integer, p_channel integer,
                                           p_reserved bigint, p_cost bigint, p_fallback boolean, p_now bigint)
        RETURNS TABLE (charged bigint, from_wallet bigint) AS $$
      DECLARE
        s user_subscriptions%ROWTYPE;
        same_period boolean;
        user_free bigint;
        token_free bigint;
        token_unlimited boolean;
        extra bigint := GREATEST(p_cost - p_reserved, 0);
        from_plan bigint := 0;
        wallet bigint := 0;
        back bigint := 0;
      BEGIN
        SELECT u.quota - COALESCE((SELECT sum(h.amount) FROM quota_holds h WHERE h.user_id = p_user), 0) INTO user_free FROM users u WHERE u.id = p_user FOR UPDATE;
        SELECT * INTO s FROM user_subscriptions u WHERE u.id = p_sub FOR UPDATE;
        same_period := FOUND AND s.period_start = p_period_start AND s.period_end > p_now;
        SELECT t.remain_quota - COALESCE((SELECT sum(h.amount) FROM quota_holds h WHERE h.token_id = p_token), 0), t.unlimited_quota
          INTO token_free, token_unlimited FROM tokens t WHERE t.id = p_token FOR UPDATE;
        IF token_unlimited IS FALSE THEN extra := LEAST(extra, GREATEST(token_free, 0)); END IF;
        IF same_period THEN
          from_plan := LEAST(extra, GREATEST(s.period_quota - s.period_used, 0));
          back := GREATEST(p_reserved - p_cost, 0);
          UPDATE user_subscriptions SET period_used = GREATEST(period_used + from_plan - back, 0), updated_at = p_now WHERE id = p_sub;
        END IF;
        IF p_fallback AND extra > from_plan THEN
          wallet := LEAST(extra - from_plan, GREATEST(COALESCE(user_free, 0), 0));
          UPDATE users SET quota = quota - wallet WHERE id = p_user;
        END IF;
        charged := p_reserved - back + from_plan + wallet;
        from_wallet := wallet;
        UPDATE users SET used_quota = used_quota + charged, request_count = request_count + 1 WHERE id = p_user;
        UPDATE tokens SET remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota - (charged - p_reserved) END,
                          used_quota = used_quota + charged, accessed_time = p_now
         WHERE id = p_token;
        UPDATE channels SET used_quota = used_quota + charged WHERE id = p_channel;
        RETURN NEXT;
      END
      $$ LANGUAGE plpgsql`);

    // As before (durable-reservations migration), but a reservation from a plan goes back to the
    // period that paid it (nothing when that period has ended) and to the token.
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION gw_refund_reservation(p_instance varchar, p_reservation bigint) RETURNS bigint AS $$
      DECLARE
        r quota_reservations%ROWTYPE;
      BEGIN
        SELECT * INTO r FROM quota_reservations WHERE instance_id = p_instance AND reservation_no = p_reservation;
        IF NOT FOUND THEN RETURN 0; END IF;
        PERFORM 1 FROM users WHERE id = r.user_id FOR UPDATE;
        DELETE FROM quota_reservations WHERE instance_id = p_instance AND reservation_no = p_reservation RETURNING * INTO r;
        IF NOT FOUND THEN RETURN 0; END IF;
        IF r.subscription_id > 0 THEN
          UPDATE user_subscriptions SET period_used = GREATEST(period_used - r.amount, 0)
           WHERE id = r.subscription_id AND period_start = r.period_start;
          UPDATE tokens SET remain_quota = remain_quota + r.amount WHERE id = r.token_id AND NOT unlimited_quota;
        ELSE
          PERFORM gw_refund_quota(r.user_id, r.token_id, r.amount);
        END IF;
        RETURN r.amount;
      END
      $$ LANGUAGE plpgsql`);

    // As before (durable-reservations migration), but a direct settlement of a plan reservation
    // (subscription_id set) is settled against that plan's period.
    await queryRunner.query(COMMIT_BILLING.replace('/*SETTLE*/', `
          IF COALESCE(s.subscription_id, 0) > 0 THEN
            SELECT p.charged, p.from_wallet INTO charged, from_wallet
              FROM gw_settle_plan_quota(s.subscription_id, s.period_start, s.user_id, s.token_id, s.channel_id, COALESCE(reserved, 0), s.cost,
                                        COALESCE(s.fallback, false), p_now) p;
            -- The wallet paid a part: the log row says how much, beside its pool.
            IF from_wallet > 0 AND s.log IS NOT NULL AND left(s.log->>'other', 1) = '{' THEN
              s.log := jsonb_set(s.log, '{other}', to_jsonb((((s.log->>'other')::jsonb) || jsonb_build_object('wallet_quota', from_wallet))::text));
            END IF;
          ELSE
            charged := gw_settle_quota(s.user_id, s.token_id, s.channel_id, COALESCE(reserved, 0), s.cost, p_now);
          END IF;`).replace('/*FIELDS*/', ', subscription_id integer, period_start bigint, fallback boolean'));

    // As before (topup-orders migration), but an order of a plan grants the plan instead of
    // crediting the wallet (its log row says so and moves no wallet quota), and a card order's
    // money is in dollars. p_via 'renewal': Stripe's invoice for the next period.
    await queryRunner.query(
      COMPLETE_ORDER.replace('/*CREDIT*/', `
        IF paid.plan_id > 0 THEN
          PERFORM gw_grant_subscription(paid.user_id, paid.plan_id, paid.quota, CASE WHEN paid.payment_method = 'stripe' THEN 'stripe' ELSE 'epay' END,
                                        paid.subscription_ref, p_now);
          SELECT username INTO payer FROM users WHERE id = paid.user_id;
          SELECT name INTO plan_name FROM subscription_plans WHERE id = paid.plan_id;
          money := format('%s.%s %s', paid.money_cents / 100, lpad((paid.money_cents % 100)::text, 2, '0'), CASE WHEN paid.currency = 'USD' THEN '美元' ELSE '元' END);
          INSERT INTO logs (created_at, type, user_id, username, quota, content)
            VALUES (p_now, 1, paid.user_id, payer, 0,
                    CASE p_via
                      WHEN 'admin' THEN format('管理员 %s 手动完成套餐订单 %s：套餐 %s（每周期额度 %s），支付金额 %s', p_by_name, paid.trade_no, plan_name, paid.quota, money)
                      WHEN 'reconcile' THEN format('购买套餐成功（对账补单）：套餐 %s（每周期额度 %s），支付金额 %s，订单号 %s', plan_name, paid.quota, money, paid.trade_no)
                      WHEN 'renewal' THEN format('套餐自动续费成功：套餐 %s（每周期额度 %s），支付金额 %s，订单号 %s', plan_name, paid.quota, money, paid.trade_no)
                      ELSE format('购买套餐成功：套餐 %s（每周期额度 %s），支付金额 %s，订单号 %s', plan_name, paid.quota, money, paid.trade_no)
                    END);
          RETURN QUERY SELECT 'ok'::text, paid.id;
          RETURN;
        END IF;`)
        // A card order is paid in dollars: the wallet's log row names the currency.
        .replace('/*MONEY*/', `money := money || CASE WHEN paid.currency = 'USD' THEN ' 美元' ELSE ' 元' END;`)
        .replaceAll('支付金额 %s 元', '支付金额 %s'),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(COMPLETE_ORDER.replace('/*CREDIT*/', '').replace('/*MONEY*/', ''));
    await queryRunner.query(COMMIT_BILLING.replace('/*SETTLE*/', 'charged := gw_settle_quota(s.user_id, s.token_id, s.channel_id, COALESCE(reserved, 0), s.cost, p_now);').replace('/*FIELDS*/', ''));
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION gw_refund_reservation(p_instance varchar, p_reservation bigint) RETURNS bigint AS $$
      DECLARE
        r quota_reservations%ROWTYPE;
      BEGIN
        SELECT * INTO r FROM quota_reservations WHERE instance_id = p_instance AND reservation_no = p_reservation;
        IF NOT FOUND THEN RETURN 0; END IF;
        PERFORM 1 FROM users WHERE id = r.user_id FOR UPDATE;
        DELETE FROM quota_reservations WHERE instance_id = p_instance AND reservation_no = p_reservation RETURNING * INTO r;
        IF NOT FOUND THEN RETURN 0; END IF;
        PERFORM gw_refund_quota(r.user_id, r.token_id, r.amount);
        RETURN r.amount;
      END
      $$ LANGUAGE plpgsql`);
    await queryRunner.query('DROP FUNCTION gw_settle_plan_quota(integer, bigint, integer, integer, integer, bigint, bigint, boolean, bigint)');
    await queryRunner.query('DROP FUNCTION gw_reserve_plan_quota(integer, integer, bigint, varchar, bigint, boolean, bigint, bigint)');
    await queryRunner.query('DROP FUNCTION gw_advance_subscriptions(integer, bigint)');
    await queryRunner.query('DROP FUNCTION gw_grant_subscription(integer, integer, bigint, varchar, varchar, bigint)');
    await queryRunner.query('DROP FUNCTION gw_roll_subscription(integer, bigint)');
    await queryRunner.query('DROP FUNCTION gw_period_bound(bigint, varchar, integer, integer)');
    await queryRunner.query(`ALTER TABLE "quota_reservations" DROP COLUMN "subscription_id", DROP COLUMN "period_start"`);
    await queryRunner.query(`DROP TABLE "stripe_events"`);
    await queryRunner.query(`DELETE FROM "topup_orders" WHERE "plan_id" > 0 OR "payment_method" = 'stripe'`);
    await queryRunner.query(`DROP INDEX "uq_topup_orders_external_id"`);
    await queryRunner.query(`ALTER TABLE "topup_orders" DROP COLUMN "currency", DROP COLUMN "external_id", DROP COLUMN "subscription_ref"`);
    await queryRunner.query(`ALTER TABLE "topup_orders" DROP CONSTRAINT "topup_orders_payment_method_check"`);
    await queryRunner.query(`ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_payment_method_check" CHECK ("payment_method" IN ('zfb', 'wx'))`);
    await queryRunner.query(`ALTER TABLE "topup_orders" DROP CONSTRAINT "topup_orders_amount_check"`);
    await queryRunner.query(`ALTER TABLE "topup_orders" DROP COLUMN "plan_id"`);
    await queryRunner.query(`ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_amount_check" CHECK ("amount" > 0)`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "subscribed_until"`);
    await queryRunner.query(`DROP TABLE "user_subscriptions"`);
  }
}

/** gw_commit_billing as the durable-reservations migration made it, with the settlement and the settlement's fields left open. */
const COMMIT_BILLING = `
  CREATE OR REPLACE FUNCTION gw_commit_billing(p_instance varchar, p_seq bigint, p_users integer[], p_tokens integer[], p_spent bigint[], p_requests integer[],
                                               p_released bigint[], p_channels integer[], p_channel_spent bigint[], p_direct jsonb, p_logs jsonb,
                                               p_now bigint, p_stale_after bigint) RETURNS integer AS $$
  DECLARE
    s record;
    reserved bigint;
    charged bigint;
    from_wallet bigint;
    logs jsonb := COALESCE(p_logs, '[]'::jsonb);
    holds_found integer;
    columns text;
  BEGIN
    INSERT INTO billing_batches (instance_id, seq, applied_at) VALUES (p_instance, p_seq, p_now) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN RETURN -1; END IF;
    DELETE FROM billing_batches WHERE instance_id = p_instance AND seq < p_seq;
    PERFORM 1 FROM users WHERE id IN (SELECT (d->>'user_id')::integer FROM jsonb_array_elements(COALESCE(p_direct, '[]'::jsonb)) d UNION SELECT unnest(p_users))
      ORDER BY id FOR UPDATE;
    PERFORM 1 FROM tokens WHERE id IN (SELECT (d->>'token_id')::integer FROM jsonb_array_elements(COALESCE(p_direct, '[]'::jsonb)) d UNION SELECT unnest(p_tokens))
      ORDER BY id FOR UPDATE;
    PERFORM 1 FROM channels WHERE id IN (SELECT (d->>'channel_id')::integer FROM jsonb_array_elements(COALESCE(p_direct, '[]'::jsonb)) d UNION SELECT unnest(p_channels))
      ORDER BY id FOR UPDATE;

    FOR s IN SELECT * FROM jsonb_to_recordset(COALESCE(p_direct, '[]'::jsonb))
               AS x(reservation_no bigint, user_id integer, token_id integer, channel_id integer, cost bigint, log jsonb /*FIELDS*/)
             ORDER BY user_id, token_id LOOP
      reserved := NULL;
      DELETE FROM quota_reservations WHERE instance_id = p_instance AND reservation_no = s.reservation_no RETURNING amount INTO reserved;
      /*SETTLE*/
      IF s.log IS NOT NULL THEN logs := logs || jsonb_build_array(jsonb_set(s.log, '{quota}', to_jsonb(charged))); END IF;
    END LOOP;

    holds_found := gw_flush_holds(p_instance, p_users, p_tokens, p_spent, p_requests, p_released, p_channels, p_channel_spent, p_now, p_stale_after);

    IF jsonb_array_length(logs) > 0 THEN
      SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) INTO columns
        FROM pg_attribute WHERE attrelid = 'logs'::regclass AND attnum > 0 AND NOT attisdropped AND attname <> 'id';
      EXECUTE format('INSERT INTO logs (%s) SELECT %s FROM jsonb_populate_recordset(NULL::logs, $1)', columns, columns) USING logs;
    END IF;
    RETURN holds_found;
  END
  $$ LANGUAGE plpgsql`;

/** gw_complete_topup_order as the topup-orders migration made it, with a place before the wallet is credited. */
const COMPLETE_ORDER = `
  CREATE OR REPLACE FUNCTION gw_complete_topup_order(p_trade_no varchar, p_upstream_trade_no varchar, p_money_cents bigint, p_method varchar,
                                                     p_via varchar, p_by integer, p_by_name varchar, p_now bigint)
    RETURNS TABLE (outcome text, order_id integer) AS $$
  DECLARE
    paid record;
    found_status varchar;
    payer varchar;
    money text;
    plan_name varchar;
  BEGIN
    UPDATE topup_orders
       SET status = 'paid', paid_at = p_now, upstream_trade_no = COALESCE(p_upstream_trade_no, ''),
           completed_via = p_via, completed_by = COALESCE(p_by, 0)
     WHERE trade_no = p_trade_no AND status IN ('pending', 'expired')
       AND (p_money_cents IS NULL OR money_cents = p_money_cents)
       AND (p_method IS NULL OR payment_method = p_method)
    RETURNING * INTO paid;
    IF NOT FOUND THEN
      SELECT status INTO found_status FROM topup_orders WHERE trade_no = p_trade_no;
      RETURN QUERY SELECT CASE WHEN found_status IS NULL THEN 'unknown' WHEN found_status = 'paid' THEN 'already_paid' ELSE 'mismatch' END::text,
                          NULL::integer;
      RETURN;
    END IF;
    /*CREDIT*/
    UPDATE users SET quota = quota + paid.quota WHERE id = paid.user_id RETURNING username INTO payer;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'top-up order % belongs to no user', p_trade_no;
    END IF;
    money := format('%s.%s', paid.money_cents / 100, lpad((paid.money_cents % 100)::text, 2, '0'));
    /*MONEY*/
    INSERT INTO logs (created_at, type, user_id, username, quota, content)
      VALUES (p_now, 1, paid.user_id, payer, paid.quota,
              CASE p_via
                WHEN 'admin' THEN format('管理员 %s 手动完成在线充值订单 %s：充值 %s 美元（额度 %s），支付金额 %s 元', p_by_name, paid.trade_no, paid.amount, paid.quota, money)
                WHEN 'reconcile' THEN format('在线充值成功（对账补单）：充值 %s 美元（额度 %s），支付金额 %s 元，订单号 %s', paid.amount, paid.quota, money, paid.trade_no)
                ELSE format('在线充值成功：充值 %s 美元（额度 %s），支付金额 %s 元，订单号 %s', paid.amount, paid.quota, money, paid.trade_no)
              END);
    RETURN QUERY SELECT 'ok'::text, paid.id;
  END
  $$ LANGUAGE plpgsql`;
