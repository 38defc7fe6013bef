import { OptionCard } from '../components/option-card';
import { OptionInput, OptionNumber, OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/** The monitor panel: how often channels are probed, the response-time limits and alerts. */
export function ChannelMonitorCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard
      title="渠道监控设置"
      form={form}
      keys={['MonitorInterval', 'RespTimeTooLongThreshold', 'AvgRespTimeThreshold', 'AlertWebHookUrl']}
    >
      <OptionNumber form={form} option="MonitorInterval" />
      <OptionNumber form={form} option="RespTimeTooLongThreshold" />
      <OptionNumber form={form} option="AvgRespTimeThreshold" />
      <OptionSwitch form={form} option="AlertEnabled" />
      <OptionInput form={form} option="AlertWebHookUrl" placeholder="例如：https://hooks.example.com/alert" />
    </OptionCard>
  );
}
