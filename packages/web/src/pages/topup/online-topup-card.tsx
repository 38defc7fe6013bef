import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Message, Radio, Spin, Typography } from '@arco-design/web-react';
import { MSG_ONLINE_TOPUP_DISABLED, minTopUpMessage, renderQuota, type OrderPaymentMethod } from '@gw/shared';
import { requestPayment, requestStripePayment } from '@/api/topup';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { payThroughCheckout, payThroughGateway } from './pay-form';
import { normalizeAmount, offeredMethod, paymentMethodOptions, type PayGateways } from './topup-view';
import { usePrice } from './use-price';

/** Under the methods while the card is chosen: what paying by it means. */
export const CARD_TOPUP_HINT = '通过 Stripe 使用银行卡（Visa、Mastercard 等）支付，以美元结算';

interface OnlineTopupCardProps {
  /** The gateways fully configured: Epay (alipay, wechat) and Stripe (card). */
  gateways: PayGateways;
  /** The least amount, in whole dollars (status.min_topup, at least 1). */
  min: number;
  display: QuotaDisplay;
}

/**
 * Online payment (spec 2 §2, §5, §7; issue 34): amount in whole dollars, the method (Epay's alipay
 * and wechat, a card through Stripe), its live price in the method's currency, pay.
 */
export function OnlineTopupCard({ gateways, min, display }: OnlineTopupCardProps) {
  const [amount, setAmount] = useState<number | undefined>(min);
  const [chosen, setChosen] = useState<OrderPaymentMethod>('zfb');
  const [topUpCode, setTopUpCode] = useState('');
  const [paying, setPaying] = useState(false);
  const options = paymentMethodOptions(gateways.epay, gateways.card);
  const method = offeredMethod(chosen, options);
  const enabled = method !== undefined;
  const byCard = method === 'stripe';
  const { price, loading } = usePrice(amount, min, method);

  const handlePay = async () => {
    if (method === undefined) {
      Message.error(MSG_ONLINE_TOPUP_DISABLED);
      return;
    }
    if (amount === undefined || amount < min) {
      Message.error(minTopUpMessage(min));
      return;
    }
    setPaying(true);
    // On success the button stays busy: this window is on its way to the gateway.
    const leaving =
      method === 'stripe' ? await payThroughCheckout(requestStripePayment(amount)) : await payThroughGateway(requestPayment(amount, method, topUpCode.trim()));
    if (!leaving) setPaying(false);
  };

  return (
    <Card title="在线充值" className="topup-card">
      {!enabled && <Alert type="warning" content={MSG_ONLINE_TOPUP_DISABLED} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" autoComplete="off" onSubmit={() => void handlePay()}>
        <Form.Item label="充值数量（美元）" extra={`最低充值 ${min} 美元，到账额度 ${renderQuota((amount ?? 0) * display.quotaPerUnit, display)}`}>
          <InputNumber
            aria-label="充值数量"
            precision={0}
            step={1}
            value={amount}
            disabled={!enabled}
            placeholder={`不小于 ${min}`}
            onChange={(value) => setAmount(normalizeAmount(value))}
          />
        </Form.Item>
        {enabled && (
          <Form.Item label="支付方式" extra={byCard ? CARD_TOPUP_HINT : undefined}>
            <Radio.Group type="button" value={method} onChange={(value: OrderPaymentMethod) => setChosen(value)} options={options} />
          </Form.Item>
        )}
        <Form.Item label="实付金额">
          <Spin loading={loading} size={14}>
            <Typography.Text bold className="topup-price" aria-label="实付金额">
              {price ?? '-'}
            </Typography.Text>
          </Spin>
        </Form.Item>
        {/* The spec's top_up_code: kept with an Epay order (a promotion or an agent's code), optional; card orders take none. */}
        {!byCard && (
          <Form.Item label="充值码（选填）">
            <Input aria-label="充值码" value={topUpCode} disabled={!enabled} maxLength={64} placeholder="有充值码时填写" onChange={setTopUpCode} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" long loading={paying}>
          立即支付
        </Button>
      </Form>
    </Card>
  );
}
