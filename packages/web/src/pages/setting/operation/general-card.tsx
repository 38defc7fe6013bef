import { OptionCard } from '../components/option-card';
import { OptionInput, OptionNumber, OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/** Display of quota, sidebar default, relay retries, the business contact and whether channels may call local addresses. */
export function GeneralCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="通用设置" form={form} keys={['QuotaPerUnit', 'RetryTimes', 'BusinessContact']}>
      <OptionNumber form={form} option="QuotaPerUnit" extra="一单位货币能兑换的额度" />
      <OptionNumber form={form} option="RetryTimes" />
      <OptionInput form={form} option="BusinessContact" placeholder="例如 bd@example.com" extra="登录页「联系我们」对话框中显示的商务联系方式（邮箱、电话或网址）" />
      <OptionSwitch form={form} option="DisplayInCurrencyEnabled" />
      <OptionSwitch form={form} option="DisplayTokenStatEnabled" />
      <OptionSwitch form={form} option="DefaultCollapseSidebar" />
      {/* Off by default so that channel addresses cannot probe this host or its network; docs/security.md "Outbound addresses". */}
      <OptionSwitch
        form={form}
        option="ChannelPrivateAddressEnabled"
        extra="默认关闭：渠道的代理地址及上游返回的图片地址不能访问本机（127.0.0.1、localhost）和内网地址。使用部署在本机或内网的模型服务（如 Ollama、vLLM）时打开此开关；链路本地和云元数据地址始终禁止访问。"
      />
    </OptionCard>
  );
}
