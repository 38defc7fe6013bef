import { OptionCard } from '../components/option-card';
import { OptionNumber, OptionSwitch, OptionTextArea } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/** Automatic disabling and enabling of channels, and the relay's stream cache. */
export function MonitoringCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard
      title="监控设置"
      form={form}
      keys={['ChannelDisableThreshold', 'QuotaRemindThreshold', 'AutomaticDisableKeywords', 'StreamCacheQueueLength']}
    >
      <OptionNumber form={form} option="ChannelDisableThreshold" extra="渠道测试时超过此时间将自动禁用渠道" />
      <OptionNumber form={form} option="QuotaRemindThreshold" extra="低于此额度时将发送邮件提醒用户" />
      <OptionNumber form={form} option="StreamCacheQueueLength" />
      <OptionSwitch form={form} option="AutomaticDisableChannelEnabled" />
      <OptionSwitch form={form} option="AutomaticEnableChannelEnabled" />
      <OptionTextArea form={form} option="AutomaticDisableKeywords" placeholder="一行一个，不区分大小写" extra="上游返回的错误包含这些关键词时禁用渠道，一行一个" />
    </OptionCard>
  );
}
