import { Button, Card, Result, Spin } from '@arco-design/web-react';
import { renderQuota } from '@gw/shared';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { orderMoney, planOrderName } from './topup-view';
import { useOrderResult, type OrderResult as Outcome } from './use-order-result';

interface OrderResultProps {
  tradeNo: string;
  display: QuotaDisplay;
  onPaid: () => void;
  onClose: () => void;
}

function OutcomeView({ outcome, tradeNo, display }: { outcome: Outcome; tradeNo: string; display: QuotaDisplay }) {
  const orderLine = `订单号：${tradeNo}`;
  // The message, and under it the order number to quote when asking for help.
  const lines = (text: string) => (
    <>
      {text}
      <br />
      {orderLine}
    </>
  );
  switch (outcome.kind) {
    case 'loading':
      return <Result status={null} icon={<Spin size={32} />} title="正在查询订单…" subTitle={orderLine} />;
    case 'paid': {
      const plan = planOrderName(outcome.order);
      return plan === null ? (
        <Result
          status="success"
          title="充值成功"
          subTitle={lines(`${renderQuota(outcome.order.quota, display)} 已到账，实付 ${orderMoney(outcome.order)}`)}
        />
      ) : (
        <Result status="success" title="购买成功" subTitle={lines(`套餐「${plan}」已购买，实付 ${orderMoney(outcome.order)}，详见我的订阅`)} />
      );
    }
    case 'pending':
      return (
        <Result
          status="info"
          icon={outcome.polling ? <Spin size={32} /> : undefined}
          title="支付结果确认中"
          subTitle={
            lines(outcome.polling ? '正在等待支付平台确认，请稍候' : '暂未收到支付结果；如已付款，额度会在确认后自动到账，可在充值记录中查看')
          }
        />
      );
    case 'expired':
      return <Result status="warning" title="订单已过期" subTitle={lines('该订单未在有效期内完成支付')} />;
    case 'error':
      return <Result status="error" title="订单查询失败" subTitle={lines(outcome.message)} />;
  }
}

/** What the page shows when Epay or Stripe's Checkout sends the user back with ?trade_no=…: that order's result. */
export function OrderResult({ tradeNo, display, onPaid, onClose }: OrderResultProps) {
  const outcome = useOrderResult(tradeNo, onPaid);
  return (
    <Card className="topup-result" aria-label="支付结果">
      <OutcomeView outcome={outcome} tradeNo={tradeNo} display={display} />
      <div className="topup-result-actions">
        <Button onClick={onClose}>关闭</Button>
      </div>
    </Card>
  );
}
