import { useState } from 'react';
import { Button, Card, Descriptions, Grid, Message, Popconfirm, Progress, Tag, Typography } from '@arco-design/web-react';
import { MSG_AUTO_RENEW_CANCELLED, type SubscriptionView } from '@gw/shared';
import { cancelAutoRenew } from '@/api/plans';
import { callReply } from '@/api/http';
import { QuotaText } from '@/components/quota-text';
import { formatTimestamp } from '@/lib/time';
import { groupLabel } from '@/pages/plan/plan-view';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { SUBSCRIPTION_PROVIDER_LABELS, autoRenewLabel, quotaLeftPercent, subscriptionStatusLook } from './subscription-view';

interface SubscriptionItemProps {
  subscription: SubscriptionView;
  display: QuotaDisplay;
  /** The subscription changed on the server (its renewals were stopped): the list is read again. */
  onChange: () => void;
}

/** 取消自动续费 for a card plan that still renews: after a confirmation, Stripe ends it with the period paid for. */
function CancelRenewal({ subscription, onChange }: Pick<SubscriptionItemProps, 'subscription' | 'onChange'>) {
  const [busy, setBusy] = useState(false);
  const handleCancel = async () => {
    setBusy(true);
    const reply = await callReply(cancelAutoRenew(subscription.id));
    setBusy(false);
    if (!reply) return;
    Message.success(reply.message || MSG_AUTO_RENEW_CANCELLED);
    onChange();
  };
  return (
    <Popconfirm title="确定取消自动续费吗？" content={`套餐可用至 ${formatTimestamp(subscription.expires_at)}，之后不再扣款`} onOk={() => void handleCancel()}>
      <Button size="small" loading={busy}>
        取消自动续费
      </Button>
    </Popconfirm>
  );
}

function SubscriptionItem({ subscription, display, onChange }: SubscriptionItemProps) {
  const look = subscriptionStatusLook(subscription.status);
  const renewing = subscription.provider === 'stripe' && subscription.auto_renew && subscription.status !== 'expired';
  return (
    <section className="topup-plan" aria-label={`订阅：${subscription.plan_name}`}>
      <div className="topup-subscription-head">
        <Typography.Title heading={6} className="topup-plan-name">
          {subscription.plan_name}
        </Typography.Title>
        <Tag color={look.color}>{look.label}</Tag>
      </div>
      <div className="topup-subscription-quota">
        <Typography.Text type="secondary">本周期剩余额度</Typography.Text>
        <span aria-label="本周期剩余额度">
          <QuotaText quota={subscription.quota_left} display={display} /> / <QuotaText quota={subscription.period_quota} display={display} />
        </span>
      </div>
      <Progress percent={quotaLeftPercent(subscription)} showText={false} />
      <Descriptions
        column={1}
        size="small"
        className="topup-subscription-details"
        data={[
          {
            label: '本周期',
            value: (
              <span className="topup-period">
                <span>{formatTimestamp(subscription.period_start)}</span> – <span>{formatTimestamp(subscription.period_end)}</span>
              </span>
            ),
          },
          { label: '到期时间', value: formatTimestamp(subscription.expires_at) },
          { label: '续订次数', value: subscription.renewals },
          { label: '分组', value: groupLabel(subscription.group) },
          { label: '支付方式', value: SUBSCRIPTION_PROVIDER_LABELS[subscription.provider] ?? subscription.provider },
          // Only a card plan renews by itself; an Epay plan is bought again by hand.
          ...(subscription.provider === 'stripe' ? [{ label: '自动续费', value: autoRenewLabel(subscription) }] : []),
        ]}
      />
      {renewing && <CancelRenewal subscription={subscription} onChange={onChange} />}
    </section>
  );
}

/** 我的订阅: each of the user's subscriptions with its status, the quota left this period, its dates and how it is paid. */
export function MySubscriptionsCard({ subscriptions, display, onChange }: { subscriptions: SubscriptionView[]; display: QuotaDisplay; onChange: () => void }) {
  return (
    <Card title="我的订阅" className="topup-card">
      <Grid.Row gutter={[16, 16]}>
        {subscriptions.map((subscription) => (
          <Grid.Col key={subscription.id} xs={24} md={12} xl={8}>
            <SubscriptionItem subscription={subscription} display={display} onChange={onChange} />
          </Grid.Col>
        ))}
      </Grid.Row>
    </Card>
  );
}
