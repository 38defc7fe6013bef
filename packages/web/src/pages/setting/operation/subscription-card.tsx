import { OptionCard } from '../components/option-card';
import { OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/** Subscriptions (issue 34): what a subscriber's calls do once the plan's period quota is used up. */
export function SubscriptionCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="订阅套餐设置" form={form}>
      <OptionSwitch
        form={form}
        option="SubscriptionWalletFallback"
        extra="订阅用户的调用先扣套餐本周期额度；开启时额度用完后从钱包余额扣费，关闭时拒绝调用，直到下个周期额度重置"
      />
    </OptionCard>
  );
}
