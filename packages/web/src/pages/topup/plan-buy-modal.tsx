import { useState } from 'react';
import { Alert, Descriptions, Form, Modal, Radio } from '@arco-design/web-react';
import type { OrderPaymentMethod, PlanView, SubscriptionView } from '@gw/shared';
import { payForPlan, payForPlanByCard } from '@/api/plans';
import { QuotaText } from '@/components/quota-text';
import { periodLabel } from '@/pages/plan/plan-view';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { payThroughCheckout, payThroughGateway } from './pay-form';
import { MSG_PLAN_CARD_AUTO_RENEW, PLAN_CARD_LABEL, canBuyByCard, canBuyByEpay, purchaseNote } from './subscription-view';
import { currencyOf, formatMoney, offeredMethod, paymentMethodOptions, type PayGateways } from './topup-view';

interface PlanBuyModalProps {
  plan: PlanView;
  gateways: PayGateways;
  /** The user's subscriptions: what buying the plan does beside starting it depends on them. */
  subscriptions: SubscriptionView[];
  display: QuotaDisplay;
  onClose: () => void;
}

/**
 * The confirmation of buying a plan: what it is, the method (one period through Epay, or a card
 * subscription Stripe renews each period), its price in that method's currency, then the gateway.
 */
export function PlanBuyModal({ plan, gateways, subscriptions, display, onClose }: PlanBuyModalProps) {
  const [chosen, setChosen] = useState<OrderPaymentMethod>('zfb');
  const [paying, setPaying] = useState(false);
  const options = paymentMethodOptions(canBuyByEpay(plan, gateways), canBuyByCard(plan, gateways), PLAN_CARD_LABEL);
  // The plan is only offered with a method: the first stands in should the gateways change meanwhile.
  const method = offeredMethod(chosen, options) ?? 'zfb';
  const byCard = method === 'stripe';
  const note = purchaseNote(plan, subscriptions, method);

  const handlePay = async () => {
    setPaying(true);
    // On success the button stays busy: this window is on its way to the gateway.
    const leaving = method === 'stripe' ? await payThroughCheckout(payForPlanByCard(plan.id)) : await payThroughGateway(payForPlan(plan.id, method));
    if (!leaving) setPaying(false);
  };

  return (
    <Modal
      title="购买套餐"
      visible
      okText="确认支付"
      confirmLoading={paying}
      onOk={() => void handlePay()}
      onCancel={onClose}
      className="topup-buy-modal"
    >
      <Descriptions
        column={1}
        size="small"
        data={[
          { label: '套餐', value: plan.name },
          { label: '周期', value: periodLabel(plan) },
          { label: '每周期额度', value: <QuotaText quota={plan.quota} display={display} /> },
          { label: '价格', value: <span className="topup-price">{formatMoney(byCard ? plan.price_usd : plan.price_cny, currencyOf(method))}</span> },
        ]}
      />
      <Form layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item label="支付方式" extra={byCard ? MSG_PLAN_CARD_AUTO_RENEW : undefined}>
          <Radio.Group type="button" value={method} onChange={(value: OrderPaymentMethod) => setChosen(value)} options={options} />
        </Form.Item>
      </Form>
      {note && <Alert type="info" content={note} />}
    </Modal>
  );
}
