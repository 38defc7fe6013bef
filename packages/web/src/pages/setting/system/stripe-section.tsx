import { Divider, Form, Space, Typography } from '@arco-design/web-react';
import { STRIPE_WEBHOOK_PATH } from '@gw/shared';
import { OptionInput, OptionNumber } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/** The events the server handles (docs/console-api.md, Card payments): the webhook endpoint must send each of them. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.deleted',
] as const;

/**
 * 银行卡支付（Stripe）, a section of 支付设置 saved with it: the secret key, the webhook's signing
 * secret and the price, and the endpoint to create in Stripe's dashboard. The endpoint is built from
 * the saved server address, as the server builds Checkout's return addresses.
 */
export function StripeSection({ form }: { form: OptionsForm }) {
  const serverAddress = form.original.ServerAddress;
  return (
    <section aria-label="银行卡支付（Stripe）">
      <Divider />
      <Typography.Title heading={6}>银行卡支付（Stripe）</Typography.Title>
      <Typography.Paragraph type="secondary">
        填写 API 密钥与 Webhook 签名密钥后，用户可在钱包用银行卡充值和订阅套餐（以美元结算，套餐由 Stripe 每周期自动续费）
      </Typography.Paragraph>
      <OptionInput form={form} option="StripeApiSecret" extra="Stripe 控制台「开发者 → API 密钥」中的密钥（sk_live_… 或受限密钥 rk_…）" />
      <OptionInput form={form} option="StripeWebhookSecret" extra="创建下方 Webhook 端点后显示的签名密钥（whsec_…）" />
      <OptionNumber form={form} option="StripeUnitPrice" placeholder="例如：1" extra="每 1 美元额度收取的美元数，乘以充值分组倍率" />
      <Form.Item
        label="Webhook 地址"
        extra={
          <>
            需在 Stripe 控制台添加此端点，并订阅事件：
            <Space wrap size={4} className="setting-stripe-events">
              {STRIPE_WEBHOOK_EVENTS.map((event) => (
                <Typography.Text key={event} code>
                  {event}
                </Typography.Text>
              ))}
            </Space>
          </>
        }
      >
        {serverAddress ? (
          <Typography.Paragraph copyable code className="setting-stripe-webhook" aria-label="Stripe Webhook 地址">
            {`${serverAddress}${STRIPE_WEBHOOK_PATH}`}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="warning">请先填写并保存服务器地址：Webhook 地址由它生成</Typography.Text>
        )}
      </Form.Item>
    </section>
  );
}
