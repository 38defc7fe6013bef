import { OptionCard } from '../components/option-card';
import { OptionNumber } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

export function QuotaCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="额度设置" form={form} keys={['QuotaForNewUser', 'PreConsumedQuota', 'QuotaForInviter', 'QuotaForInvitee']}>
      <OptionNumber form={form} option="QuotaForNewUser" placeholder="例如：100" />
      <OptionNumber form={form} option="PreConsumedQuota" placeholder="请求结束后多退少补" />
      <OptionNumber form={form} option="QuotaForInviter" placeholder="例如：2000" />
      <OptionNumber form={form} option="QuotaForInvitee" placeholder="例如：1000" />
    </OptionCard>
  );
}
