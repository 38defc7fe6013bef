import { useState } from 'react';
import { Alert, Button, Card, Form, Input, InputNumber, Message, Radio, Spin, Typography } from '@arco-design/web-react';
import { MSG_ONLINE_TOPUP_DISABLED, minTopUpMessage, renderQuota, type PaymentMethod } from '@gw/shared';
import { callReply } from '@/api/http';
import { requestPayment } from '@/api/topup';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { submitPaymentForm } from './pay-form';
import { MSG_BAD_PAY_ADDRESS, PAYMENT_METHOD_OPTIONS, formatMoney, isWebAddress, normalizeAmount } from './topup-view';
import { usePrice } from './use-price';

interface OnlineTopupCardProps {
  /** status.enable_online_topup: the payment gateway is fully configured. */
  enabled: boolean;
  /** The least amount, in whole dollars (status.min_topup, at least 1). */
  min: number;
  display: QuotaDisplay;
}

/** Online payment through Epay (spec 2 §2, §5, §7): amount in whole dollars, its live price, the method, pay. */
export function OnlineTopupCard({ enabled, min, display }: OnlineTopupCardProps) {
  const [amount, setAmount] = useState<number | undefined>(min);
  const [method, setMethod] = useState<PaymentMethod>('zfb');
  const [topUpCode, setTopUpCode] = useState('');
  const [paying, setPaying] = useState(false);
  const { price, loading } = usePrice(amount, min, enabled);

  const handlePay = async () => {
    if (!enabled) {
      Message.error(MSG_ONLINE_TOPUP_DISABLED);
      return;
    }
    if (amount === undefined || amount < min) {
      Message.error(minTopUpMessage(min));
      return;
    }
    setPaying(true);
    const reply = await callReply(requestPayment(amount, method, topUpCode.trim()));
    if (!reply) {
      setPaying(false);
      return;
    }
    if (!isWebAddress(reply.url)) {
      setPaying(false);
      Message.error(MSG_BAD_PAY_ADDRESS);
      return;
    }
    // The button stays busy: this window is on its way to the gateway.
    submitPaymentForm(reply.url, reply.data);
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
        <Form.Item label="实付金额">
          <Spin loading={loading} size={14}>
            <Typography.Text bold className="topup-price" aria-label="实付金额">
              {price === null ? '-' : formatMoney(price)}
            </Typography.Text>
          </Spin>
        </Form.Item>
        {/* The spec's top_up_code: kept with the order (a promotion or an agent's code), optional. */}
        <Form.Item label="充值码（选填）">
          <Input aria-label="充值码" value={topUpCode} disabled={!enabled} maxLength={64} placeholder="有充值码时填写" onChange={setTopUpCode} />
        </Form.Item>
        <Form.Item label="支付方式">
          <Radio.Group type="button" value={method} disabled={!enabled} onChange={(value: PaymentMethod) => setMethod(value)} options={PAYMENT_METHOD_OPTIONS} />
        </Form.Item>
        <Button type="primary" htmlType="submit" long loading={paying}>
          立即支付
        </Button>
      </Form>
    </Card>
  );
}
