import { useState } from 'react';
import { Button, Card, Descriptions, Grid, Typography } from '@arco-design/web-react';
import type { PlanView, SubscriptionView } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import { groupLabel, periodLabel, planPrices } from '@/pages/plan/plan-view';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { PlanBuyModal } from './plan-buy-modal';
import { canBuy } from './subscription-view';
import type { PayGateways } from './topup-view';

interface SubscriptionPlansCardProps {
  plans: PlanView[];
  /** The user's subscriptions: what buying a plan will do depends on them. */
  subscriptions: SubscriptionView[];
  /** The gateways configured: Epay sells plans with a CNY price, Stripe those with a USD price. */
  gateways: PayGateways;
  display: QuotaDisplay;
}

interface PlanItemProps {
  plan: PlanView;
  display: QuotaDisplay;
  /** Absent when the plan cannot be bought here. */
  onBuy?: () => void;
}

function PlanItem({ plan, display, onBuy }: PlanItemProps) {
  return (
    <section className="topup-plan" aria-label={plan.name}>
      <Typography.Title heading={6} className="topup-plan-name">
        {plan.name}
      </Typography.Title>
      {plan.description && <Typography.Paragraph type="secondary">{plan.description}</Typography.Paragraph>}
      <Typography.Text bold className="topup-price">
        {planPrices(plan)}
      </Typography.Text>
      <Descriptions
        column={1}
        size="small"
        data={[
          { label: '周期', value: periodLabel(plan) },
          { label: '每周期额度', value: <QuotaText quota={plan.quota} display={display} /> },
          { label: '订阅分组', value: groupLabel(plan.group) },
        ]}
      />
      {onBuy && (
        <Button type="primary" long onClick={onBuy}>
          购买
        </Button>
      )}
    </section>
  );
}

/** 订阅套餐: the plans on sale; one is bought through Epay for its CNY price, or by card (Stripe) for its USD price. */
export function SubscriptionPlansCard({ plans, subscriptions, gateways, display }: SubscriptionPlansCardProps) {
  const [buying, setBuying] = useState<PlanView | null>(null);

  return (
    <Card title="订阅套餐" className="topup-card">
      <Grid.Row gutter={[16, 16]}>
        {plans.map((plan) => (
          <Grid.Col key={plan.id} xs={24} md={12} xl={8}>
            <PlanItem plan={plan} display={display} onBuy={canBuy(plan, gateways) ? () => setBuying(plan) : undefined} />
          </Grid.Col>
        ))}
      </Grid.Row>
      {buying && <PlanBuyModal plan={buying} gateways={gateways} subscriptions={subscriptions} display={display} onClose={() => setBuying(null)} />}
    </Card>
  );
}
