import type { ReactNode } from 'react';
import type { DashboardCards } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';

function SummaryCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="dashboard-card" aria-label={label}>
      <div className="dashboard-card-label">{label}</div>
      <div className="dashboard-card-value">{children}</div>
    </section>
  );
}

/** 当前余额 (when one user is viewed), 消耗额度, 请求次数, 平均RPM and 平均TPM over the range. */
export function SummaryCards({ cards, display }: { cards: DashboardCards; display: QuotaDisplay }) {
  return (
    <div className="dashboard-cards">
      {cards.balance !== null && (
        <SummaryCard label="当前余额">
          <QuotaText quota={cards.balance} display={display} />
        </SummaryCard>
      )}
      <SummaryCard label="消耗额度">
        <QuotaText quota={cards.used_quota} display={display} />
      </SummaryCard>
      <SummaryCard label="请求次数">{cards.request_count.toLocaleString('zh-CN')}</SummaryCard>
      <SummaryCard label="平均RPM">{Number(cards.avg_rpm.toFixed(2))}</SummaryCard>
      <SummaryCard label="平均TPM">{Number(cards.avg_tpm.toFixed(2))}</SummaryCard>
    </div>
  );
}
