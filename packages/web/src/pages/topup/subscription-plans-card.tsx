import { Alert, Card, Descriptions, Grid, Typography } from '@arco-design/web-react';
import type { PlanView } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import { groupLabel, MSG_PURCHASE_SOON, periodLabel, planPrices } from '@/pages/plan/plan-view';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';

interface SubscriptionPlansCardProps {
  plans: PlanView[];
  display: QuotaDisplay;
}

function PlanItem({ plan, display }: { plan: PlanView; display: QuotaDisplay }) {
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
    </section>
  );
}

/** 订阅套餐: the plans on sale, read only until buying opens (issue 34's next step). */
export function SubscriptionPlansCard({ plans, display }: SubscriptionPlansCardProps) {
  return (
    <Card title="订阅套餐" className="topup-card">
      <Alert type="info" content={MSG_PURCHASE_SOON} style={{ marginBottom: 16 }} />
      <Grid.Row gutter={[16, 16]}>
        {plans.map((plan) => (
          <Grid.Col key={plan.id} xs={24} md={12} xl={8}>
            <PlanItem plan={plan} display={display} />
          </Grid.Col>
        ))}
      </Grid.Row>
    </Card>
  );
}
