import { OptionCard } from '../components/option-card';
import { OptionInput, OptionNumber, OptionTextArea } from '../components/option-fields';
import { PAYMENT_OPTION_KEYS } from '../option-form';
import type { OptionsForm } from '../use-options-form';
import { StripeSection } from './stripe-section';

/** Online payment: Epay, and cards through Stripe. The server address must be set first: the callbacks are built from it. */
export function PaymentCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="支付设置" form={form} keys={PAYMENT_OPTION_KEYS} saveText="更新支付设置">
      <OptionInput form={form} option="PayAddress" placeholder="例如：https://yourdomain.com" />
      <OptionInput form={form} option="EpayId" placeholder="例如：0001" />
      <OptionInput form={form} option="EpayKey" />
      <OptionInput form={form} option="CustomCallbackAddress" placeholder="留空则使用服务器地址" />
      <OptionNumber form={form} option="Price" placeholder="例如：7.3" />
      <OptionNumber form={form} option="MinTopUp" placeholder="例如：1" />
      <OptionInput form={form} option="TopUpLink" placeholder="例如：发卡网站的购买链接" />
      <OptionTextArea form={form} option="TopupGroupRatio" placeholder="为一个 JSON 文本，键为组名称，值为倍率" rows={4} />
      <StripeSection form={form} />
    </OptionCard>
  );
}
