import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online top-up orders paid through Epay (issue 12). An order fixes, when it is made, what the user
 * pays (`money_cents`, in fen) and what they get (`quota`), so that a later change of Price or
 * QuotaPerUnit cannot change an order in flight. It turns paid exactly once, by the notify
 * callback, by reconciliation with Epay's order query, or by root by hand (`completed_via`):
 * all three go through gw_complete_topup_order, which marks the order paid, credits the user and
 * writes the top-up log row in one statement.
 */
export class TopupOrders1764820800000 implements MigrationInterface {
  name = 'TopupOrders1764820800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "topup_orders" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL,
        "trade_no" varchar(64) NOT NULL,
        "upstream_trade_no" varchar(64) NOT NULL DEFAULT '',
        "payment_method" varchar(8) NOT NULL CHECK ("payment_method" IN ('zfb', 'wx')),
        "amount" integer NOT NULL CHECK ("amount" > 0),
        "quota" bigint NOT NULL CHECK ("quota" > 0),
        "money_cents" bigint NOT NULL CHECK ("money_cents" > 0),
        "top_up_code" varchar(64) NOT NULL DEFAULT '',
        "status" varchar(16) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'paid', 'expired')),
        "created_at" bigint NOT NULL,
        "paid_at" bigint NOT NULL DEFAULT 0,
        "completed_via" varchar(16) NOT NULL DEFAULT '',
        "completed_by" integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_topup_orders_trade_no" ON "topup_orders" ("trade_no")`);
    // A user's history, newest first; the admin list by status; reconciliation's pending orders by age.
    await queryRunner.query(`CREATE INDEX "idx_topup_orders_user" ON "topup_orders" ("user_id", "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_topup_orders_status_created" ON "topup_orders" ("status", "created_at")`);
    // The one way an order is paid. A conditional UPDATE claims it (pending, or expired: a payment
    // Epay confirms after the order expired is still the user's money), so that of any number of
    // concurrent or repeated calls exactly one credits; the others find it paid. p_money_cents and
    // p_method, when not null, must equal the order's (what Epay says was paid, and how).
    // outcome: 'ok', 'already_paid', 'unknown' (no such trade number) or 'mismatch' (nothing changed).
    await queryRunner.query(`
      CREATE FUNCTION gw_complete_topup_order(p_trade_no varchar, p_upstream_trade_no varchar, p_money_cents bigint, p_method varchar,
                                              p_via varchar, p_by integer, p_by_name varchar, p_now bigint)
        RETURNS TABLE (outcome text, order_id integer) AS $$
      DECLARE
        paid record;
        found_status varchar;
        payer varchar;
        money text;
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
        UPDATE users SET quota = quota + paid.quota WHERE id = paid.user_id RETURNING username INTO payer;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'top-up order % belongs to no user', p_trade_no;
        END IF;
        money := format('%s.%s', paid.money_cents / 100, lpad((paid.money_cents % 100)::text, 2, '0'));
        INSERT INTO logs (created_at, type, user_id, username, quota, content)
          VALUES (p_now, 1, paid.user_id, payer, paid.quota,
                  CASE p_via
                    WHEN 'admin' THEN format('管理员 %s 手动完成在线充值订单 %s：充值 %s 美元（额度 %s），支付金额 %s 元', p_by_name, paid.trade_no, paid.amount, paid.quota, money)
                    WHEN 'reconcile' THEN format('在线充值成功（对账补单）：充值 %s 美元（额度 %s），支付金额 %s 元，订单号 %s', paid.amount, paid.quota, money, paid.trade_no)
                    ELSE format('在线充值成功：充值 %s 美元（额度 %s），支付金额 %s 元，订单号 %s', paid.amount, paid.quota, money, paid.trade_no)
                  END);
        RETURN QUERY SELECT 'ok'::text, paid.id;
      END
      $$ LANGUAGE plpgsql`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION gw_complete_topup_order(varchar, varchar, bigint, varchar, varchar, integer, varchar, bigint)');
    await queryRunner.query(`DROP TABLE "topup_orders"`);
  }
}
