import type { OptionKey } from '@gw/shared';
import { OptionCard } from '../components/option-card';
import { OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

const MJ_SWITCHES: readonly OptionKey[] = [
  'MjNotifyEnabled',
  'MjAccountFilterEnabled',
  'MjForwardUrlEnabled',
  'MjModeClearEnabled',
  'MjActionCheckSuccessEnabled',
];

export function MidjourneyCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="Midjourney 设置" form={form}>
      {MJ_SWITCHES.map((option) => (
        <OptionSwitch key={option} form={form} option={option} />
      ))}
    </OptionCard>
  );
}

export function DrawingCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="绘图设置" form={form}>
      <OptionSwitch form={form} option="DrawingEnabled" />
    </OptionCard>
  );
}
