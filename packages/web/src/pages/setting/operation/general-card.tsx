import { OptionCard } from '../components/option-card';
import { OptionNumber, OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/** Display of quota, sidebar default, relay retries and whether channels may call local addresses. */
export function GeneralCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="通用设置" form={form} keys={['QuotaPerUnit', 'RetryTimes']}>
      <OptionNumber form={form} option="QuotaPerUnit" extra="一单位货币能兑换的额度" />
      <OptionNumber form={form} option="RetryTimes" />
      <OptionSwitch form={form} option="DisplayInCurrencyEnabled" />
      <OptionSwitch form={form} option="DisplayTokenStatEnabled" />
      <OptionSwitch form={form} option="DefaultCollapseSidebar" />
      {/* Local model servers (Ollama, vLLM) are common; docs/security.md "Outbound addresses". */}
      <OptionSwitch form={form} option="ChannelPrivateAddressEnabled" />
    </OptionCard>
  );
}
